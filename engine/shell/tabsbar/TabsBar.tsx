import { CloseOutlined, DownOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMemoizedFn } from 'ahooks';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveTabClicks, useDeveloperPropCopy } from '../../dev/useDeveloperFlag';
import type { VisitedTab } from '../../tabs/tabsModel';
import type { CloseKind } from '../../tabs/tabsStore';
import { useTabsBar } from './useTabsBar';

const CLOSED_MENU: MenuProps = { items: [] };

/**
 * A tab's title with its context menu. The menu is built when it opens (what may be closed depends on
 * every tab), so the label renders again only when its own title changes or its menu opens, not for
 * every navigation or every tab added.
 */
const TabLabel = memo(function TabLabel({
  path,
  title,
  menuFor,
}: {
  path: string;
  title: string;
  menuFor: (path: string) => MenuProps;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      trigger={['contextMenu']}
      open={open}
      onOpenChange={setOpen}
      menu={open ? menuFor(path) : CLOSED_MENU}
    >
      <span data-tab-path={path}>{title}</span>
    </Dropdown>
  );
});

export function TabsBar({ currentTab }: { currentTab: VisitedTab | undefined }) {
  const { t } = useTranslation();
  const bar = useTabsBar(currentTab);
  const tabClicked = useActiveTabClicks(bar.routeName);
  useDeveloperPropCopy();

  // One function for the whole life of the bar (each label keeps it), reading the bar as it is now.
  const menuFor = useMemoizedFn((path: string): MenuProps => {
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
  });

  // A tab list holds tabs only. antd makes its whole bar the tab list, with the "more tabs" button of
  // an overflowing bar inside; the list of tabs itself takes the role instead. The tab menu's button
  // stands beside the bar.
  const navRef = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const bar = navRef.current?.querySelector('.ant-tabs-nav');
    const list = bar?.querySelector('.ant-tabs-nav-list');
    if (!bar || !list || list.getAttribute('role') === 'tablist') return;
    list.setAttribute('role', 'tablist');
    list.setAttribute('aria-orientation', 'horizontal');
    bar.removeAttribute('role');
    bar.removeAttribute('aria-orientation');
  });
  return (
    <nav className="shell__tabs" aria-label={t('a11y.visitedTabs')} ref={navRef}>
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
          label: <TabLabel path={tab.path} title={tab.title} menuFor={menuFor} />,
        }))}
      />
      <Dropdown trigger={['click']} menu={menuFor(bar.activePath)} placement="bottomRight">
        <Button
          type="text"
          size="small"
          className="shell__tabs-menu"
          icon={<DownOutlined />}
          aria-label={t('a11y.tabActions')}
        />
      </Dropdown>
    </nav>
  );
}
