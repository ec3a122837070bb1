// What the form and detail controller tests share: the fields the view would render from a
// controller's schema, made without React, and a value typed into a field as a user types it.
import type { Form, Field as FormilyField } from '@formily/core';
import { type ISchema, Schema } from '@formily/json-schema';

/** Creates the schema's group and field models on the form; answers a field by name. */
export function mountFields(c: { schema: ISchema; form: Form }): (name: string) => FormilyField {
  new Schema(c.schema).mapProperties((group, groupName) => {
    c.form.createVoidField({ name: groupName });
    group.mapProperties((field, name) => {
      c.form.createField({ ...field.toFieldProps(), name, basePath: groupName });
    });
  });
  return (name) => c.form.query(name).take() as FormilyField;
}

/** Types `value` into the field and leaves it; answers the field's own errors. */
export async function typeInto(field: FormilyField, value: unknown): Promise<FormilyField['selfErrors']> {
  await field.onInput(value);
  await field.onBlur();
  return field.selfErrors;
}
