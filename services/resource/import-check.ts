// The check of an import's rows, the same whether the check only answers what the import would do or
// runs again inside the import's transaction before its batch is written.
//
// A row's cells are read on their own first (types, lengths, options, the key, duplicates of the key
// in the file). Then, a batch at a time, the rows meet the database: which keys exist (and whether the
// caller sees them in its data scope and may modify them), what the mode allows, what an existing
// record's fields hold (each cell is compared with its stored value by the database, in the column's
// own type), the required fields of new rows, ordered pairs on the values the record would end with,
// the data scope of the values and the references. Each good row ends as an insert, an update with its
// changed fields, or unchanged. Every batch adds one line to a digest of these decisions (each row's
// record and version), so a confirmed import can tell whether anything moved since its check.
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { toDecimalString } from '../../engine/core/decimal.js';
import { cellChanges, type ImportMode, modeRefusal } from '../../engine/core/importMode.js';
import type { CallContext } from '../registry.js';
import { writeFlag } from './define.js';
import { readCell } from './import-cells.js';
import type { ImportColumn, ImportDecl } from './import-columns.js';
import { applyScope } from './resource.js';
import { snake, unnestColumn } from './unnest.js';
import type { SheetRow } from './xlsx-rows.js';

// biome-ignore lint/suspicious/noExplicitAny: the resource layer works on tables named at run time.
type AnyDb = Kysely<any>;
const dyn = (db: unknown) => db as AnyDb;

export interface RowError {
  row: number;
  column: string;
  reason: string;
}

/** A row whose cells passed their own checks. */
export interface CheckedRow {
  row: number;
  /** The values of the cells that hold one (and of key fields the caller fills). */
  values: Record<string, unknown>;
  /** Custom fields' values, as `values`. */
  ext: Record<string, unknown>;
  /** Fields whose cell holds the clearing marker. */
  clears: string[];
}

/** A row the batch check decided. */
export interface DecidedRow extends CheckedRow {
  action: 'insert' | 'update' | 'unchanged';
  /** The existing record (update, unchanged). */
  id?: string;
  version?: number;
  /** An existing record's stored values of the fields the row leaves as they are (as text). */
  kept?: Record<string, unknown>;
}

export const SQL_TYPE = {
  string: 'text',
  integer: 'integer',
  number: 'numeric',
  decimal: 'numeric',
  date: 'date',
  datetime: 'timestamptz',
  boolean: 'boolean',
} as const;

/** An update row's changed fields for the annotated workbook: the sheet column and the stored text. */
export interface Change {
  index: number;
  old: string | null;
  cleared: boolean;
}

export interface Checker {
  decl: ImportDecl;
  ctx: CallContext;
  mode: ImportMode;
  /** Sheet column index → import column, from the header row. */
  header: Map<number, ImportColumn>;
  /** Business key text → first row it appeared on. */
  keys: Map<string, number>;
  errors: RowError[];
  errorRows: Set<number>;
  keyLabel: string;
  inserted: number;
  updated: number;
  unchanged: number;
  /** Changed fields of update rows, by row, packed (see packChanges) for the annotated workbook. */
  changes: Map<number, string>;
  /** One hash per batch of the decisions made (digestLine). */
  digest: string[];
}

export function newChecker(decl: ImportDecl, ctx: CallContext, mode: ImportMode): Checker {
  return {
    decl,
    ctx,
    mode,
    header: new Map(),
    keys: new Map(),
    errors: [],
    errorRows: new Set(),
    keyLabel: ctx.t(`field.${decl.key[0]}`),
    inserted: 0,
    updated: 0,
    unchanged: 0,
    changes: new Map(),
    digest: [],
  };
}

export const keyOf = (decl: ImportDecl, values: Record<string, unknown>) =>
  decl.key.map((k) => String(values[k] ?? '')).join('\u0000');

