// Renders a Formily schema with the widgets of the one registry. FormItem (label, required mark,
// feedback) and FormGroup (a titled grid block) are layout, not widgets, so they live here.
import { FormGrid, FormItem, PreviewText } from '@formily/antd-v5';
import { createSchemaField, useField } from '@formily/react';
import type { ComponentProps, ReactNode } from 'react';
import { EMPTY_NUMBER } from '../format';
import { type Widget, widgets } from './registry';

/**
 * The widgets whose control takes a name. Formily's FormItem shows the label in a <label> tied to no
 * control, so each of these controls gets the field's title (the same text, in the user's language)
 * as its accessible name; an editable table's cells get their column's. Composite widgets (the
 * editable table, the permission tree, names in every language, uploads) name their own parts.
 */
const NAMED = new Set([
  'input',
  'textarea',
  'number',
  'decimal',
  'select',
  'date',
  'datetime',
  'checkbox',
  'password',
  'dateRange',
  'remoteSelect',
  'userPicker',
  'itemPicker',
]);

function named(Component: Widget): Widget {
  function Named(props: Record<string, unknown>) {
    const field = useField();
    const title = field?.title ?? (field?.props as { title?: unknown } | undefined)?.title;
    const label = props['aria-label'] ?? (typeof title === 'string' && title.trim() ? title : undefined);
    return <Component {...props} aria-label={label} />;
  }
  Named.displayName = `Named(${Component.displayName ?? Component.name ?? 'Widget'})`;
  return Named;
}

function components(): Record<string, Widget> {
  const all = widgets.entries();
  for (const name of Object.keys(all)) if (NAMED.has(name)) all[name] = named(all[name]);
  return all;
}

/**
 * A titled group of a form or detail page. Its fields keep a readable width; a group holding a line
 * table (`wide`) takes the page's whole width, so that a document's lines show as many columns as fit.
 */
function FormGroup({
  title,
  columns = 2,
  wide = false,
  children,
}: {
  title?: string;
  columns?: number;
  wide?: boolean;
  children?: ReactNode;
}) {
  return (
    <section className={wide ? 'screen-form__group screen-form__group--wide' : 'screen-form__group'}>
      {title && <h3 className="screen-form__group-title">{title}</h3>}
      <FormGrid maxColumns={columns} minColumns={1} minWidth={260} columnGap={24}>
        {children}
      </FormGrid>
    </section>
  );
}

const create = () => createSchemaField({ components: { ...components(), FormItem, FormGroup } });
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
