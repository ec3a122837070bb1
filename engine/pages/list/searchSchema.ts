import type { ISchema } from '@formily/json-schema';
import type { NormalisedField } from '../../screens/types';
import { fieldName, widgetProps } from '../form/formController';
import type { Translate } from '../form/rules';

/**
 * The advanced search form: the same widgets as forms (a selector with its definition, a date range
 * kept in two conditions), no rules (every condition is optional; the screen's search rules are checked
 * on Query).
 */
export function searchSchema(fields: NormalisedField[], t: Translate): ISchema {
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
              type: f.widget === 'number' ? 'number' : f.endProp ? 'array' : 'string',
              title: t(f.labelKey),
              'x-index': i,
              'x-decorator': 'FormItem',
              'x-decorator-props': { 'data-prop': f.prop },
              'x-component': f.widget,
              'x-component-props': {
                allowClear: true,
                placeholder: f.placeholderKey ? t(f.placeholderKey) : undefined,
                ...widgetProps(f),
                style: { width: '100%' },
              },
              enum: f.options?.map((o) => ({ label: t(o.labelKey), value: o.value })),
            } satisfies ISchema,
          ]),
        ),
      },
    },
  };
}
