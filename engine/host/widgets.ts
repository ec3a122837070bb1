// Fills the one widget registry (widgets/registry.ts) with every built-in widget: the field adapters,
// the selector widgets, the editable table (a page kind's own view) and upload. The host imports it
// before it renders a page kind, so SchemaField finds every widget the moment it first renders.
import { connect, mapReadPretty } from '@formily/react';
import { EditableTable } from '../pages/editableTable/EditableTable';
import { WIDGET_KINDS, type WidgetName } from '../screens/widgetKinds';
import { ItemPicker } from '../selectors/ItemPicker';
import { RemoteSelect, SelectorText } from '../selectors/RemoteSelect';
import { UserPicker } from '../selectors/UserPicker';
import {
  CheckboxWidget,
  DateRangeWidget,
  DateTimeWidget,
  DateWidget,
  InputWidget,
  NumberWidget,
  PasswordWidget,
  SelectWidget,
  TextAreaWidget,
} from '../widgets/adapters';
import { DatePresetWidget } from '../widgets/DatePreset';
import { DecimalWidget } from '../widgets/DecimalInput';
import { I18nNames } from '../widgets/I18nNames';
import { MenuPermissionTree } from '../widgets/MenuPermissionTree';
import { type Widget, widgets } from '../widgets/registry';
import { RichTextWidget } from '../widgets/richText/RichTextEditor';
import { StateTag } from '../widgets/StateTag';
import { FileUpload } from '../widgets/upload/FileUpload';

const builtIn: Record<WidgetName, Widget> = {
  input: InputWidget,
  textarea: TextAreaWidget,
  number: NumberWidget,
  decimal: DecimalWidget,
  select: SelectWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  checkbox: CheckboxWidget,
  password: PasswordWidget,
  dateRange: DateRangeWidget,
  editableTable: EditableTable,
  // Read-pretty selectors show the names of their codes (engine/selectors/labels.ts).
  remoteSelect: connect(RemoteSelect, mapReadPretty(SelectorText)),
  userPicker: connect(UserPicker, mapReadPretty(SelectorText)),
  i18nNames: I18nNames,
  menuPermissionTree: MenuPermissionTree,
  upload: FileUpload,
  itemPicker: connect(ItemPicker, mapReadPretty(SelectorText)),
  // A row's document status: its tag from the declaration the editable table loaded (its `define`).
  state: StateTag,
  // A list search's date preset: the last N days or all (engine/screens/datePreset.ts).
  datePreset: DatePresetWidget,
  // An announcement's rich text (HTML cleaned by the server) with a preview.
  richText: RichTextWidget,
};
for (const name of Object.keys(WIDGET_KINDS) as WidgetName[]) widgets.register(name, builtIn[name]);
