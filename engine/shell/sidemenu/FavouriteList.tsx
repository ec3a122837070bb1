import { HolderOutlined, StarFilled } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Menu } from '@schemas/generated/menu';
import { Button, Empty, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { reorderFavourites } from '../../menu/menuStore';
import { sortableA11y } from '../../widgets/sortableA11y';
import { MenuIcon } from './MenuIcon';

interface Props {
  favourites: Menu[];
  activeMenuNo?: string;
  onOpen: (menu: Menu) => void;
  onUnstar: (menu: Menu) => void;
}

function FavouriteItem({
  menu,
  active,
  onOpen,
  onUnstar,
}: { menu: Menu; active: boolean } & Omit<Props, 'favourites' | 'activeMenuNo'>) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: menu.menuNo,
  });
  return (
    <li
      ref={setNodeRef}
      className={`favourites__item${active ? ' favourites__item--active' : ''}${isDragging ? ' favourites__item--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        className="favourites__handle"
        title={t('layout.dragToSort')}
        {...attributes}
        {...listeners}
        aria-label={`${t('layout.dragToSort')}: ${menu.menuName}`}
      >
        <HolderOutlined />
      </button>
      <button type="button" className="favourites__name" onClick={() => onOpen(menu)}>
        <MenuIcon name={menu.icon} />
        <span>{menu.menuName}</span>
      </button>
      <Tooltip title={t('layout.unstar')}>
        <Button
          type="text"
          size="small"
          className="favourites__star"
          icon={<StarFilled />}
          aria-label={`${t('layout.unstar')}: ${menu.menuName}`}
          onClick={() => onUnstar(menu)}
        />
      </Tooltip>
    </li>
  );
}

/** "My favourites": open, unstar, and drag (or keyboard) to reorder. */
export function FavouriteList({ favourites, activeMenuNo, onOpen, onUnstar }: Props) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  if (!favourites.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.noFavourites')} />;
  const ids = favourites.map((m) => m.menuNo);

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    reorderFavourites(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={sortableA11y(t, ids, (id) => favourites.find((m) => m.menuNo === id)?.menuName ?? id)}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className="favourites" aria-label={t('layout.favourites')}>
          {favourites.map((menu) => (
            <FavouriteItem
              key={menu.menuNo}
              menu={menu}
              active={menu.menuNo === activeMenuNo}
              onOpen={onOpen}
              onUnstar={onUnstar}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
