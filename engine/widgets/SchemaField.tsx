// Renders a Formily schema with the widgets of the one registry. FormItem (label, required mark,
// feedback) and FormGroup (a titled grid block) are layout, not widgets, so they live here.
import { FormGrid, FormItem, PreviewText } from '@formily/antd-v5';
import { createSchemaField } from '@formily/react';
import type { ComponentProps, ReactNode } from 'react';
import { EMPTY_NUMBER } from '../format';
import { widgets } from './registry';

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

const create = () => createSchemaField({ components: { ...widgets.entries(), FormItem, FormGroup } });
let created: ReturnType<typeof create> | undefined;

/**
 * Created on first render, not at import: the registry is filled by the host (host/widgets.ts) before
 * the first page kind renders, and the editable-table widget renders its cells with this SchemaField.
 */
export function SchemaField(props: ComponentProps<ReturnType<typeof create>>) {
  created ??= create();
  const Rendered: ReturnType<typeof create> = created;
  // An empty value in read-pretty mode shows '--' (as empty numbers do), not antd-v5's English 'N/A'.
  return (
    <PreviewText.Placeholder value={EMPTY_NUMBER}>
      <Rendered {...props} />
    </PreviewText.Placeholder>
  );
}
