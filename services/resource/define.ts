// A resource is declared once: table, fields (type, writable or not, keyword, sortable), filters,
// scope columns and unique keys. The resource layer derives schemas, SQL and checks from it.
import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { DB } from '../db/types.js';
import { checkDocument, type DocumentSpec } from '../document/define.js';
import type { ErrorKind } from '../errors.js';
import type { Language } from '../i18n.js';
import type { CallContext, MenuFlag } from '../registry.js';
import { screenMenusServing } from '../seed/screen-menus.js';

// biome-ignore lint/suspicious/noExplicitAny: resources name their tables at run time.
type AnyQuery = SelectQueryBuilder<any, any, any>;
type Row = Record<string, unknown>;

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
  /** A record's id (a uuid): a value of another form is refused, in writes and in searches alike. */
  format?: 'uuid';
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
  /**
   * On add (and in an imported row), an empty value (absent, null or '') takes what this answers for
   * the caller, when it answers something (a supplier's user's own supplier): before the data scope and
   * the references are checked.
   */
  fill?: (ctx: CallContext) => string | number | boolean | null | undefined;
}

export type FilterOp = 'eq' | 'contains' | 'in' | 'gte' | 'lte';

export interface FilterDef {
  field: string;
  op: FilterOp;
}

/**
 * A named filter: a condition of the resource's own that no single filter expresses (an order line
 * whose answer is overdue), asked for by name (`condition.namedFilter`) and counted by name
 * (`condition.countFilters`). It builds its SQL from the expression builder (columns as `t1.<field>`,
 * values bound), and may read the call (the caller, today's date); a client only names it.
 */
export interface NamedFilter {
  // biome-ignore lint/suspicious/noExplicitAny: resources name their tables at run time.
  where: (eb: ExpressionBuilder<any, any>, ctx: CallContext) => Expression<SqlBool>;
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
   * sending the same file twice never duplicates a row. The rows' references are the resource's own
   * (ResourceDef.references), checked in bulk.
   */
  key: readonly string[];
}

/**
 * A field naming a record of another table (a unit, a zone, a supplier). Saves check it when it is new
 * or changed (refused with 10017, "... does not exist or is not valid", in the caller's language);
 * imports check every row in bulk.
 */
export interface ReferenceSpec {
  table: keyof DB & string;
  /** The referenced table's column holding the field's value. */
  column: string;
  /** The referenced record's field that marks it valid ('1'); default statusCode; false: any record. */
  valid?: string | false;
  /**
   * Further columns of that record that must equal fields of the row, `{column: field}`: a zone of the
   * row's own warehouse is `{warehouseNo: 'warehouseNo'}`. An empty field is not compared on save.
   */
  with?: Record<string, string>;
  /** Columns of the referenced record that must hold these values (a strategy of one kind). */
  where?: Record<string, string>;
  /** Values that name no record and are never looked up ('*': every organisation). */
  except?: readonly string[];
  /**
   * false: the field only names the record for display (its `name`); saves do not check it (a module
   * that need not be a menu).
   */
  checked?: false;
  /**
   * The referenced record's name, answered beside the code by list, get and export (the spec's shared
   * row fields: orgNo/orgShortName, warehouseNo/warehouseName, ...). Read in the same query as the rows,
   * never one query per row; sortable when the field is, searched by the keyword when the field is.
   */
  name?: ReferenceName;
}

/**
 * How a reference's name is read (ReferenceSpec.name). A resource declaring a field named `as` keeps
 * its own column: the name is not read then.
 */
export interface ReferenceName {
  /** The property answered beside the code (`orgShortName` beside `orgNo`). */
  as: string;
  /** The referenced table's column holding the name. */
  column: string;
  /** Locale key of the name's label (export headers, exportable fields); default field.<as>. */
  labelKey?: string;
  /** The column is jsonb with a name per language: the caller's, else en-US. */
  i18n?: boolean;
  /**
   * Locale key prefix naming the code when the record has no name of its own (a menu: `menu.`, its
   * title in the caller's language).
   */
  localeKey?: string;
  /**
   * The code itself when no record of that code has a name (a unit or warehouse the ERP named that the
   * portal's base data does not hold): the column never shows empty beside a code.
   */
  orCode?: boolean;
}

