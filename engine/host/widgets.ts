// Fills the one widget registry (widgets/registry.ts) with every built-in widget: the field adapters,
// the selector widgets, the editable table (a page kind's own view) and upload. Each is registered as a
// lazy widget (lazyWidget.tsx): its code is downloaded when a page first needs it, so a route loads the
// widgets its screen uses and no others. The host imports this file before it renders a page kind, so
// SchemaField finds every name the moment it first renders, and loads a screen's widgets before it
// renders a form or detail page (preloadWidgets).
import { WIDGET_KINDS, type WidgetName } from '../screens/widgetKinds';
import type { Widget } from '../widgets/registry';
import { widgets } from '../widgets/registry';
import { type LazyWidget, lazyWidget } from './lazyWidget';
import './host.css';

/** The field adapters over antd's inputs (one file: input, number, select, dates, checkbox, ...). */
const adapters = () => import('../widgets/adapters');
const selectors = () => import('./selectorWidgets');

const loaders: Record<WidgetName, () => Promise<Widget>> = {
  input: () => adapters().then((m) => m.InputWidget),
  textarea: () => adapters().then((m) => m.TextAreaWidget),
  number: () => adapters().then((m) => m.NumberWidget),
  decimal: () => import('../widgets/DecimalInput').then((m) => m.DecimalWidget),
  select: () => adapters().then((m) => m.SelectWidget),
  date: () => adapters().then((m) => m.DateWidget),
  datetime: () => adapters().then((m) => m.DateTimeWidget),
  checkbox: () => adapters().then((m) => m.CheckboxWidget),
  // Several choices kept as one string of their values (a custom field's displayPage, "123").
  digitCheckboxes: () => import('../widgets/DigitCheckboxes').then((m) => m.DigitCheckboxesWidget),
  password: () => adapters().then((m) => m.PasswordWidget),
  dateRange: () => adapters().then((m) => m.DateRangeWidget),
  editableTable: () => import('../pages/editableTable/EditableTable').then((m) => m.EditableTable),
  // Read-pretty selectors show the names of their codes (engine/selectors/labels.ts).
  remoteSelect: () => selectors().then((m) => m.RemoteSelectWidget),
  userPicker: () => selectors().then((m) => m.UserPickerWidget),
  i18nNames: () => import('../widgets/I18nNames').then((m) => m.I18nNames),
  menuPermissionTree: () => import('../widgets/MenuPermissionTree').then((m) => m.MenuPermissionTree),
  upload: () => import('../widgets/upload/FileUpload').then((m) => m.FileUpload),
  itemPicker: () => selectors().then((m) => m.ItemPickerWidget),
  // A row's document status: its tag from the declaration the editable table loaded (its `define`).
  state: () => import('../widgets/StateTag').then((m) => m.StateTag),
  // A list search's date preset: the last N days or all (engine/screens/datePreset.ts).
  datePreset: () => import('../widgets/DatePreset').then((m) => m.DatePresetWidget),
  // An announcement's rich text (HTML cleaned by the server) with a preview.
  richText: () => import('../widgets/richText/RichTextEditor').then((m) => m.RichTextWidget),
  // Steps of a path (an order line's tracking) as a timeline, read-only.
  timeline: () => import('../widgets/StepTimeline').then((m) => m.StepTimeline),
};

const builtIn = new Map<WidgetName, LazyWidget>();
for (const name of Object.keys(WIDGET_KINDS) as WidgetName[]) {
  const widget = lazyWidget(name, loaders[name]);
  builtIn.set(name, widget);
  widgets.register(name, widget.Widget);
}

/** Every widget name a (normalised) screen names anywhere: its fields, columns, dialogs and tables. */
export function screenWidgets(screen: unknown): WidgetName[] {
  const found = new Set<WidgetName>();
  const seen = new WeakSet<object>();
  const walk = (value: unknown) => {
    if (!value || typeof value !== 'object' || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) for (const item of value) walk(item);
    else
      for (const [key, item] of Object.entries(value)) {
        if (key === 'widget' && typeof item === 'string' && builtIn.has(item as WidgetName))
          found.add(item as WidgetName);
        else walk(item);
      }
  };
  walk(screen);
  return [...found];
}

/** Loads these widgets' code; resolves when every one of them can render at once. */
export function preloadWidgets(names: Iterable<WidgetName>): Promise<void> {
  return Promise.all([...names].map((name) => builtIn.get(name)?.load())).then(() => undefined);
}
