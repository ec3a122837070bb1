// JSON Schemas of the standard calls, derived from a resource declaration.
import type { JsonSchema } from '../registry.js';
import { type FieldDef, type ResourceDef, SYSTEM_FIELDS } from './define.js';

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 20;

const ID = { type: 'string', format: 'uuid' };

/**
 * A decimal in a payload: plain decimal text, or leniently a JSON number (engine/core/decimal.ts takes
 * it as the shortest text naming it). Text that is no decimal is a payload error here, so no search
 * sends it to SQL; a written value's limits (digits, decimals, bounds) are checked by the resource
 * layer (decimals.ts), which refuses with invalidValue and the rule in the caller's language.
 */
export const DECIMAL_SCHEMA: JsonSchema = {
  // A number first: a value of another type is told it "must be a number".
  type: ['number', 'string'],
  maxLength: 100,
  pattern: '^\\s*[+-]?(\\d+(\\.\\d*)?|\\.\\d+)\\s*$',
};

function fieldSchema(f: FieldDef, nullable: boolean): JsonSchema {
  const base: JsonSchema = (() => {
    switch (f.type) {
      case 'string':
        if (f.format === 'uuid') return ID;
        return {
          type: 'string',
          maxLength: f.maxLength ?? 255,
          // PostgreSQL text cannot hold NUL; refuse it as a payload error rather than fail in SQL. A
          // pattern with its own problem text is checked by the resource layer (resource.ts checkPatterns).
          pattern: (f.patternProblem ? undefined : f.pattern) ?? '^[^\\u0000]*$',
          ...(f.enum ? { enum: [...f.enum] } : {}),
          // A required text is not empty either ("is required", services/http/validation.ts).
          ...(!nullable && !f.enum ? { minLength: 1 } : {}),
        };
      case 'decimal':
        return DECIMAL_SCHEMA;
      case 'integer':
      case 'number':
        return {
          type: f.type,
          ...(f.minimum !== undefined ? { minimum: f.minimum } : {}),
          ...(f.maximum !== undefined ? { maximum: f.maximum } : {}),
        };
      case 'date':
        return { type: 'string', format: 'date' };
      case 'datetime':
        return { type: 'string', format: 'date-time' };
      case 'boolean':
        return { type: 'boolean' };
    }
  })();
  if (!nullable) return base;
  // An empty optional field may come back as null or '' from a form.
  if (f.enum) return { ...base, type: [base.type, 'null'], enum: [...(f.enum ?? []), null] };
  if (f.type === 'decimal') return { anyOf: [base, { type: 'null' }, { const: '' }] };
  return { anyOf: [base, { type: 'null' }, ...(f.type !== 'string' || f.format ? [{ const: '' }] : [])] };
}

function writableProperties(def: ResourceDef, mode: 'add' | 'update'): JsonSchema {
  const props: Record<string, JsonSchema> = {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (!f.write || (mode === 'update' && f.write === 'create')) continue;
    props[name] = fieldSchema(f, !f.required);
  }
  return props;
}

/**
 * The line arrays of a head (LinesSpec): each line's writable fields as on add, plus the id a loaded
 * line carries (kept, so an unchanged line keeps its id and audit stamps). null means no lines.
 */
function linesProperties(def: ResourceDef): Record<string, JsonSchema> {
  const props: Record<string, JsonSchema> = {};
  for (const [name, spec] of Object.entries(def.lines ?? {})) {
    const required = Object.entries(spec.resource.fields)
      .filter(([, f]) => f.write && f.required)
      .map(([n]) => n);
    props[name] = {
      type: ['array', 'null'],
      maxItems: spec.maxRows ?? DEFAULT_MAX_LINES,
      items: spec.fixed
        ? {
            type: 'object',
            required: ['id', 'version'],
            properties: {
              id: ID,
              version: { type: 'integer', minimum: 1 },
              ...writableProperties(spec.resource, 'update'),
            },
          }
        : {
            type: 'object',
            required,
            properties: {
              id: { anyOf: [ID, { type: 'null' }, { const: '' }] },
              ...writableProperties(spec.resource, 'add'),
            },
          },
    };
  }
  return props;
}

export const DEFAULT_MAX_LINES = 200;

/** Non-writable fields a client sends back (createName, a key on update) are accepted and ignored. */
export function addBody(def: ResourceDef): JsonSchema {
  const required = Object.entries(def.fields)
    .filter(([, f]) => f.write && f.required)
    .map(([n]) => n);
  return {
    type: 'object',
    required: ['condition'],
    properties: {
      condition: {
        type: 'object',
        required,
        properties: { ...writableProperties(def, 'add'), ...linesProperties(def) },
      },
    },
  };
}

export function updateBody(def: ResourceDef): JsonSchema {
  return {
    type: 'object',
    required: ['condition'],
    properties: {
      condition: {
        type: 'object',
        required: ['id', 'version'],
        properties: {
          id: ID,
          version: { type: 'integer', minimum: 1 },
          ...writableProperties(def, 'update'),
          ...linesProperties(def),
        },
      },
    },
  };
}