/**
 * Rows of another table that name a record of this resource: while one does, the record is not
 * deleted (10016).
 */
export interface UsageSpec {
  table: keyof DB & string;
  /** The other table's column naming the record. */
  column: string;
  /** The record's field it holds: its code (`strategyNo`) or `id`. */
  field: string;
  /** Further columns of the other table that must equal fields of the record, `{column: field}`. */
  with?: Record<string, string>;
}

/** What runs around a save or a delete, in its transaction (services/resource/save.ts). */
export interface ResourceHooks {
  /**
   * After the fields, the data scope and the references are checked, before anything is written:
   * `row` is the record as it will be stored (on update, the stored record with the written values
   * over it), `current` the stored record (update only), `payload` what the caller sent, its line
   * arrays included (the hook may change them). A rule refuses by throwing; a side effect (moving a
   * default mark off another row) is written with the rest. The values it answers (a column checked or
   * computed from what was sent, a field the rule clears) are written with the record, over the sent
   * ones, like a service's own values. On update it runs only at the stored version.
   */
  beforeSave?: (
    ctx: CallContext,
    row: Row,
    current: Row | undefined,
    payload: Row,
    // biome-ignore lint/suspicious/noConfusingVoidType: a hook setting nothing is an async function returning Promise<void>.
  ) => Promise<Row | undefined | void> | Row | undefined | void;
  /**
   * Once the record and its lines are written, with the saved record (lines included): a rule across
   * the lines refuses by throwing (nothing is kept). It may write beside the record (link files to it)
   * but not the record itself: the save answers the record as read before the hook.
   */
  afterSave?: (ctx: CallContext, saved: Row, mode: 'add' | 'update') => Promise<void> | void;
  /** Before any row of a delete goes, with every row about to go (in scope, lines included). */
  beforeDelete?: (ctx: CallContext, rows: Row[]) => Promise<void> | void;
}

/** The flag each write needs on the resource's menus; default isAdd, isModify and isDelete. */
export interface WriteFlags {
  add?: MenuFlag;
  update?: MenuFlag;
  delete?: MenuFlag;
}

const DEFAULT_FLAGS: Required<WriteFlags> = { add: 'isAdd', update: 'isModify', delete: 'isDelete' };

/** The flag a write of `mode` needs: the method's own, else the resource's, else the default. */
export function writeFlag(def: ResourceDef, mode: keyof WriteFlags, own?: MenuFlag): MenuFlag {
  return own ?? def.flags?.[mode] ?? DEFAULT_FLAGS[mode];
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
  /** Fields ordering the lines of one sequence (an order line's phase and batch), after it. */
  thenBy?: readonly string[];
  /** Lines that must remain ('at least one rule row must remain'); default 0. */
  minRows?: number;
  /** The refusal when fewer are sent; default tooFewLines. */
  minRowsError?: ErrorKind;
  /** Most lines one head may have; default 200. */
  maxRows?: number;
  /** Fields whose values must differ between the lines of one head. */
  unique?: readonly string[];
  /**
   * The set of lines is not the caller's to change (an order's lines are the ERP's): a save neither
   * adds, deletes nor renumbers lines; each sent line names one of the head's lines by id and version
   * (a stale one is refused) and only its writable fields are written; lines not sent stay as they are.
   */
  fixed?: boolean;
}

