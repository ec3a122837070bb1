// The search bar's extras (spec 000 section 2): the type-filter button group, the page-mode switch and
// the removable screening-condition chips. Views only: the list controller holds the rules.
import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarsOutlined,
  GlobalOutlined,
  ProfileOutlined,
  TableOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Radio, Segmented, Tag, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { NormalisedPageMode, NormalisedTypeFilter, PageModeIcon } from '../../screens/searchExtras';
import type { NormalisedList } from '../../screens/types';
import type { SearchChip } from './chips';
import type { ListController, ListState } from './listController';
import './searchExtras.css';

const ALL = '__all__';

export function TypeFilter({
  filter,
  value,
  onChange,
}: {
  filter: NormalisedTypeFilter;
  value?: string;
  onChange: (value: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      className="screen-list__type-filter"
      aria-label={t('list.typeFilter')}
      size="small"
      optionType="button"
      buttonStyle="solid"
      value={value ?? ALL}
      onChange={(e) => onChange(e.target.value === ALL ? undefined : String(e.target.value))}
      options={[
        { value: ALL, label: t(filter.allLabelKey) },
        ...filter.options.map((o) => ({ value: o.value, label: t(o.labelKey) })),
      ]}
    />
  );
}

const ICONS: Record<PageModeIcon, ReactNode> = {
  table: <TableOutlined />,
  unorderedList: <BarsOutlined />,
  appstore: <AppstoreOutlined />,
  apartment: <ApartmentOutlined />,
  global: <GlobalOutlined />,
  team: <TeamOutlined />,
  profile: <ProfileOutlined />,
};

export function PageModeSwitch({
  pageMode,
  value,
  onChange,
}: {
  pageMode: NormalisedPageMode;
  value: 0 | 1;
  onChange: (mode: 0 | 1) => void;
}) {
  const { t } = useTranslation();
  return (
    <Segmented
      className="screen-list__page-mode"
      aria-label={t('list.pageMode')}
      size="small"
      value={value}
      onChange={(v) => onChange(Number(v) as 0 | 1)}
      options={pageMode.modes.map((m) => ({
        value: m.value,
        label: (
          <Tooltip title={t(m.labelKey)} mouseEnterDelay={0.05}>
            <span data-mode={m.value} role="img" aria-label={t(m.labelKey)}>
              {ICONS[m.icon]}
            </span>
          </Tooltip>
        ),
      }))}
    />
  );
}

export function ConditionChips({
  chips,
  onRemove,
}: {
  chips: SearchChip[];
  onRemove: (prop: string) => void;
}) {
  const { t } = useTranslation();
  if (!chips.length) return null;
  return (
    <fieldset className="screen-list__chips" aria-label={t('list.conditions')}>
      {chips.map((chip) => {
        const label = t(chip.labelKey);
        const value = chip.valueKeys
          ? chip.valueKeys.map((k) => t(k, chip.valueParams ?? {})).join(', ')
          : chip.text;
        return (
          <Tag
            key={chip.prop}
            data-prop={chip.prop}
            className="screen-list__chip"
            closable
            closeIcon={
              <span role="img" aria-label={t('list.removeCondition', { label })}>
                ×
              </span>
            }
            onClose={(e) => {
              e.preventDefault();
              onRemove(chip.prop);
            }}
          >
            {label}: {value}
          </Tag>
        );
      })}
    </fieldset>
  );
}

/**
 * The row under the search bar: the condition chips on the left, the type filter and the page-mode
 * switch on the right. Nothing when the page has none of them.
 */
export function SearchExtrasRow({
  list,
  state,
  controller,
}: {
  list: NormalisedList;
  state: ListState;
  controller: ListController;
}) {
  if (!state.chips.length && !list.typeFilter && !list.pageMode) return null;
  return (
    <div className="screen-list__extras">
      <ConditionChips chips={state.chips} onRemove={(p) => void controller.removeChip(p)} />
      <div className="screen-list__extras-right">
        {list.typeFilter && (
          <TypeFilter
            filter={list.typeFilter}
            value={state.typeValue}
            onChange={(v) => void controller.setTypeFilter(v)}
          />
        )}
        {list.pageMode && (
          <PageModeSwitch
            pageMode={list.pageMode}
            value={state.pageMode}
            onChange={(m) => void controller.setPageMode(m)}
          />
        )}
      </div>
    </div>
  );
}
