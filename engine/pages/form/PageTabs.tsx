// Tabs of a form or detail page: every tab's pane is rendered from the start and kept (its fields are
// validated and sent whether or not it is shown); a tab holding a field with an error shows a marker
// with the count, so an error on a hidden tab can be seen.
import { observer } from '@formily/react';
import { Badge, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageTab } from './tabs';

export const PageTabs = observer(function PageTabs({
  tabs,
  active,
  onChange,
  errors,
  render,
}: {
  tabs: PageTab[];
  active: string | undefined;
  onChange: (key: string) => void;
  /** Errors per tab key; read here, so the markers follow the form's validation. */
  errors?: () => Record<string, number>;
  render: (tab: PageTab) => ReactNode;
}) {
  const { t } = useTranslation();
  const counts = errors?.() ?? {};
  return (
    <Tabs
      className="screen-form__tabs"
      activeKey={active}
      onChange={onChange}
      items={tabs.map((tab) => {
        const n = counts[tab.key] ?? 0;
        return {
          key: tab.key,
          forceRender: true,
          label: (
            <span
              data-tab={tab.key}
              data-tab-errors={n || undefined}
              className={n ? 'screen-form__tab--error' : undefined}
            >
              {t(tab.titleKey)}
              {n > 0 && (
                <Badge
                  className="screen-form__tab-marker"
                  count={n}
                  size="small"
                  title={t('form.tabErrors', { count: n })}
                />
              )}
            </span>
          ),
          children: render(tab),
        };
      })}
    />
  );
});
