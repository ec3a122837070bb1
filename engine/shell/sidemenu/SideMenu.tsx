import { SearchOutlined } from '@ant-design/icons';
import { Menu as AntMenu, App, Input, Segmented, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../widgets/lazyPart';
import { toMenuItems } from './menuItems';
import { useMenuActions } from './useMenuActions';
import type { MenuSearch } from './useMenuSearch';
import { type SideTab, useSideMenu } from './useSideMenu';

/** The favourites tab, with dnd-kit for reordering: loaded when the tab is first chosen. */
const FavouriteList = lazyPart(() => import('./FavouriteList').then((m) => m.FavouriteList), <Spin />);

interface Props {
  collapsed: boolean;
  search: MenuSearch;
  activeMenuNo?: string;
}

export function SideMenu({ collapsed, search, activeMenuNo }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const side = useSideMenu(search.keyword, activeMenuNo);
  const actions = useMenuActions(() => message.warning(t('layout.noAddress')));
  const [openKeys, setOpenKeys] = useState<string[]>(side.ancestorKeys);
  const ancestorKey = side.ancestorKeys.join('|');

  // Opening a page from elsewhere (tab, favourite, link) unfolds its branch.
  useEffect(() => {
    if (!ancestorKey) return;
    setOpenKeys((keys) => Array.from(new Set([...keys, ...ancestorKey.split('|')])));
  }, [ancestorKey]);

  const items = toMenuItems(side.shown, {
    favourites: side.favouriteNos,
    onStar: actions.toggleFavourite,
    starLabel: (starred) => t(starred ? 'layout.unstar' : 'layout.star'),
  });

  const tree = (
    <AntMenu
      mode="inline"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={side.selectedKey ? [side.selectedKey] : []}
      openKeys={collapsed ? undefined : (side.searchingOpenKeys ?? openKeys)}
      onOpenChange={(keys) => setOpenKeys(keys as string[])}
      onClick={({ key }) => {
        const menu = side.find(String(key));
        if (menu) actions.open(menu);
      }}
    />
  );

  if (collapsed)
    return (
      <nav className="side-menu side-menu--collapsed" aria-label={t('layout.allMenus')}>
        {tree}
      </nav>
    );

  return (
    <nav className="side-menu" aria-label={t('layout.allMenus')}>
      <div className="side-menu__head">
        <Segmented<SideTab>
          block
          size="small"
          value={side.tab}
          onChange={side.setTab}
          options={[
            { value: 'all', label: t('layout.allMenus') },
            { value: 'favourites', label: t('layout.favourites') },
          ]}
        />
        {side.tab === 'all' && (
          <Input
            allowClear
            size="small"
            prefix={<SearchOutlined />}
            placeholder={t('layout.menuSearch')}
            aria-label={t('layout.menuSearch')}
            value={search.value}
            onChange={(e) => search.setValue(e.target.value)}
          />
        )}
      </div>
      <div className="side-menu__body">
        {side.tab === 'all' ? (
          side.shown.length ? (
            tree
          ) : (
            <p className="side-menu__empty">{t('layout.noMenus')}</p>
          )
        ) : (
          <FavouriteList
            favourites={side.favourites}
            activeMenuNo={side.selectedKey}
            onOpen={actions.open}
            onUnstar={(menu) => actions.toggleFavourite(menu, true)}
          />
        )}
      </div>
    </nav>
  );
}
