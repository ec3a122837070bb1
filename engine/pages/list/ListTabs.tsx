// The list's tabs (spec 000 section 2): name and count, the count capped at 9999+.
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NormalisedTabs } from '../../screens/searchExtras';
import { formatTabCount } from '../../screens/searchExtras';
import './searchExtras.css';

interface Props {
  tabs: NormalisedTabs;
  /** Key of the active tab; undefined when the condition matches no tab. */
  active?: string;
  counts: Record<string, number>;
  onSelect: (value: string) => void;
}

export function ListTabs({ tabs, active, counts, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <Tabs
      className="screen-list__tabs"
      aria-label={t('list.tabs')}
      size="small"
      activeKey={active ?? ''}
      onChange={onSelect}
      items={tabs.items.map((item) => ({
        key: item.key,
        label: (
          <span className="screen-list__tab" data-tab={item.key}>
            {t(item.labelKey)}
            {tabs.counts && counts[item.key] !== undefined && (
              <span className="screen-list__tab-count">{formatTabCount(counts[item.key])}</span>
            )}
          </span>
        ),
      }))}
    />
  );
}
