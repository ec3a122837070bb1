// Renders a Formily schema with the widgets of the one registry. FormItem (label, required mark,
// feedback) and FormGroup (a titled grid block) are layout, not widgets, so they live here.
import { FormGrid, FormItem } from '@formily/antd-v5';
import { createSchemaField } from '@formily/react';
import type { ReactNode } from 'react';
import { widgets } from './index';

function FormGroup({
  title,
  columns = 2,
  children,
}: {
  title?: string;
  columns?: number;
  children?: ReactNode;
}) {
  return (
    <section className="screen-form__group">
      {title && <h3 className="screen-form__group-title">{title}</h3>}
      <FormGrid maxColumns={columns} minColumns={1} minWidth={260} columnGap={24}>
        {children}
      </FormGrid>
    </section>
  );
}

export const SchemaField = createSchemaField({ components: { ...widgets.entries(), FormItem, FormGroup } });