export interface ResourceDef {
  table: keyof DB & string;
  /** Menus whose flags govern this resource's calls. */
  menus: readonly string[];
  fields: Record<string, FieldDef>;
  filters?: Record<string, FilterDef>;
  /** Conditions asked for and counted by name (list tabs that are no single column's value). */
  namedFilters?: Record<string, NamedFilter>;
  /**
   * A column the table keeps of its keyword fields, lower-cased and joined by newlines (a stored
   * generated column, in the indexes a large list reads): the keyword box then tests it with one LIKE
   * rather than one ILIKE per field, which on a large table is most of a filtered count's time (a
   * keyword holding a newline, which could span two fields there, is tested field by field).
   */
  keywordColumn?: string;
  scope?: ScopeColumns;
  /**
   * The order of a list the caller does not sort; `thenBy` breaks ties (of any sort) before the id does:
   * `{field: 'displayOrder', order: 'asc', thenBy: [{field: 'fieldNo', order: 'asc'}]}`.
   */
  defaultSort?: {
    field: string;
    order: 'asc' | 'desc';
    thenBy?: readonly { field: string; order: 'asc' | 'desc' }[];
  };
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
  /** Fields naming records of other tables, checked by saves (lines included) and imports alike. */
  references?: Record<string, ReferenceSpec>;
  /** Other tables naming these records: a record still named there is not deleted. */
  usedBy?: readonly UsageSpec[];
  /** The flags add, update and delete need, where they are not isAdd, isModify and isDelete. */
  flags?: WriteFlags;
  /** Rules and side effects of a save or a delete, in its transaction. */
  hooks?: ResourceHooks;
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
  /**
   * Rows the caller may update or delete, among those it sees (a view shared with the caller's role is
   * read by it, changed only by its owner): any other is "not found" to a write.
   */
  mayChange?: (ctx: CallContext, q: AnyQuery) => AnyQuery;
  /**
   * The fields `present` adds to every row: answered like fields (a screen may show them), never
   * written, filtered or sorted.
   */
  presented?: readonly string[];
  /** Turns a stored row into what callers get (for example a name in the caller's language). */
  present?: (
    row: Record<string, unknown>,
    t: (key: string, params?: Record<string, unknown>) => string,
    lang: Language,
  ) => Record<string, unknown>;
}

/** A named filter's name: what a screen's tab names and the condition carries. */
export const NAMED_FILTER = /^[A-Za-z][A-Za-z0-9]*$/;

/** Every resource row carries these; clients never write them. */
export const SYSTEM_FIELDS: Record<string, FieldDef> = {
  id: { type: 'string' },
  version: { type: 'integer' },
  createName: { type: 'string', sortable: true },
  createDate: { type: 'datetime', sortable: true },
  updateName: { type: 'string', sortable: true },
  updateDate: { type: 'datetime', sortable: true },
};

export function defineResource(declared: ResourceDef): ResourceDef {
  // A menu written by new:screen --menu-entry serves the resource it names (services/seed/screen-menus.ts).
  const served = screenMenusServing(declared.table).filter((m) => !declared.menus.includes(m));
  const def = served.length ? { ...declared, menus: [...declared.menus, ...served] } : declared;
  for (const [from, to] of def.ordered ?? []) {
    if (!def.fields[from] || !def.fields[to])
      throw new Error(`${def.table}: ordered pair ${from}/${to} is not declared`);
  }
  for (const field of def.import?.key ?? []) {
    if (!def.fields[field]) throw new Error(`${def.table}: import key ${field} is not declared`);
  }
  for (const [field, ref] of Object.entries(def.references ?? {})) {
    for (const name of [field, ...Object.values(ref.with ?? {})])
      if (!def.fields[name]) throw new Error(`${def.table}: reference ${field} names no field ${name}`);
  }
  for (const usage of def.usedBy ?? []) {
    for (const name of [usage.field, ...Object.values(usage.with ?? {})])
      if (!def.fields[name] && !SYSTEM_FIELDS[name])
        throw new Error(`${def.table}: used by ${usage.table}: no field ${name}`);
  }
  for (const [name, spec] of Object.entries(def.lines ?? {})) {
    if (def.fields[name]) throw new Error(`${def.table}: lines ${name} is also a field`);
    if (!spec.resource.fields[spec.parentField])
      throw new Error(`${def.table}: lines ${name} parent field ${spec.parentField} is not declared`);
  }
  for (const then of def.defaultSort?.thenBy ?? [])
    if (!def.fields[then.field] && !SYSTEM_FIELDS[then.field])
      throw new Error(`${def.table}: default sort ${then.field} names no field`);
  if (def.document) checkDocument(def.table, def.fields, def.document);
  for (const [name, filter] of Object.entries(def.filters ?? {})) {
    if (!def.fields[filter.field] && !SYSTEM_FIELDS[filter.field])
      throw new Error(`${def.table}: filter ${name} names no field`);
  }
  for (const name of Object.keys(def.namedFilters ?? {}))
    if (!NAMED_FILTER.test(name)) throw new Error(`${def.table}: named filter "${name}" is no plain name`);
  return def;
}
