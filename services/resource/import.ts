// Import (spec 000 section 7: {port}/importexcel): a workbook is checked whole, and written all or
// nothing, in one database transaction.
//
// The first sheet is streamed with exceljs's reader; every row is checked (types, required, lengths,
// patterns, options, ordered pairs, the resource's references, duplicates inside the file, data scope
// of new and existing rows, the update flag (isModify) for rows that update). Checked rows are upserted
// by the business key in batches as they come, inside the transaction, so the database writes while
// the reader parses the next rows; memory holds keys, not rows, however large the file.
// The transaction commits only when every row passed. If any row failed, no further batch is written,
// the checking goes on to the end, and the transaction is rolled back: nothing is written, the errors go
// out on the live channel and an annotated copy of the workbook (every bad cell marked, every bad row
// explained) is stored for download. A crash or a killed server before the commit leaves no row.
// Sending the same file again updates the same rows (upsert by key): it never duplicates them.
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { type Kysely, type SelectQueryBuilder, sql, type Transaction, type Updateable } from 'kysely';
import { DATA_TYPE } from '../access/scope.js';
import type { DB } from '../db/types.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import { writeFlag } from './define.js';
import { escapeCell } from './export.js';
import { plain, readCell } from './import-cells.js';
import { type ImportColumn, type ImportDecl, importColumns, normalise } from './import-columns.js';
import { CHECK_FAILED, CHECK_SUCCESS, TICK } from './import-progress.js';
import { applyScope } from './resource.js';
import { firstSheetRows, type SheetRow } from './xlsx-rows.js';

// biome-ignore lint/suspicious/noExplicitAny: the resource layer works on tables named at run time.
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: a select over one of those tables.
type AnySelect = SelectQueryBuilder<any, any, any>;

export interface RowError {
  row: number;
  column: string;
  reason: string;
}

export interface ImportResult {
  jobId: string;
  status: 'imported' | 'checkFailed';
  total: number;
  inserted: number;
  updated: number;
  errorCount: number;
  /** The first errors, for the dialog's result list; the annotated workbook has all of them. */
  errors: (RowError & { message: string })[];
}

export interface ImportInput {
  path: string;
  fileName: string;
  /** Sends one message on the live channel. */
  progress: (message: string) => void;
}

/** Test seams: a failure injected between batches shows that a killed import leaves nothing. */
export const importHooks: { beforeBatch?: (batch: number) => void | Promise<void> } = {};

const BATCH = 2000;
const MAX_RESULT_ERRORS = 200;
const MAX_SOCKET_ERRORS = 1000;
const MAX_ROWS = 1_048_576;

const dyn = (db: unknown) => db as AnyDb;

/** Column names as the database spells them (the CamelCasePlugin's rule). */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const SQL_TYPE = {
  string: 'text',
  integer: 'integer',
  number: 'numeric',
  decimal: 'numeric',
  date: 'date',
  datetime: 'timestamptz',
  boolean: 'boolean',
} as const;

const isEmptyRow = (values: unknown[]) =>
  values.every((v) => {
    const p = plain(v);
    return p === null || (typeof p === 'string' && p.trim() === '');
  });

function matchHeader(values: unknown[], columns: ImportColumn[]): Map<number, ImportColumn> {
  const byIndex = new Map<number, ImportColumn>();
  values.forEach((cell, index) => {
    const text = plain(cell);
    if (text === null || text === undefined) return;
    const name = normalise(String(text));
    const column = columns.find((c) => c.names.includes(name));
    if (column && ![...byIndex.values()].includes(column)) byIndex.set(index, column);
  });
  return byIndex;
}

interface Checked {
  row: number;
  values: Record<string, unknown>;
  ext: Record<string, unknown>;
}

interface Checker {
  decl: ImportDecl;
  ctx: CallContext;
  header: Map<number, ImportColumn>;
  /** Business key text → first row it appeared on. */
  keys: Map<string, number>;
  errors: RowError[];
  errorRows: Set<number>;
  keyLabel: string;
}

const keyOf = (decl: ImportDecl, values: Record<string, unknown>) =>
  decl.key.map((k) => String(values[k] ?? '')).join('\u0000');

