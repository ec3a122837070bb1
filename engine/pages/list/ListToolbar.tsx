import { Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NormalisedAction } from '../../screens/types';
import type { Toolbar } from './toolbar';

export function ListToolbar({
  toolbar,
  running,
  onRun,
}: {
  toolbar: Toolbar;
  running?: string;
  onRun: (action: NormalisedAction) => void;
}) {
  const { t } = useTranslation();
  if (!toolbar.visible) return null;
  return (
    <Space wrap className="screen-list__toolbar">
      {toolbar.buttons.map(({ action, disabled, reasonKey }, i) => {
        const button = (
          <Button
            key={action.key}
            type={i === 0 && action.kind === 'add' ? 'primary' : 'default'}
            danger={action.danger}
            disabled={disabled}
            loading={running === action.key}
            onClick={() => onRun(action)}
            data-action={action.kind}
          >
            {t(action.labelKey)}
          </Button>
        );
        // A disabled button swallows pointer events, so the tooltip hangs on a wrapper.
        return disabled && reasonKey ? (
          <Tooltip key={action.key} title={t(reasonKey)} mouseEnterDelay={0.05}>
            <span className="screen-list__disabled">{button}</span>
          </Tooltip>
        ) : (
          button
        );
      })}
    </Space>
  );
}
