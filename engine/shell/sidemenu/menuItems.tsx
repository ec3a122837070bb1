import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { Menu } from '@schemas/generated/menu';
import type { MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { MenuIcon } from './MenuIcon';

type Item = Required<MenuProps>['items'][number];

interface Options {
  favourites: ReadonlySet<string>;
  onStar: (menu: Menu, starred: boolean) => void;
  starLabel: (starred: boolean) => string;
}

function label(menu: Menu, { favourites, onStar, starLabel }: Options): ReactNode {
  if (menu.menuType === 'group') return menu.menuName;
  const starred = favourites.has(menu.menuNo);
  return (
    <span className="side-menu__label">
      <span className="side-menu__name">{menu.menuName}</span>
      <button
        type="button"
        className={`side-menu__star${starred ? ' side-menu__star--on' : ''}`}
        title={starLabel(starred)}
        aria-label={starLabel(starred)}
        onClick={(event) => {
          event.stopPropagation();
          onStar(menu, starred);
        }}
      >
        {starred ? <StarFilled /> : <StarOutlined />}
      </button>
    </span>
  );
}

/** antd Menu items for a (visible, possibly filtered) menu tree, keyed by menuNo. */
export function toMenuItems(tree: readonly Menu[], options: Options): Item[] {
  return tree.map((menu) =>
    menu.menuType === 'group'
      ? {
          key: menu.menuNo,
          icon: menu.menuLevel <= 1 ? <MenuIcon name={menu.icon} /> : undefined,
          label: label(menu, options),
          children: toMenuItems(menu.children, options),
        }
      : {
          key: menu.menuNo,
          icon: menu.menuLevel <= 1 ? <MenuIcon name={menu.icon} /> : undefined,
          label: label(menu, options),
        },
  );
}