function fail(c: Checker, row: number, column: string, reason: string) {
  c.errors.push({ row, column, reason });
  c.errorRows.add(row);
}

/** Checks the cells of one row; returns the row's values when every cell is good. */
function checkCells(c: Checker, row: SheetRow): Checked | undefined {
  const { t } = c.ctx;
  const values: Record<string, unknown> = {};
  const ext: Record<string, unknown> = {};
  let good = true;
  for (const [index, column] of c.header) {
    const result = readCell(column, row.values[index], t);
    if ('error' in result) {
      fail(c, row.number, column.label, result.error);
      good = false;
    } else if (column.custom) ext[column.prop] = result.value;
    else values[column.prop] = result.value;
  }
  // An empty field the resource fills from the caller (a supplier's user's own supplier), as on add.
  for (const [prop, f] of Object.entries(c.decl.resource.fields)) {
    if (!f.fill || (values[prop] !== undefined && values[prop] !== null && values[prop] !== '')) continue;
    const filled = f.fill(c.ctx);
    if (filled !== undefined && filled !== null) values[prop] = filled;
  }
  for (const [from, to] of c.decl.resource.ordered ?? []) {
    const a = values[from];
    const b = values[to];
    if (a != null && b != null && String(a) > String(b)) {
      fail(c, row.number, t(`field.${to}`), t('problem.dateOrder', { other: t(`field.${from}`) }));
      good = false;
    }
  }
  if (!good) return undefined;
  const key = keyOf(c.decl, values);
  const first = c.keys.get(key);
  if (first !== undefined) {
    fail(c, row.number, c.keyLabel, t('import.duplicateInFile', { row: first }));
    return undefined;
  }
  c.keys.set(key, row.number);
  return { row: row.number, values, ext };
}

/**
 * A column of a batch as one bound parameter for `unnest`: PostgreSQL's text form of an array
 * (`{"a","b",NULL}`) sent as UTF-8 bytes and cast to the array type in SQL. Both drivers pass bytes
 * through as they are, where an array parameter would be turned into that same text value by value in
 * JavaScript (and on PGlite, on the thread that also runs the database, then measured character by
 * character twice): about a tenth of a large import's time on PGlite. Only for a function in FROM,
 * which casts it once: in a WHERE clause the planner may cast it again for every row it scans.
 */
