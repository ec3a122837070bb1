import { HolderOutlined, SettingOutlined } from '@ant-design/icons';
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
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import type { ColumnSetting } from '@schemas/generated/list-view';
import { Button, Popover, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveColumn } from '../../core/columnSettings';
import type { NormalisedColumn } from '../../screens/types';
import { usePopoverFocus } from '../../widgets/popoverFocus';
import { sortableA11y } from '../../widgets/sortableA11y';

interface Props {
  columns: NormalisedColumn[];
  settings: ColumnSetting[];
  onChange: (settings: ColumnSetting[]) => void;
  onReset: () => void;
}

function Row({
  setting,
  index,
  label,
  onPatch,
}: {
  setting: ColumnSetting;
  index: number;
  label: string;
  onPatch: (patch: Partial<ColumnSetting>) => void;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id: setting.prop });
  return (
    <div
      ref={setNodeRef}
      className="column-settings__row"
      data-prop={setting.prop}
      style={{
        transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
        transition,
      }}
    >
      <span className="column-settings__index">{index + 1}</span>
      <span className="column-settings__name">{label}</span>
      <Switch
        size="small"
        className="column-settings__show"
        aria-label={`${t('list.columns.show')}: ${label}`}
        checked={setting.isShow}
        onChange={(isShow) => onPatch({ isShow })}
      />
      <Switch
        size="small"
        className="column-settings__fixed"
        aria-label={`${t('list.columns.fixed')}: ${label}`}
        checked={setting.fixed === 'left'}
        onChange={(on) => onPatch({ fixed: on ? 'left' : 'none' })}
      />
      <button
        type="button"
        {...attributes}
        {...listeners}
        className="column-settings__handle"
        aria-label={`${t('list.columns.drag')}: ${label}`}
      >
        <HolderOutlined />
      </button>
    </div>
  );
}

/** Column-setting popover (spec 000 section 2): 380 by 393; #, name, show, freeze left, drag handle. */
export function ColumnSettings({ columns, settings, onChange, onReset }: Props) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const labels = new Map(columns.map((c) => [c.prop, t(c.labelKey)]));
  const [open, setOpen] = useState(false);
  const focus = usePopoverFocus<HTMLButtonElement>('.column-settings', () => setOpen(false));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = settings.findIndex((s) => s.prop === active.id);
    const to = settings.findIndex((s) => s.prop === over.id);
    if (from >= 0 && to >= 0) onChange(moveColumn(settings, from, to));
  };
  const content = (
    <div
      className="column-settings"
      role="dialog"
      aria-label={t('list.columns.title')}
      style={{ width: 380, height: 393 }}
      onKeyDown={focus.onKeyDown}
    >
      <div className="column-settings__row column-settings__head" aria-hidden>
        <span className="column-settings__index">#</span>
        <span className="column-settings__name">{t('list.columns.name')}</span>
        <span>{t('list.columns.show')}</span>
        <span>{t('list.columns.fixed')}</span>
        <span />
      </div>
      <div className="column-settings__body">
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={sortableA11y(
            t,
            settings.map((s) => s.prop),
            (prop) => labels.get(prop) ?? prop,
          )}
        >
          <SortableContext items={settings.map((s) => s.prop)} strategy={verticalListSortingStrategy}>
            {settings.map((s, i) => (
              <Row
                key={s.prop}
                setting={s}
                index={i}
                label={labels.get(s.prop) ?? s.prop}
                onPatch={(patch) =>
                  onChange(settings.map((x) => (x.prop === s.prop ? { ...x, ...patch } : x)))
                }
              />
            ))}
          </SortableContext>
        </DndContext>
      </div>
      <div className="column-settings__foot">
        <Button size="small" onClick={onReset}>
          {t('list.columns.reset')}
        </Button>
      </div>
    </div>
  );
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('list.columns.title')}
      content={content}
      open={open}
      onOpenChange={setOpen}
      afterOpenChange={focus.afterOpenChange}
    >
      <Button
        ref={focus.trigger}
        className="column-settings__open"
        icon={<SettingOutlined />}
        aria-label={t('list.columns.title')}
      />
    </Popover>
  );
}
