// What the engine must know about a widget without loading it (the normaliser runs before any
// component does). The registry refuses a widget whose name is not listed here.
import type { Field } from '@schemas/generated/screen';

export type WidgetName = NonNullable<Field['widget']>;

export interface WidgetKind {
  /** When a required check runs unless the screen says otherwise (spec 000 section 5). */
  trigger: 'blur' | 'change';
  /** Grid columns taken unless the screen says otherwise. */
  span: number;
  /** The widget chooses among options. */
  choice: boolean;
}

export const WIDGET_KINDS: Record<WidgetName, WidgetKind> = {
  input: { trigger: 'blur', span: 1, choice: false },
  textarea: { trigger: 'blur', span: 2, choice: false },
  number: { trigger: 'blur', span: 1, choice: false },
  decimal: { trigger: 'blur', span: 1, choice: false },
  select: { trigger: 'change', span: 1, choice: true },
  date: { trigger: 'change', span: 1, choice: false },
  datetime: { trigger: 'change', span: 1, choice: false },
  checkbox: { trigger: 'change', span: 1, choice: false },
  digitCheckboxes: { trigger: 'change', span: 2, choice: true },
  password: { trigger: 'blur', span: 1, choice: false },
  dateRange: { trigger: 'change', span: 1, choice: false },
  editableTable: { trigger: 'change', span: 4, choice: false },
  remoteSelect: { trigger: 'change', span: 1, choice: true },
  userPicker: { trigger: 'change', span: 1, choice: true },
  i18nNames: { trigger: 'blur', span: 2, choice: false },
  menuPermissionTree: { trigger: 'change', span: 4, choice: false },
  upload: { trigger: 'change', span: 2, choice: false },
  itemPicker: { trigger: 'change', span: 1, choice: true },
  state: { trigger: 'change', span: 1, choice: false },
  datePreset: { trigger: 'change', span: 2, choice: false },
  richText: { trigger: 'blur', span: 4, choice: false },
  timeline: { trigger: 'change', span: 4, choice: false },
};
