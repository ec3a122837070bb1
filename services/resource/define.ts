// A resource is declared once: table, fields (type, writable or not, keyword, sortable), filters,
// scope columns and unique keys. The resource layer derives schemas, SQL and checks from it.
import type { SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/types.js';
import { checkDocument, type DocumentSpec } from '../document/define.js';
import type { ErrorKind } from '../errors.js';
import type { CallContext } from '../registry.js';

// biome-ignore lint/suspicious/noExplicitAny: resources name their tables at run time.
type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * 'decimal': a numeric column, exact: answered as canonical decimal text, written from decimal text or
 * (leniently) a JSON number, checked by engine/core/decimal.ts against `scale`, `digits`, `minimum` and
 * `maximum`. 'number' is a float, for values that are no quantity or amount.
 */
export type FieldType = 'string' | 'integer' | 'number' | 'decimal' | 'date' | 'datetime' | 'boolean';

export interface FieldDef {
  type: FieldType;
  /** 'create': written on add only (a key such as orgNo); 'always': on add and update; absent: never written by clients. */
  write?: 'create' | 'always';
  /** Required on add. */
  required?: boolean;
  maxLength?: number;
  pattern?: string;
  /**
   * Locale key of what is wrong when `pattern` fails (problem.singleLetter: "must be a single letter
   * A-Z"). The resource layer then checks the pattern itself and refuses with 10017 and this text, so
   * the caller reads the rule instead of "has an invalid format".
   */
  patternProblem?: string;
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  /** decimal: decimals allowed (at most the column's scale); default 5, spec 001 section 5. */
  scale?: number;
  /** decimal: digits allowed in all (integer digits and decimals); default 19, spec 001 section 5. */
  digits?: number;
  /** Searched by the keyword box (case-insensitive contains). */
  keyword?: boolean;
  /** May be used as condition.field. */
  sortable?: boolean;
  /** Default on add when the client sends nothing. */
  default?: string | number | boolean;
  /** The dictionary (enumMid) naming its values; exports write the name, not the code. */
  dictionary?: string;
}

export type FilterOp = 'eq' | 'contains' | 'in' | 'gte' | 'lte';

export interface FilterDef {
  field: string;
  op: FilterOp;
}

export interface ScopeColumns {
  /** Column holding an organisation number, limited to the user's organisations. */
  org?: string;
  warehouse?: string;
  classifyType?: string;
  /** Column holding a supplier number: a supplier's user sees only its own rows. */
  supplier?: string;
}

export interface ImportSpec {
  /**
   * Business key: the fields of a unique constraint. A row whose key exists is updated (upsert), so
   * sending the same file twice never duplicates a row.
   */
  key: readonly string[];
  /**
   * Fields that must name an existing, valid record of another table (checked in bulk). `with` names
   * further columns of that record that must equal fields of the row (a zone of the row's own
   * warehouse: `{column: 'zoneNo', with: {warehouseNo: 'warehouseNo'}}`); an empty one is not compared.
   */
  references?: Record<
    string,
    { table: keyof DB & string; column: string; validField?: string; with?: Record<string, string> }
  >;
}

/**
 * Child rows saved with their head (a rule's lines): sent and answered as an array property of the head,
 * written in the head's transaction, each line checked by its own resource's fields.
 */
export interface LinesSpec {
  /** The lines' resource: table and fields (their writable fields are what a line may carry). */
  resource: ResourceDef;
  /** Column of the line table holding the head's id. */
  parentField: string;
  /** Field numbering the lines in the order sent (1, 2, ...); default seqNo. */
  seqField?: string;
  /** Lines that must remain ('at least one rule row must remain'); default 0. */
  minRows?: number;
  /** The refusal when fewer are sent; default tooFewLines. */
  minRowsError?: ErrorKind;
  /** Most lines one head may have; default 200. */
  maxRows?: number;
  /** Fields whose values must differ between the lines of one head. */
  unique?: readonly string[];
}

export interface ResourceDef {
  table: keyof DB & string;
  /** Menus whose flags govern this resource's calls. */
  menus: readonly string[];
  fields: Record<string, FieldDef>;
  filters?: Record<string, FilterDef>;
  scope?: ScopeColumns;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Field pairs that must be in order: [from, to] (valid-from not after valid-to). */
  ordered?: readonly [string, string][];
  /**
   * The record is itself a data-scope value (an organisation, a warehouse): whoever creates one
   * without all-scope is granted it, so they can see what they made.
   */
  scopeValue?: 'org' | 'warehouse' | 'classifyType';
  /** Accepts the custom fields (frame-define) of its menus; the table needs an `ext jsonb` column. */
  customFields?: boolean;
  /** The field that marks a record valid ('1'); lookups see valid records only. Default statusCode. */
  validField?: string;
  /**
   * Importable through `{port}/importexcel`, where the port is the service whose standard methods
   * serve this resource (services/resource/import-ports.ts finds it in the registry).
   */
  import?: ImportSpec;
  /**
   * Values every row of this resource has: a resource that is one part of a shared table (the putaway
   * strategies of bm_strategy_head) reads only its part and writes these values on add.
   */
  fixed?: Record<string, string>;
  /** Child rows saved with the head, by the array property that carries them (LinesSpec). */
  lines?: Record<string, LinesSpec>;
  /**
   * A business document: its status moves only through the declared transitions, it is numbered on add
   * and may be modified or deleted only in its editable states (services/document/).
   */
  document?: DocumentSpec;
  /**
   * Rows the caller may see beyond the scope columns (an announcement: a supplier's user sees only what
   * is published to it). Applied wherever the scope is: lists, counts, get, exports, prints, transitions.
   */
  audience?: (ctx: CallContext, q: AnyQuery) => AnyQuery;
  /** Turns a stored row into what callers get (for example a name in the caller's language). */
  present?: (
    row: Record<string, unknown>,
    t: (key: string, params?: Record<string, unknown>) => string,
  ) => Record<string, unknown>;
}

/** Every resource row carries these; clients never write them. */
export const SYSTEM_FIELDS: Record<string, FieldDef> = {
  id: { type: 'string' },
  version: { type: 'integer' },
  createName: { type: 'string', sortable: true },
  createDate: { type: 'datetime', sortable: true },
  updateName: { type: 'string', sortable: true },
  updateDate: { type: 'datetime', sortable: true },
};

export function defineResource(def: ResourceDef): ResourceDef {
  for (const [from, to] of def.ordered ?? []) {
    if (!def.fields[from] || !def.fields[to])
      throw new Error(`${def.table}: ordered pair ${from}/${to} is not declared`);
  }
  for (const field of def.import?.key ?? []) {
    if (!def.fields[field]) throw new Error(`${def.table}: import key ${field} is not declared`);
  }
  for (const [name, spec] of Object.entries(def.lines ?? {})) {
    if (def.fields[name]) throw new Error(`${def.table}: lines ${name} is also a field`);
    if (!spec.resource.fields[spec.parentField])
      throw new Error(`${def.table}: lines ${name} parent field ${spec.parentField} is not declared`);
  }
  if (def.document) checkDocument(def.table, def.fields, def.document);
  for (const [name, filter] of Object.entries(def.filters ?? {})) {
    if (!def.fields[filter.field] && !SYSTEM_FIELDS[filter.field])
      throw new Error(`${def.table}: filter ${name} names no field`);
  }
  return def;
}
