import type { ISchema } from '@formily/json-schema';
import type { NormalisedField } from '../../screens/types';
import type { Translate } from '../form/rules';

/** The advanced search form: the same widgets as forms, no rules (every condition is optional). */
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
            f.prop,
            {
              type: f.widget === 'number' ? 'number' : 'string',
              title: t(f.labelKey),
              'x-index': i,
              'x-decorator': 'FormItem',
              'x-decorator-props': { 'data-prop': f.prop },
              'x-component': f.widget,
              'x-component-props': {
                allowClear: true,
                placeholder: f.placeholderKey ? t(f.placeholderKey) : undefined,
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
