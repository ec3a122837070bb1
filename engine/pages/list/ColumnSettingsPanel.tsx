// The column settings' panel (ColumnSettings.tsx holds its button and popover): a row per column with
// its place, name, show and freeze-left switches and a drag handle, reordered with dnd-kit by pointer
// or keyboard (widgets/sortableA11y.ts); Reset goes back to the screen's columns.
import { HolderOutlined } from '@ant-design/icons';
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
import { Button, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { moveColumn } from '../../core/columnSettings';
import type { NormalisedColumn } from '../../screens/types';
import { sortableA11y } from '../../widgets/sortableA11y';

export interface ColumnSettingsPanelProps {
  columns: NormalisedColumn[];
  settings: ColumnSetting[];
  onChange: (settings: ColumnSetting[]) => void;
  onReset: () => void;
  /** Called once the panel is in the page (its first control may take the focus). */
  onShown: () => void;
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

/** The column settings' rows: #, name, show, freeze left, drag handle (dnd-kit, keyboard too). */
export function ColumnSettingsPanel({
  columns,
  settings,
  onChange,
  onReset,
  onShown,
}: ColumnSettingsPanelProps) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the panel first shows.
  useEffect(() => onShown(), []);
  const labels = new Map(columns.map((c) => [c.prop, t(c.labelKey)]));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = settings.findIndex((s) => s.prop === active.id);
    const to = settings.findIndex((s) => s.prop === over.id);
    if (from >= 0 && to >= 0) onChange(moveColumn(settings, from, to));
  };
  return (
    <>
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
    </>
  );
}
