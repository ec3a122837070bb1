import { connect, mapReadPretty } from '@formily/react';
import type { ComponentType } from 'react';
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
} from './adapters';
import { DecimalWidget } from './DecimalInput';
import { EditableTable } from './EditableTable';
import { I18nNames } from './I18nNames';
import { ItemPicker } from './ItemPicker';
import { WIDGET_KINDS, type WidgetName } from './kinds';
import { MenuPermissionTree } from './MenuPermissionTree';
import { RemoteSelect, SelectorText } from './RemoteSelect';
import { createRegistry } from './registry';
import { UserPicker } from './UserPicker';
import { FileUpload } from './upload/FileUpload';

// biome-ignore lint/suspicious/noExplicitAny: widgets take any props; Formily passes them through.
export type Widget = ComponentType<any>;

export const widgets = createRegistry<Widget>('widget');

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
};
for (const name of Object.keys(WIDGET_KINDS) as WidgetName[]) widgets.register(name, builtIn[name]);