export function fail(c: Checker, row: number, column: string, reason: string) {
  c.errors.push({ row, column, reason });
  c.errorRows.add(row);
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/** Checks the cells of one row on their own; answers the row when every cell is good. */
export function checkCells(c: Checker, row: SheetRow): CheckedRow | undefined {
  const { t } = c.ctx;
  const values: Record<string, unknown> = {};
  const ext: Record<string, unknown> = {};
  const clears: string[] = [];
  let good = true;
  for (const [index, column] of c.header) {
    const result = readCell(column, row.values[index], t);
    const isKey = c.decl.key.includes(column.prop);
    if ('error' in result) {
      fail(c, row.number, column.label, result.error);
      good = false;
    } else if ('clear' in result) {
      // A required field always holds a value: it cannot be cleared (on a new row it is required anyway).
      if (column.required) {
        fail(c, row.number, column.label, t('import.cannotClear'));
        good = false;
      } else clears.push(column.prop);
    } else if ('value' in result) {
      if (column.custom) ext[column.prop] = result.value;
      else values[column.prop] = result.value;
    } else if (isKey && !c.decl.resource.fields[column.prop]?.fill) {
      fail(c, row.number, column.label, t('problem.required'));
      good = false;
    }
  }
  // A key field the caller fills when it is empty (a supplier's user's own supplier), before the key
  // is looked up; other filled fields are filled on new rows only (decide).
  for (const prop of c.decl.key) {
    const fill = c.decl.resource.fields[prop]?.fill;
    if (!fill || !isBlank(values[prop])) continue;
    const filled = fill(c.ctx);
    if (isBlank(filled)) {
      fail(c, row.number, t(`field.${prop}`), t('problem.required'));
      good = false;
    } else values[prop] = filled;
  }
  if (!good) return undefined;
  const key = keyOf(c.decl, values);
  const first = c.keys.get(key);
  if (first !== undefined) {
    fail(c, row.number, c.keyLabel, t('import.duplicateInFile', { row: first }));
    return undefined;
  }
  c.keys.set(key, row.number);
  return { row: row.number, values, ext, clears };
}

/** A field of the record the check compares with its cell (or needs for an ordered pair). */
interface Compared {
  prop: string;
  column?: ImportColumn;
  custom: boolean;
  sqlType: string;
}

/** What the database says of an existing record's fields: differs from the cell, is null, its text. */
interface Stored {
  id: string;
  version: number;
  fields: Map<string, { differs: boolean; isNull: boolean; old: string | null }>;
}

/** The fields compared for the header's columns: written on update, or custom; ordered pairs too. */
function comparedFields(c: Checker): Compared[] {
  const def = c.decl.resource;
  const out: Compared[] = [];
  const seen = new Set<string>();
  for (const column of c.header.values()) {
    if (c.decl.key.includes(column.prop)) continue;
    if (column.custom) out.push({ prop: column.prop, column, custom: true, sqlType: 'jsonb' });
    else if (column.field?.write === 'always')
      out.push({ prop: column.prop, column, custom: false, sqlType: SQL_TYPE[column.field.type] });
    else continue;
    seen.add(column.prop);
  }
  // The stored values that rules of the whole record read: ordered pairs, fields a reference shares.
  const shared = Object.values(def.references ?? {}).flatMap((ref) => Object.values(ref.with ?? {}));
  for (const prop of [...(def.ordered ?? []).flat(), ...shared])
    if (!seen.has(prop) && def.fields[prop] && !c.decl.key.includes(prop)) {
      out.push({ prop, custom: false, sqlType: SQL_TYPE[def.fields[prop].type] });
      seen.add(prop);
    }
  return out;
}

/**
 * The existing records of a batch's keys, by row number. One cheap query finds them (most rows of a
 * large import are usually new); a second compares, for those rows only, each cell with the stored
 * field in the field's own type and answers the stored text.
 */
async function existing(c: Checker, batch: CheckedRow[]): Promise<Map<number, Stored>> {
  const { decl, ctx } = c;
  const def = decl.resource;
  const table = sql.raw(snake(def.table));
  // `key = any(array)` per key column: an index scan even while the import's own inserts grow the
  // table in its transaction (a join against the batch's unnest may turn into a scan of the table).
  let q = dyn(ctx.db)
    .selectFrom(`${def.table} as t`)
    .select(['t.id', 't.version', ...decl.key.map((k) => `t.${k}`)]);
  for (const k of decl.key)
    q = q.where(
      sql<boolean>`${sql.ref(`t.${k}`)} = any(${[...new Set(batch.map((r) => String(r.values[k])))]}::text[])`,
    );
  const rowOf = new Map(batch.map((r) => [keyOf(decl, r.values), r.row]));
  const found = ((await q.execute()) as Record<string, unknown>[]).flatMap((t) => {
    const n = rowOf.get(keyOf(decl, t));
    return n === undefined ? [] : [{ n, id: String(t.id), version: Number(t.version) }];
  });
  const out = new Map<number, Stored>();
  if (!found.length) return out;
  const byRow = new Map(batch.map((r) => [r.row, r]));
  const fields = comparedFields(c);
  const rows = found.map((f) => byRow.get(Number(f.n))!);
  const select = fields.flatMap((f, i) => {
    const stored = f.custom ? sql`(t.ext -> ${f.prop}::text)` : sql.ref(`t.${snake(f.prop)}`);
    const sent = f.custom ? sql`(r.ext -> ${f.prop}::text)` : sql.ref(`r.c${i}`);
    const nullish = f.custom ? sql`(${stored} is null or ${stored} = 'null'::jsonb)` : sql`${stored} is null`;
    const text = f.custom
      ? sql`(t.ext ->> ${f.prop}::text)`
      : f.sqlType === 'timestamptz'
        ? sql`to_char(${stored}, 'YYYY-MM-DD HH24:MI:SS')`
        : sql`${stored}::text`;
    return [
      sql`(${stored} is distinct from ${sent}) as ${sql.ref(`d${i}`)}`,
      sql`${nullish} as ${sql.ref(`z${i}`)}`,
      sql`${text} as ${sql.ref(`o${i}`)}`,
    ];
  });
  const plainFields = fields.map((f, i) => ({ f, i })).filter(({ f }) => !f.custom);
  const columns = [
    unnestColumn(
      found.map((f) => f.n),
      'integer',
    ),
    unnestColumn(
      found.map((f) => f.id),
      'uuid',
    ),
    ...plainFields.map(({ f }) =>
      unnestColumn(
        rows.map((r) => r.values[f.prop] ?? null),
        f.sqlType,
      ),
    ),
    unnestColumn(
      rows.map((r) => JSON.stringify(r.ext)),
      'jsonb',
    ),
  ];
  const names = ['n', 'id', ...plainFields.map(({ i }) => `c${i}`), 'ext'].join(', ');
  const ids = new Map(found.map((f) => [Number(f.n), f]));
  const detail = (
    await sql<Record<string, unknown>>`select r.n${select.length ? sql`, ${sql.join(select)}` : sql``}
      from unnest(${sql.join(columns)}) as r(${sql.raw(names)})
      join ${table} t on t.id = r.id`.execute(ctx.db)
  ).rows;
  for (const d of detail) {
    const n = Number(d.n);
    const f = ids.get(n)!;
    const map: Stored['fields'] = new Map();
    for (const [i, field] of fields.entries())
      map.set(field.prop, {
        differs: Boolean(d[`d${i}`]),
        isNull: Boolean(d[`z${i}`]),
        old: (d[`o${i}`] as string | null) ?? null,
      });
    out.set(n, { id: f.id, version: Number(f.version), fields: map });
  }
  return out;
}

/** The ids among `ids` the caller sees in its data scope. */
async function visibleIds(c: Checker, ids: string[]): Promise<Set<string>> {
  const { decl, ctx } = c;
  const q = applyScope(
    decl.resource,
    ctx,
    dyn(ctx.db)
      .selectFrom(`${decl.resource.table} as t1`)
      .select('t1.id')
      .where(sql<boolean>`t1.id = any(${ids}::uuid[])`),
  );
  return new Set(((await q.execute()) as { id: string }[]).map((r) => r.id));
}

/** Packs an update row's changes into one string (a large update keeps one short string per row). */
export function packChanges(changes: Change[]): string {
  return changes.map((ch) => `${ch.index}\u0001${ch.cleared ? 1 : 0}\u0001${ch.old ?? ''}`).join('\u0002');
}

export function unpackChanges(packed: string): Change[] {
  return packed.split('\u0002').map((part) => {
    const [index, cleared, ...old] = part.split('\u0001');
    const text = old.join('\u0001');
    return { index: Number(index), cleared: cleared === '1', old: text === '' ? null : text };
  });
}

/** The stored text as a user reads it: a dictionary code as its label, a decimal without padding. */
function shownOld(column: ImportColumn | undefined, old: string | null): string | null {
  if (old === null || !column) return old;
  const option = column.options?.find((o) => o.code === old);
  if (option) return option.label;
  const type = column.field?.type;
  if (type === 'decimal' || type === 'number') return toDecimalString(old) ?? old;
  if (type === 'boolean') return old === 'true' ? 'true' : old === 'false' ? 'false' : old;
  return old;
}

/** One line of the digest: a hash of a batch's decisions, each row with its record and version. */
function digestLine(rows: DecidedRow[]): string {
  const hash = createHash('sha256');
  for (const r of rows) hash.update(`${r.row}:${r.action === 'insert' ? 'new' : `${r.id}@${r.version}`};`);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Checks a batch against the database and decides each good row: insert, update or unchanged. Adds
 * the batch's line to the digest and its counts to the checker; answers the decided rows (none of a
 * row in error).
 */
export async function decideBatch(c: Checker, batch: CheckedRow[]): Promise<DecidedRow[]> {
  const { ctx, decl, mode } = c;
  const def = decl.resource;
  const { t } = ctx;
  const bad = new Set<number>();
  const refuse = (row: number, column: string, reason: string) => {
    fail(c, row, column, reason);
    bad.add(row);
  };
  const stored = batch.length ? await existing(c, batch) : new Map<number, Stored>();
  const visible = stored.size
    ? await visibleIds(
        c,
        [...stored.values()].map((s) => s.id),
      )
    : new Set();
  const mayUpdate = Boolean(ctx.flags?.[writeFlag(def, 'update')]);
  const compared = new Map(comparedFields(c).map((f) => [f.prop, f]));
  const indexOf = new Map([...c.header].map(([index, column]) => [column.prop, index]));
  const decided: DecidedRow[] = [];
  for (const r of batch) {
    const record = stored.get(r.row);
    const refusal = modeRefusal(mode, Boolean(record));
    if (record) {
      if (!visible.has(record.id)) refuse(r.row, c.keyLabel, t('import.outOfScope'));
      else if (refusal) refuse(r.row, c.keyLabel, t(refusal));
      else if (!mayUpdate) refuse(r.row, c.keyLabel, t('import.noModify'));
      if (bad.has(r.row)) continue;
      // The values the record would end with: a cell's value, nothing where it is cleared, else the stored one.
      const kept: Record<string, unknown> = {};
      for (const [prop, info] of record.fields)
        if (isBlank(r.values[prop]) && !r.clears.includes(prop)) kept[prop] = info.old;
      const ending = (prop: string) => (isBlank(r.values[prop]) ? (kept[prop] ?? null) : r.values[prop]);
      if (!checkOrdered(c, r.row, ending)) {
        bad.add(r.row);
        continue;
      }
      const changes: Change[] = [];
      for (const [prop, field] of compared) {
        const index = indexOf.get(prop);
        const info = record.fields.get(prop);
        if (index === undefined || !info || !field.column) continue;
        const has = field.custom ? !isBlank(r.ext[prop]) : !isBlank(r.values[prop]);
        const intent = has ? 'value' : r.clears.includes(prop) ? 'clear' : 'empty';
        if (cellChanges(intent, info.differs, info.isNull))
          changes.push({ index, cleared: intent === 'clear', old: shownOld(field.column, info.old) });
      }
      const action = changes.length ? 'update' : 'unchanged';
      if (changes.length) c.changes.set(r.row, packChanges(changes));
      decided.push({ ...r, action, id: record.id, version: record.version, kept });
    } else {
      if (refusal) {
        refuse(r.row, c.keyLabel, t(refusal));
        continue;
      }
      // A new record: fields the caller fills, then the required ones (an empty cell is no value).
      for (const [prop, f] of Object.entries(def.fields)) {
        if (!f.fill || !isBlank(r.values[prop])) continue;
        const filled = f.fill(ctx);
        if (!isBlank(filled)) r.values[prop] = filled;
      }
      for (const column of c.header.values())
        if (column.required && !column.custom && isBlank(r.values[column.prop]))
          refuse(r.row, column.label, t('problem.required'));
      if (bad.has(r.row) || !checkOrdered(c, r.row, (prop) => r.values[prop] ?? null)) {
        bad.add(r.row);
        continue;
      }
      decided.push({ ...r, action: 'insert' });
    }
  }
  const good = await checkValues(c, decided, bad);
  c.digest.push(digestLine(good));
  for (const r of good) {
    if (r.action === 'insert') c.inserted++;
    else if (r.action === 'update') c.updated++;
    else c.unchanged++;
  }
  return good;
}

/** `from` not after `to` for the resource's ordered pairs (dates), on the values given. */
function checkOrdered(c: Checker, row: number, value: (prop: string) => unknown): boolean {
  const { t } = c.ctx;
  let good = true;
  for (const [from, to] of c.decl.resource.ordered ?? []) {
    const a = value(from);
    const b = value(to);
    if (a != null && b != null && String(a) > String(b)) {
      fail(c, row, t(`field.${to}`), t('problem.dateOrder', { other: t(`field.${from}`) }));
      good = false;
    }
  }
  return good;
}

/**
 * The values written, checked against the caller's data scope and the resource's references (the named
 * record must exist and, unless any will do, be valid). Unchanged rows write nothing and pass.
 */
async function checkValues(c: Checker, rows: DecidedRow[], bad: Set<number>): Promise<DecidedRow[]> {
  const { ctx, decl } = c;
  const def = decl.resource;
  const { t } = ctx;
  const written = rows.filter((r) => r.action !== 'unchanged');
  const scope = ctx.user?.scope;
  if (scope && def.scope) {
    const skip = def.scopeValue ? def.scope[def.scopeValue] : undefined;
    const limits: [string | undefined, string[] | null][] = [
      [def.scope.org, scope.all ? null : scope.orgs],
      [def.scope.warehouse, scope.all ? null : scope.warehouses],
      [def.scope.classifyType, scope.all ? null : scope.classifyTypes],
      [def.scope.supplier, scope.supplierNo ? [scope.supplierNo] : null],
    ];
    for (const r of written) {
      for (const [column, allowed] of limits) {
        if (!column || !allowed || column === skip || r.values[column] == null) continue;
        if (!allowed.includes(String(r.values[column]))) {
          fail(c, r.row, t(`field.${column}`), t('import.outOfScope'));
          bad.add(r.row);
        }
      }
    }
  }
  for (const [prop, ref] of Object.entries(def.references ?? {})) {
    const named = (v: unknown) => v != null && !ref.except?.includes(String(v));
    const wanted = [...new Set(written.map((r) => r.values[prop]).filter(named))] as string[];
    if (!wanted.length) continue;
    const also = Object.entries(ref.with ?? {});
    let q = dyn(ctx.db)
      .selectFrom(ref.table)
      .select([ref.column, ...also.map(([column]) => column)])
      .where(sql<boolean>`${sql.ref(ref.column)} = any(${wanted}::text[])`);
    const valid = ref.valid ?? 'statusCode';
    if (valid) q = q.where(valid, '=', '1');
    for (const [column, value] of Object.entries(ref.where ?? {})) q = q.where(column, '=', value);
    // The record's key with the columns it must share with the row (its organisation, its warehouse).
    const refKey = (values: Record<string, unknown>, names: string[]) =>
      names.map((n) => String(values[n] ?? '')).join('\u0000');
    const found = new Set(
      ((await q.execute()) as Record<string, unknown>[]).map((r) =>
        refKey(r, [ref.column, ...also.map(([column]) => column)]),
      ),
    );
    const rowNames = [prop, ...also.map(([, field]) => field)];
    // On update a field the row shares with the referenced record but leaves empty is the stored one.
    for (const r of written) {
      const v = r.values[prop];
      if (!named(v)) continue;
      if (!found.has(refKey({ ...r.kept, ...r.values }, rowNames))) {
        fail(c, r.row, t(`field.${prop}`), t('import.unknownReference'));
        bad.add(r.row);
      }
    }
  }
  return rows.filter((r) => !bad.has(r.row));
}

/** Thrown when what the check decided no longer holds: a record changed, or the file is not the one checked. */
export class ImportChanged extends Error {}

/** Refuses a confirmed import whose batch decided otherwise than its check. */
export function sameAsChecked(c: Checker, expected: string[] | undefined): void {
  if (!expected) return;
  const i = c.digest.length - 1;
  if (expected[i] !== c.digest[i]) throw new ImportChanged();
}
