import { SearchOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { Menu } from '@schemas/generated/menu';
import { App, Drawer, Empty, Input, type InputRef } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { menuStore } from '../../menu/menuStore';
import { searchMenus, visibleTree } from '../../menu/menuTree';
import { useStore } from '../../store/createStore';
import { MenuIcon } from '../sidemenu/MenuIcon';
import { useMenuActions } from '../sidemenu/useMenuActions';
import type { MenuSearch } from '../sidemenu/useMenuSearch';
import { panelSections } from './panelSections';

interface Props {
  open: boolean;
  onClose: () => void;
  search: MenuSearch;
}

export function MenuPanel({ open, onClose, search }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { tree, favourites } = useStore(menuStore);
  const actions = useMenuActions(() => message.warning(t('layout.noAddress')));
  const searchInput = useRef<InputRef>(null);
  const favouriteNos = useMemo(() => new Set(favourites.map((m) => m.menuNo)), [favourites]);
  const sections = useMemo(
    () => panelSections(searchMenus(visibleTree(tree), search.keyword), t('layout.allMenus')),
    [tree, search.keyword, t],
  );

  const entry = (menu: Menu) => {
    const starred = favouriteNos.has(menu.menuNo);
    return (
      <li key={menu.menuNo} className="menu-panel__entry">
        <button
          type="button"
          className="menu-panel__link"
          onClick={() => {
            onClose();
            actions.open(menu);
          }}
        >
          {menu.menuName}
        </button>
        <button
          type="button"
          className={`menu-panel__star${starred ? ' menu-panel__star--on' : ''}`}
          aria-label={t(starred ? 'layout.unstar' : 'layout.star')}
          title={t(starred ? 'layout.unstar' : 'layout.star')}
          onClick={() => actions.toggleFavourite(menu, starred)}
        >
          {starred ? <StarFilled /> : <StarOutlined />}
        </button>
      </li>
    );
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      width="min(1200px, 92vw)"
      title={t('layout.allMenus')}
      className="menu-panel"
      destroyOnHidden={false}
      // The drawer moves the focus to itself as it opens; the search takes it once it is open, so
      // Alt+C and typing filter the menus (and the search is where the focus goes every time, not only
      // the first). The last search stays, selected: typing replaces it, Enter or Tab keeps it.
      afterOpenChange={(opened) => {
        if (opened) searchInput.current?.focus({ cursor: 'all' });
      }}
      extra={
        <Input
          ref={searchInput}
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('layout.menuSearch')}
          value={search.value}
          onChange={(e) => search.setValue(e.target.value)}
          style={{ width: 280 }}
        />
      }
    >
      <p className="menu-panel__hint">{t('layout.menuPanelHint')}</p>
      {sections.length === 0 && <Empty description={t('layout.noMenus')} />}
      {sections.map((section) => (
        <section key={section.key} className="menu-panel__section">
          <h3>
            {section.icon && <MenuIcon name={section.icon} />} {section.title}
          </h3>
          <div className="menu-panel__blocks">
            {section.blocks.map((block) => (
              <div key={block.key} className="menu-panel__block">
                {block.title && <h4>{block.title}</h4>}
                <div className="menu-panel__columns">
                  {block.columns.map((column) => (
                    <ul key={column[0]?.menuNo} className="menu-panel__column">
                      {column.map(entry)}
                    </ul>
                  ))}
                </div>
              </div>
            ))}
          </div>
        </section>
      ))}
    </Drawer>
  );
}