export function getBody(): JsonSchema {
  return {
    type: 'object',
    required: ['condition'],
    properties: { condition: { type: 'object', required: ['id'], properties: { id: ID } } },
  };
}

/** `[{id, version}]`: the records a write acts on, each at the version the caller read. */
export function rowRefs(maxItems: number, id: JsonSchema = ID): JsonSchema {
  return {
    type: 'array',
    minItems: 1,
    maxItems,
    items: {
      type: 'object',
      required: ['id', 'version'],
      properties: { id, version: { type: 'integer', minimum: 1 } },
    },
  };
}

/** `{delList: [{id, version}]}`; `id` is a record's uuid unless the table keys its rows otherwise. */
export function deleteBody(id: JsonSchema = ID): JsonSchema {
  return {
    type: 'object',
    required: ['condition'],
    properties: {
      condition: {
        type: 'object',
        required: ['delList'],
        properties: { delList: rowRefs(MAX_PAGE_SIZE, id) },
      },
    },
  };
}

/** `{condition?: {keyword?}}`: the body of a flat, named option list. */
export const keywordBody: JsonSchema = {
  type: 'object',
  properties: {
    condition: {
      type: ['object', 'null'],
      properties: { keyword: { type: ['string', 'null'], maxLength: 100 } },
    },
  },
};

/** Options whose code or name contains the keyword (any case), by code; all of them without one. */
export function byKeyword<T>(
  options: T[],
  keyword: string | null | undefined,
  code: (o: T) => string,
  name: (o: T) => string,
): T[] {
  const k = keyword?.trim().toLowerCase();
  return options
    .filter((o) => !k || code(o).toLowerCase().includes(k) || name(o).toLowerCase().includes(k))
    .sort((a, b) => code(a).localeCompare(code(b)));
}

export function listBody(def: ResourceDef, extra: Record<string, JsonSchema> = {}): JsonSchema {
  const filters: Record<string, JsonSchema> = {};
  const countable = Object.entries(def.filters ?? {})
    .filter(([, f]) => f.op === 'eq')
    .map(([name]) => name);
  const named = Object.keys(def.namedFilters ?? {});
  for (const [name, filter] of Object.entries(def.filters ?? {})) {
    const field = def.fields[filter.field] ?? SYSTEM_FIELDS[filter.field];
    filters[name] =
      filter.op === 'in'
        ? { type: 'array', maxItems: 1000, items: fieldSchema({ ...field, enum: field.enum }, false) }
        : filter.op === 'contains'
          ? { type: ['string', 'null'], maxLength: 255 }
          : fieldSchema({ ...field, pattern: undefined }, true);
  }
  // `in`: exact match on any of the listed values of a declared field ({"in": {"warehouseNo": [...]}}):
  // a selector resolves the names of the codes a page shows with one call (engine/selectors/labels.ts).
  const inFields: Record<string, JsonSchema> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (!['string', 'integer', 'number', 'decimal'].includes(field.type)) continue;
    inFields[name] = {
      type: 'array',
      maxItems: MAX_PAGE_SIZE,
      items:
        field.format === 'uuid'
          ? ID
          : field.type === 'string'
            ? { type: 'string', maxLength: 255, pattern: '^[^\\u0000]*$' }
            : field.type === 'decimal'
              ? DECIMAL_SCHEMA
              : { type: field.type },
    };
  }
  return {
    type: 'object',
    properties: {
      // Spec 000 section 9: default 20; anything over 1000 is capped, not refused.
      current: { type: 'integer', minimum: 1, default: 1 },
      size: { type: 'integer', minimum: 1, default: DEFAULT_PAGE_SIZE },
      condition: {
        type: 'object',
        default: {},
        properties: {
          keyword: { type: ['string', 'null'], maxLength: 200 },
          field: { type: ['string', 'null'], maxLength: 100 },
          order: {
            type: ['string', 'null'],
            enum: ['asc', 'desc', 'ascend', 'descend', 'ASC', 'DESC', '', null],
          },
          limitCount: { type: ['integer', 'null'], minimum: 0 },
          // Tab counts: the answer adds counts by this filter's values (resource.ts countBy).
          ...(countable.length ? { countBy: { type: ['string', 'null'], enum: [...countable, null] } } : {}),
          // Named filters (ResourceDef.namedFilters): one applied by name, several counted by name.
          ...(named.length
            ? {
                namedFilter: { type: ['string', 'null'], enum: [...named, '', null] },
                countFilters: {
                  type: ['array', 'null'],
                  maxItems: named.length,
                  uniqueItems: true,
                  items: { type: 'string', enum: named },
                },
              }
            : {}),
          in: { type: ['object', 'null'], additionalProperties: false, properties: inFields },
          ...filters,
          ...extra,
        },
      },
    },
  };
}
