import type { ISchema } from '@formily/json-schema';
import type { NormalisedField } from '../../screens/types';
import { isSelectorDisabled, shouldClear } from '../../selectors/dependency';
import { fieldName, widgetProps } from '../form/formController';
import type { Translate } from '../form/rules';

interface SearchField {
  value: unknown;
  setPattern(pattern: 'editable' | 'disabled'): void;
  setValue(value: unknown): void;
  form: { values: Record<string, unknown> };
}

/**
 * A selector that depends on another search field (a zone on its warehouse): disabled until that
 * field has a value, cleared when it changes (spec 000 section 5), as on a form. Values set together
 * (a saved tag, Reset) change both at once and are kept.
 */
function dependentSelector(dependsOn: string) {
  let previousParent: unknown;
  let previousValue: unknown;
  let seen = false;
  return (field: SearchField) => {
    const parent = field.form.values[dependsOn];
    const value = field.value;
    field.setPattern(
      isSelectorDisabled({ parentValues: [parent], routeHasParams: false, lockOnEdit: false })
        ? 'disabled'
        : 'editable',
    );
    const untouched = value === previousValue;
    if (seen && untouched && shouldClear(previousParent, parent) && value !== undefined)
      field.setValue(undefined);
    previousParent = parent;
    previousValue = field.value;
    seen = true;
  };
}

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
              'x-reactions': f.selector?.dependsOn ? dependentSelector(f.selector.dependsOn) : undefined,
            } satisfies ISchema,
          ]),
        ),
      },
    },
  };
}
