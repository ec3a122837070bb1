// Checks a template's layout before anything is drawn: the JSON Schema (schemas/print-layout.schema.json)
// and that every field it names is a field of the module's records. A template an administrator broke is
// refused with the reason, never a half-drawn document or a server fault.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import type { PrintLayout, Value } from '../../schemas/generated/print-layout.js';

const layoutSchema = JSON.parse(
  readFileSync(new URL('../../schemas/print-layout.schema.json', import.meta.url), 'utf8'),
) as object;
const ajv = new Ajv({ allErrors: false, strict: false });
const validate = ajv.compile<PrintLayout>(layoutSchema);

export type LayoutCheck = { ok: true; layout: PrintLayout } | { ok: false; problem: string };

/** The props a value reads from a record. */
export function propsOfValue(value: Value): string[] {
  if ('field' in value) return [value.field];
  if ('format' in value) return [...value.format.matchAll(/\{([A-Za-z][A-Za-z0-9_]*)\}/g)].map((m) => m[1]);
  return [];
}

/** Every record prop a layout reads ('*custom' stands for the module's active custom fields). */
export function propsOfLayout(layout: PrintLayout): string[] {
  const props = new Set<string>();
  for (const c of layout.table?.columns ?? []) props.add(c.prop);
  for (const h of layout.header ?? []) for (const p of propsOfValue(h.value)) props.add(p);
  for (const e of layout.labels?.elements ?? []) {
    if (e.type === 'text' || e.type === 'barcode') for (const p of propsOfValue(e.value)) props.add(p);
  }
  return [...props];
}

/** `known` answers whether a prop is a field of the module's records. */
export function checkLayout(layout: unknown, known: (prop: string) => boolean): LayoutCheck {
  if (!validate(layout)) {
    const e = validate.errors?.[0];
    return { ok: false, problem: `${e?.instancePath || '/'} ${e?.message ?? 'is invalid'}` };
  }
  const unknown = propsOfLayout(layout).filter((p) => p !== '*custom' && !known(p));
  if (unknown.length) return { ok: false, problem: `unknown field ${unknown.join(', ')}` };
  return { ok: true, layout };
}
