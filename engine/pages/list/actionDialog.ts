// The dialog of a dialog action (kind dialog): the Formily schema of the fields it asks for, with the
// widgets and rules a form gives them (required, lengths, patterns, numbers), so what the server would
// refuse for its shape is caught before the call. Pure: the view (ActionDialog.tsx) renders it.
import type { ISchema } from '@formily/json-schema';
import type { NormalisedField } from '../../screens/types';
import { fieldName, showWhenReaction, widgetProps } from '../form/formController';
import { fieldRules, type Translate } from '../form/rules';

export function actionDialogSchema(fields: NormalisedField[], t: Translate, moduleNumber?: string): ISchema {
  return {
    type: 'object',
    properties: {
      grid: {
        type: 'void',
        'x-component': 'FormGroup',
        'x-component-props': { columns: 1 },
        properties: Object.fromEntries(
          fields.map((f, i) => [
            fieldName(f),
            {
              type:
                f.widget === 'number'
                  ? 'number'
                  : f.endProp || f.widget === 'editableTable'
                    ? 'array'
                    : 'string',
              title: t(f.labelKey),
              required: f.required,
              // A dialog starts from the field's declared value (one label per box, one copy).
              default: f.defaultValue,
              'x-index': i,
              'x-decorator': 'FormItem',
              'x-decorator-props': { 'data-prop': f.prop },
              'x-component': f.widget,
              'x-component-props': {
                placeholder: f.placeholderKey ? t(f.placeholderKey) : undefined,
                allowClear: f.widget !== 'checkbox' && f.widget !== 'number' ? true : undefined,
                ...widgetProps(f, moduleNumber),
              },
              enum: f.options?.map((o) => ({ label: t(o.labelKey), value: o.value })),
              'x-validator': fieldRules(f, t),
              'x-reactions': f.showWhen ? showWhenReaction(f.showWhen) : undefined,
            } satisfies ISchema,
          ]),
        ),
      },
    },
  };
}

/**
 * The values a dialog starts from when it loads its row's record (NormalisedAction.load): each field's
 * prop of the record; a field the record lacks keeps its declared default.
 */
export function actionDialogLoaded(
  fields: NormalisedField[],
  record: Record<string, unknown> | null | undefined,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields)
    for (const prop of f.endProp ? [f.prop, f.endProp] : [f.prop])
      if (record && record[prop] !== undefined && record[prop] !== null) out[prop] = record[prop];
  return out;
}

/** What the dialog sends besides the rows: each field's value, an empty one as null. */
export function actionDialogValues(
  fields: NormalisedField[],
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    for (const prop of f.endProp ? [f.prop, f.endProp] : [f.prop]) {
      const v = values[prop];
      out[prop] = v === undefined || v === '' ? null : typeof v === 'string' ? v.trim() || null : v;
    }
  }
  return out;
}