function unnestColumn(values: readonly unknown[], type: string) {
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v == null) parts[i] = 'NULL';
    else {
      const text = v instanceof Date ? v.toISOString() : String(v);
      parts[i] = `"${ESCAPED.test(text) ? text.replace(/[\\"]/g, '\\$&') : text}"`;
    }
  }
  return sql`${Buffer.from(`{${parts.join(',')}}`, 'utf8')}::text::${sql.raw(type)}[]`;
}
const ESCAPED = /[\\"]/;

/** `column = any($1)`: one array parameter for a batch's values, rather than one parameter each. */
const anyOf = (column: string, values: unknown[]) =>
  sql<boolean>`${sql.ref(column)} = any(${values.map((v) => (v == null ? null : String(v)))}::text[])`;

/**
 * Checks a batch of rows against the database: the data scope of the values and their references
 * (existing records: checkExisting).
 */
async function checkBatch(c: Checker, batch: Checked[]): Promise<Checked[]> {
  const { ctx, decl } = c;
  const def = decl.resource;
  const { t } = ctx;
  const bad = new Set<number>();
  const scope = ctx.user?.scope;
  // The data scope of the values written.
  if (scope && def.scope) {
    const skip = def.scopeValue ? def.scope[def.scopeValue] : undefined;
    const limits: [string | undefined, string[] | null][] = [
      [def.scope.org, scope.all ? null : scope.orgs],
      [def.scope.warehouse, scope.all ? null : scope.warehouses],
      [def.scope.classifyType, scope.all ? null : scope.classifyTypes],
      [def.scope.supplier, scope.supplierNo ? [scope.supplierNo] : null],
    ];
    for (const r of batch) {
      for (const [column, allowed] of limits) {
        if (!column || !allowed || column === skip || r.values[column] == null) continue;
        if (!allowed.includes(String(r.values[column]))) {
          fail(c, r.row, t(`field.${column}`), t('import.outOfScope'));
          bad.add(r.row);
        }
      }
    }
  }
  // References (the resource's): the named record must exist and, unless any will do, be valid.
  for (const [prop, ref] of Object.entries(def.references ?? {})) {
    const named = (v: unknown) => v != null && !ref.except?.includes(String(v));
    const wanted = [...new Set(batch.map((r) => r.values[prop]).filter(named))] as string[];
    if (!wanted.length) continue;
    const also = Object.entries(ref.with ?? {});
    let q = dyn(ctx.db)
      .selectFrom(ref.table)
      .select([ref.column, ...also.map(([column]) => column)])
      .where(anyOf(ref.column, wanted));
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
    for (const r of batch) {
      const v = r.values[prop];
      if (named(v) && !found.has(refKey(r.values, rowNames))) {
        fail(c, r.row, t(`field.${prop}`), t('import.unknownReference'));
        bad.add(r.row);
      }
    }
  }
  return batch.filter((r) => !bad.has(r.row));
}

/**
 * Rows whose key existed before this import: the caller must see that record in its data scope, and
 * the menu must grant the resource's update flag (isModify). Asked for a batch that is only checked
 * (an earlier row failed) and for one the upsert did not write whole (it updates only what the caller
 * may update), to say which rows failed and why. Rows this import's transaction wrote are not looked at (keys are unique in a file).
 */
async function checkExisting(c: Checker, batch: Checked[]): Promise<void> {
  const { ctx, decl } = c;
  const def = decl.resource;
  const { t } = ctx;
  let q: AnySelect = dyn(ctx.db)
    .selectFrom(`${def.table} as t1`)
    .where(sql<boolean>`t1.xmin <> pg_current_xact_id()::xid`);
  for (const k of decl.key)
    q = q.where(
      anyOf(
        `t1.${k}`,
        batch.map((r) => r.values[k]),
      ),
    );
  const keys = async (query: AnySelect) =>
    new Set(
      ((await query.select(decl.key.map((k) => `t1.${k}`)).execute()) as Record<string, unknown>[]).map((r) =>
        keyOf(decl, r),
      ),
    );
  const existing = await keys(q);
  if (!existing.size) return;
  const visible = await keys(applyScope(def, ctx, q));
  for (const r of batch) {
    const key = keyOf(decl, r.values);
    if (!existing.has(key)) continue;
    if (!visible.has(key)) fail(c, r.row, c.keyLabel, t('import.outOfScope'));
    else if (!ctx.flags?.[writeFlag(def, 'update')]) fail(c, r.row, c.keyLabel, t('import.noModify'));
  }
}

/** The bad rows written back into a copy of the sheet: bad cells filled red, the reasons in a last column. */
async function annotate(path: string, c: Checker, t: CallContext['t']): Promise<Buffer> {
  const byRow = new Map<number, RowError[]>();
  for (const e of c.errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
  const labelIndex = new Map([...c.header].map(([index, column]) => [column.label, index]));
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Import');
  let width = 0;
  let headerRow = 0;
  for await (const row of firstSheetRows(path)) {
    const values = row.values.map((v) => escapeCell(plain(v)));
    if (!headerRow && !isEmptyRow(row.values)) {
      headerRow = row.number;
      // row.values is 1-based: index 0 is always empty.
      width = Math.max(values.length - 1, ...c.header.keys()) + 1;
      values[width] = t('import.errorColumn');
      const written = sheet.getRow(row.number);
      written.values = values as ExcelJS.CellValue[];
      written.font = { bold: true };
      written.commit();
      continue;
    }
    const errors = byRow.get(row.number);
    if (errors) {
      values[width] = errors.map((e) => `${e.column}: ${e.reason}`).join('\n');
    }
    const written = sheet.getRow(row.number);
    written.values = values as ExcelJS.CellValue[];
    if (errors) {
      for (const e of errors) {
        const index = labelIndex.get(e.column);
        if (index !== undefined)
          written.getCell(index).fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
      }
      written.getCell(width).font = { color: { argb: 'FF9C0006' } };
    }
    written.commit();
  }
  if (width) sheet.getColumn(width).width = 60;
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

function rowMessage(t: CallContext['t'], e: RowError): string {
  return t('import.rowError', { row: e.row, column: e.column, reason: e.reason });
}

/** Thrown inside the import's transaction when a row failed its check: everything is rolled back. */
class CheckFailed extends Error {}

/** Runs one import; throws AppError for a file that cannot be read at all. */
export async function runImport(
  decl: ImportDecl,
  ctx: CallContext,
  input: ImportInput,
): Promise<ImportResult> {
  const { t } = ctx;
  const user = ctx.user!;
  const job = await ctx.db
    .insertInto('sysImportJob')
    .values({
      userId: user.id,
      module: ctx.menuNo ?? '',
      port: decl.port,
      fileName: input.fileName.slice(0, 255),
      status: 'checking',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const setJob = (values: Updateable<DB['sysImportJob']>) =>
    ctx.db
      .updateTable('sysImportJob')
      .set({ ...values, updateDate: new Date() })
      .where('id', '=', job.id)
      .execute();
  const columns = await importColumns(decl, ctx);
  const checker: Checker = {
    decl,
    ctx,
    header: new Map(),
    keys: new Map(),
    errors: [],
    errorRows: new Set(),
    keyLabel: t(`field.${decl.key[0]}`),
  };
  let total = 0;
  try {
    const written = await ctx.db.transaction().execute(async (tx) => {
      // Every query of the import runs in its transaction (on embedded PGlite there is one connection).
      checker.ctx = { ...ctx, db: tx };
      let writer: RowWriter | undefined;
      let share = 0;
      let lastPercent = -1;
      let pending: Checked[] = [];
      // A batch is checked against the database and, while every row so far passed, written, while
      // the reader parses the next rows; at most two batches are in flight, written in file order.
      let chain: Promise<void> = Promise.resolve();
      let inFlight = 0;
      const flush = async () => {
        const batch = pending;
        pending = [];
        if (!batch.length) return;
        inFlight++;
        chain = chain.then(async () => {
          try {
            const passed = await checkBatch(checker, batch);
            // While every row so far passed, the batch is written: new rows inserted, existing ones
            // updated where the caller may. When a row was not written, or an earlier row failed, the
            // batch's existing records are looked at to say which rows fail and why.
            if (checker.errors.length) await checkExisting(checker, passed);
            else if ((await writer!.write(passed)) < passed.length) {
              await checkExisting(checker, passed);
              // A row the upsert left alone is always one of those; never commit without it.
              if (!checker.errors.length) throw new Error('an import batch was not written whole');
            }
          } finally {
            inFlight--;
          }
        });
        // A failure is awaited below; this only keeps it from counting as unhandled meanwhile.
        chain.catch(() => {});
        if (inFlight > 2) await chain;
      };
      input.progress(`$check|0|0`);
      for await (const row of firstSheetRows(input.path, (read) => {
        share = read;
      })) {
        if (!checker.header.size) {
          if (isEmptyRow(row.values)) continue;
          checker.header = matchHeader(row.values, columns);
          const present = new Set(checker.header.values());
          const missing = columns.filter((col) => col.required && !present.has(col));
          if (missing.length)
            throw new AppError('importNoColumns', { columns: missing.map((col) => col.label).join(', ') });
          writer = rowWriter(decl, checker.ctx, tx, present);
          continue;
        }
        if (isEmptyRow(row.values)) continue;
        if (++total > MAX_ROWS) throw new AppError('importBomb');
        const checked = checkCells(checker, row);
        if (checked) pending.push(checked);
        if (pending.length >= BATCH) await flush();
        const percent = Math.min(99, Math.floor(share * 100));
        if (total % BATCH === 0 || percent !== lastPercent) {
          if (percent !== lastPercent || total % (BATCH * 10) === 0)
            input.progress(`$check|${percent}|${total}`);
          lastPercent = percent;
        }
      }
      if (!writer)
        throw new AppError('importNoColumns', {
          columns: columns
            .filter((col) => col.required)
            .map((col) => col.label)
            .join(', '),
        });
      await flush();
      await chain;
      input.progress(`$check|100|${total}`);
      if (checker.errors.length) throw new CheckFailed();

      input.progress(CHECK_SUCCESS);
      // The rows are in the transaction already; what the dialog shows as importing is the commit.
      for (const line of writer.ticks) input.progress(line);
      await tx
        .updateTable('sysImportJob')
        .set({
          status: 'imported',
          totalRows: total,
          inserted: writer.inserted,
          updated: writer.updated,
          updateDate: new Date(),
        })
        .where('id', '=', job.id)
        .execute();
      return { inserted: writer.inserted, updated: writer.updated };
    });
    input.progress(`$import|100|${written.inserted + written.updated}`);
    return { jobId: job.id, status: 'imported', total, ...written, errorCount: 0, errors: [] };
  } catch (err) {
    if (!(err instanceof CheckFailed)) {
      await setJob({ status: 'error' }).catch(() => {});
      throw err;
    }
  }

  checker.errors.sort((a, b) => a.row - b.row);
  const lines = checker.errors.slice(0, MAX_SOCKET_ERRORS).map((e) => rowMessage(t, e));
  for (let i = 0; i < lines.length; i += 100) input.progress(lines.slice(i, i + 100).join('\n'));
  input.progress(CHECK_FAILED);
  const annotated = await annotate(input.path, checker, t);
  await setJob({ status: 'checkFailed', totalRows: total, errorRows: checker.errorRows.size, annotated });
  return {
    jobId: job.id,
    status: 'checkFailed',
    total,
    inserted: 0,
    updated: 0,
    errorCount: checker.errorRows.size,
    errors: checker.errors.slice(0, MAX_RESULT_ERRORS).map((e) => ({ ...e, message: rowMessage(t, e) })),
  };
}

interface RowWriter {
  /**
   * Upserts checked rows by the business key, in the import's transaction: an existing record is
   * updated only when the caller sees it in its data scope and the menu grants the resource's update
   * flag (isModify). Answers how many rows it wrote.
   */
  write(rows: Checked[]): Promise<number>;
  inserted: number;
  updated: number;
  /** One tick line per written batch, sent once the whole file passed its check. */
  ticks: string[];
}

/** The upsert of checked rows: the columns the file has, by the resource's declaration. */
function rowWriter(
  decl: ImportDecl,
  ctx: CallContext,
  tx: Transaction<DB>,
  present: Set<ImportColumn>,
): RowWriter {
  const def = decl.resource;
  const { t } = ctx;
  const now = new Date();
  const name = ctx.user?.userName ?? 'system';
  const presentProps = new Set([...present].map((c) => c.prop));
  // A column the file does not have keeps its stored value; create-only fields (the key) never change.
  const updatable = Object.entries(def.fields)
    .filter(([prop, f]) => f.write === 'always' && presentProps.has(prop))
    .map(([prop]) => prop);
  const hasCustom = [...present].some((c) => c.custom);
  const user = ctx.user!;
  const grant =
    def.scopeValue && def.scope?.[def.scopeValue] && !user.scope.all ? def.scope[def.scopeValue] : undefined;
  // Identifiers come from the declaration only, never from the file; values are bound.
  const columns = Object.entries(def.fields)
    .filter(([, f]) => f.write)
    .map(([prop, f]) => ({ prop, col: snake(prop), type: SQL_TYPE[f.type], default: f.default }));
  const table = sql.raw(snake(def.table));
  // Without custom columns in the file, new rows take the column's default ('{}').
  const extColumns = def.customFields && hasCustom ? ['ext'] : [];
  // The id is made here rather than by the column's default: on PGlite every gen_random_uuid() opens
  // /dev/urandom through the emulated file system, which cost about a fifth of a large import's writing.
  const insertColumns = sql.raw(
    [
      'id',
      ...columns.map((c) => c.col),
      ...extColumns,
      'version',
      'create_name',
      'create_date',
      'update_name',
      'update_date',
    ].join(', '),
  );
  const selectList = sql.raw(
    ['r.id', ...columns.map((c) => `r.${c.col}`), ...extColumns.map((c) => `r.${c}`)].join(', '),
  );
  const recordNames = sql.raw(['id', ...columns.map((c) => c.col), ...extColumns].join(', '));
  const arrayTypes = ['uuid', ...columns.map((c) => c.type), ...extColumns.map(() => 'jsonb')];
  const conflictColumns = sql.raw(decl.key.map(snake).join(', '));
  const setList = sql.raw(
    [
      ...updatable.map((p) => `${snake(p)} = excluded.${snake(p)}`),
      ...(hasCustom ? [`ext = jsonb_strip_nulls(coalesce(target.ext, '{}'::jsonb) || excluded.ext)`] : []),
      'version = target.version + 1',
      'update_name = excluded.update_name',
      'update_date = excluded.update_date',
    ].join(', '),
  );
  const grantColumn = sql.raw(snake(grant ?? decl.key[0]));
  // The existing record is judged as it was: the condition reads the row before the update.
  const onConflict = ctx.flags?.[writeFlag(def, 'update')]
    ? sql`do update set ${setList} where exists (${applyScope(
        def,
        ctx,
        dyn(tx)
          .selectFrom(`${def.table} as t1`)
          .select(sql`1`.as('one'))
          .where(sql<boolean>`t1.id = target.id`),
      )})`
    : sql`do nothing`;
  let batchNo = 0;
  const writer: RowWriter = {
    inserted: 0,
    updated: 0,
    ticks: [],
    async write(batch) {
      if (!batch.length) return 0;
      await importHooks.beforeBatch?.(batchNo);
      batchNo++;
      // One statement per batch, each column travelling as one array parameter (unnest): a handful
      // of bound values however many rows, and no JSON to build and take apart.
      const arrays = [
        batch.map(() => randomUUID()),
        ...columns.map((c) =>
          batch.map(({ values }) => (c.prop in values ? values[c.prop] : (c.default ?? null))),
        ),
      ];
      if (extColumns.length)
        arrays.push(
          batch.map(({ ext }) =>
            JSON.stringify(Object.fromEntries(Object.entries(ext).filter(([, v]) => v != null))),
          ),
        );
      // One row back per batch: the counts, and the new rows' scope values when the importer is granted them.
      const [result] = (
        await sql<{ inserted: string; total: string; fresh: unknown[] | null }>`with written as (
          insert into ${table} as target (${insertColumns})
          select ${selectList}, 1, ${name}, ${now}, ${name}, ${now}
          from unnest(${sql.join(arrays.map((a, i) => unnestColumn(a, arrayTypes[i])))}) as r(${recordNames})
          on conflict (${conflictColumns}) ${onConflict}
          returning ${grantColumn} as g, (xmax = 0) as inserted)
          select count(*) filter (where inserted) as inserted, count(*) as total,
            ${grant ? sql`array_agg(g) filter (where inserted)` : sql`null`} as fresh
          from written`.execute(tx)
      ).rows;
      const fresh = (result.fresh ?? []).map((g) => ({ g }));
      writer.inserted += Number(result.inserted);
      writer.updated += Number(result.total) - Number(result.inserted);
      if (grant && fresh.length) {
        await tx
          .insertInto('sysUserData')
          .values(
            fresh.map((r) => ({
              userId: user.id,
              dataType: DATA_TYPE[def.scopeValue!],
              dataValue: String(r.g),
            })),
          )
          .onConflict((oc) => oc.doNothing())
          .execute();
        user.scope[
          ({ org: 'orgs', warehouse: 'warehouses', classifyType: 'classifyTypes' } as const)[def.scopeValue!]
        ].push(...fresh.map((r) => String(r.g)));
      }
      const first = batch[0].row;
      const last = batch[batch.length - 1].row;
      writer.ticks.push(`${TICK} ${t('import.batchDone', { count: batch.length, first, last })}`);
      return Number(result.total);
    },
  };
  return writer;
}

/** The annotated workbook of a failed check; only the user who imported may fetch it. */
export async function annotatedWorkbook(
  ctx: CallContext,
  jobId: string,
): Promise<{ fileName: string; body: Buffer }> {
  const job = await ctx.db
    .selectFrom('sysImportJob')
    .select(['fileName', 'annotated'])
    .where('id', '=', jobId)
    .where('userId', '=', ctx.user!.id)
    .where('status', '=', 'checkFailed')
    .executeTakeFirst();
  if (!job?.annotated) throw new AppError('importNotFound');
  const base = job.fileName.replace(/\.xlsx?$/i, '');
  return { fileName: `${base}-${ctx.t('import.errorFileSuffix')}.xlsx`, body: job.annotated };
}
