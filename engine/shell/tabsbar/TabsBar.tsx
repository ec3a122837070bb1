import { CloseOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useActiveTabClicks, useDeveloperPropCopy } from '../../dev/useDeveloperFlag';
import type { VisitedTab } from '../../tabs/tabsModel';
import type { CloseKind } from '../../tabs/tabsStore';
import { useTabsBar } from './useTabsBar';

export function TabsBar({ currentTab }: { currentTab: VisitedTab | undefined }) {
  const { t } = useTranslation();
  const bar = useTabsBar(currentTab);
  const tabClicked = useActiveTabClicks(bar.routeName);
  useDeveloperPropCopy();

  const menuFor = (path: string): MenuProps => {
    const item = (kind: CloseKind, key: string) => ({
      key: kind,
      label: t(key),
      disabled: !bar.canClose(kind, path),
    });
    return {
      items: [
        { key: 'refresh', label: t('tabs.refresh'), icon: <ReloadOutlined /> },
        { type: 'divider' },
        { ...item('close', 'tabs.close'), icon: <CloseOutlined /> },
        item('others', 'tabs.closeOthers'),
        item('left', 'tabs.closeLeft'),
        item('right', 'tabs.closeRight'),
        item('all', 'tabs.closeAll'),
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        if (key === 'refresh') bar.refresh(path);
        else bar.close(key as CloseKind, path);
      },
    };
  };

  return (
    <div className="shell__tabs">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={bar.activePath}
        onChange={bar.open}
        onTabClick={(key) => tabClicked(key === bar.activePath)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') bar.close('close', key);
        }}
        items={bar.tabs.map((tab) => ({
          key: tab.path,
          closable: !tab.affix,
          label: (
            <Dropdown trigger={['contextMenu']} menu={menuFor(tab.path)}>
              <span data-tab-path={tab.path}>{tab.title}</span>
            </Dropdown>
          ),
        }))}
        tabBarExtraContent={{
          right: (
            <Dropdown trigger={['click']} menu={menuFor(bar.activePath)} placement="bottomRight">
              <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('tabs.closeOthers')} />
            </Dropdown>
          ),
        }}
      />
    </div>
  );
}
