// The list's column settings (spec 000 section 2): a button whose popover, 380 by 393, holds the
// panel (ColumnSettingsPanel.tsx, with dnd-kit), loaded when the popover first opens.
import { SettingOutlined } from '@ant-design/icons';
import type { ColumnSetting } from '@schemas/generated/list-view';
import { Button, Popover, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NormalisedColumn } from '../../screens/types';
import { lazyPart } from '../../widgets/lazyPart';
import { usePopoverFocus } from '../../widgets/popoverFocus';

const ColumnSettingsPanel = lazyPart(
  () => import('./ColumnSettingsPanel').then((m) => m.ColumnSettingsPanel),
  <Spin className="column-settings__loading" />,
);

interface Props {
  columns: NormalisedColumn[];
  settings: ColumnSetting[];
  onChange: (settings: ColumnSetting[]) => void;
  onReset: () => void;
}

/** Column-setting popover (spec 000 section 2): 380 by 393; #, name, show, freeze left, drag handle. */
export function ColumnSettings({ columns, settings, onChange, onReset }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const focus = usePopoverFocus<HTMLButtonElement>('.column-settings', () => setOpen(false));
  const content = (
    <div
      className="column-settings"
      role="dialog"
      aria-label={t('list.columns.title')}
      style={{ width: 380, height: 393 }}
      onKeyDown={focus.onKeyDown}
    >
      <ColumnSettingsPanel
        columns={columns}
        settings={settings}
        onChange={onChange}
        onReset={onReset}
        onShown={() => focus.afterOpenChange(true)}
      />
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('list.columns.title')}
      content={content}
      open={open}
      onOpenChange={setOpen}
      afterOpenChange={focus.afterOpenChange}
    >
      <Button
        ref={focus.trigger}
        className="column-settings__open"
        icon={<SettingOutlined />}
        aria-label={t('list.columns.title')}
        onPointerEnter={ColumnSettingsPanel.preload}
        onFocus={ColumnSettingsPanel.preload}
      />
    </Popover>
  );
}
