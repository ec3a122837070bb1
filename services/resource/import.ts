// Import (spec 000 section 7: {port}/importexcel): a workbook is checked whole before anything is
// written, then written all or nothing in one transaction.
//
// Pass 1 streams the first sheet with exceljs's reader and checks every row (types, required,
// lengths, patterns, options, ordered pairs, references, duplicates inside the file, data scope of
// new and existing rows, the isModify flag for rows that update). Checked rows go to a spool file
// (one JSON line each), so memory holds keys, not rows, however large the file.
// If any row failed, nothing is written: the errors go out on the live channel and an annotated copy
// of the workbook (every bad cell marked, every bad row explained) is stored for download.
// Pass 2 reads the spool and upserts by the business key in batches, inside one transaction that
// also records the job's outcome; a crash or a killed server before the commit leaves no row.
// Sending the same file again updates the same rows (upsert by key): it never duplicates them.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import ExcelJS from 'exceljs';
import { type Kysely, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import { DATA_TYPE } from '../access/scope.js';
import type { SysImportJobTable } from '../db/types.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import { escapeCell } from './export.js';
import { plain, readCell } from './import-cells.js';
import { type ImportColumn, type ImportDecl, importColumns, normalise } from './import-columns.js';
import { CHECK_FAILED, CHECK_SUCCESS, TICK } from './import-progress.js';
import { applyScope } from './resource.js';

// biome-ignore lint/suspicious/noExplicitAny: the resource layer works on tables named at run time.
type AnyDb = Kysely<any>;

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

const BATCH = 500;
/** Rows per insert statement in pass 2. */
const WRITE_BATCH = 2000;
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
  date: 'date',
  datetime: 'timestamptz',
  boolean: 'boolean',
} as const;

/** Counts the bytes the reader has consumed, for a progress percentage. */
function counting(path: string, onBytes: (n: number) => void) {
  let read = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      read += chunk.length;
      onBytes(read);
      done(null, chunk);
    },
  });
  return createReadStream(path).pipe(meter);
}

interface SheetRow {
  number: number;
  values: unknown[];
}

/** The rows of the first worksheet, streamed. */
async function* firstSheetRows(
  path: string,
  onBytes: (n: number) => void = () => {},
): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(counting(path, onBytes), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      yield { number: row.number, values: (row.values as unknown[]) ?? [] };
    }
    // Only the first sheet holds data; the template's option lists live on later ones.
    return;
  }
}

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
 * Checks a batch of rows against the database: references, the data scope of the values, and for
 * rows whose key exists already, that the caller sees that record and may modify it.
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
  // References: the named record must exist and be valid.
  for (const [prop, ref] of Object.entries(decl.references ?? {})) {
    const wanted = [...new Set(batch.map((r) => r.values[prop]).filter((v) => v != null))] as string[];
    if (!wanted.length) continue;
    const also = Object.entries(ref.with ?? {});
    let q = dyn(ctx.db)
      .selectFrom(ref.table)
      .select([ref.column, ...also.map(([column]) => column)])
      .where(ref.column, 'in', wanted);
    if (ref.validField) q = q.where(ref.validField, '=', '1');
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
      if (v != null && !found.has(refKey(r.values, rowNames))) {
        fail(c, r.row, t(`field.${prop}`), t('import.unknownReference'));
        bad.add(r.row);
      }
    }
  }
  // Existing records: visible in the caller's scope, and the menu grants isModify.
  const keyColumn = decl.key[0];
  const keyValues = batch.map((r) => r.values[keyColumn]);
  // biome-ignore lint/suspicious/noExplicitAny: dynamic tables.
  const where = (q: SelectQueryBuilder<any, any, any>) => {
    let out = q.where(`t1.${keyColumn}`, 'in', keyValues);
    for (const k of decl.key.slice(1))
      out = out.where(
        `t1.${k}`,
        'in',
        batch.map((r) => r.values[k]),
      );
    return out;
  };
  const all = (await where(dyn(ctx.db).selectFrom(`${def.table} as t1`))
    .select(decl.key.map((k) => `t1.${k}`))
    .execute()) as Record<string, unknown>[];
  if (all.length) {
    const scoped = applyScope(def, ctx, where(dyn(ctx.db).selectFrom(`${def.table} as t1`)));
    const visible = new Set(
      ((await scoped.select(decl.key.map((k) => `t1.${k}`)).execute()) as Record<string, unknown>[]).map(
        (r) => keyOf(decl, r),
      ),
    );
    const existing = new Set(all.map((r) => keyOf(decl, r)));
    for (const r of batch) {
      const key = keyOf(decl, r.values);
      if (!existing.has(key)) continue;
      if (!visible.has(key)) {
        fail(c, r.row, c.keyLabel, t('import.outOfScope'));
        bad.add(r.row);
      } else if (!ctx.flags?.isModify) {
        fail(c, r.row, c.keyLabel, t('import.noModify'));
        bad.add(r.row);
      }
    }
  }
  return batch.filter((r) => !bad.has(r.row));
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
  const setJob = (values: Updateable<SysImportJobTable>) =>
    ctx.db
      .updateTable('sysImportJob')
      .set({ ...values, updateDate: new Date() })
      .where('id', '=', job.id)
      .execute();
  const work = await mkdtemp(join(tmpdir(), 'srm-import-'));
  try {
    const columns = await importColumns(decl, ctx);
    const size = (await stat(input.path)).size;
    const spoolPath = join(work, 'rows.ndjson');
    const spool = createWriteStream(spoolPath);
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
    let good = 0;
    let bytes = 0;
    let lastPercent = -1;
    let pending: Checked[] = [];
    // The database checks of a batch run while the reader parses the next rows; at most two
    // batches are in flight, and they reach the spool in file order.
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
          for (const r of passed) {
            if (!spool.write(`${JSON.stringify([r.row, r.values, r.ext])}\n`))
              await new Promise<void>((resolve) => spool.once('drain', () => resolve()));
            good++;
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
    for await (const row of firstSheetRows(input.path, (n) => {
      bytes = n;
    })) {
      if (!checker.header.size) {
        if (isEmptyRow(row.values)) continue;
        checker.header = matchHeader(row.values, columns);
        const present = new Set(checker.header.values());
        const missing = columns.filter((col) => col.required && !present.has(col));
        if (missing.length)
          throw new AppError('importNoColumns', { columns: missing.map((col) => col.label).join(', ') });
        continue;
      }
      if (isEmptyRow(row.values)) continue;
      if (++total > MAX_ROWS) throw new AppError('importBomb');
      const checked = checkCells(checker, row);
      if (checked) pending.push(checked);
      if (pending.length >= BATCH) await flush();
      const percent = Math.min(99, Math.floor((bytes / size) * 100));
      if (total % BATCH === 0 || percent !== lastPercent) {
        if (percent !== lastPercent || total % (BATCH * 10) === 0)
          input.progress(`$check|${percent}|${total}`);
        lastPercent = percent;
      }
    }
    if (!checker.header.size)
      throw new AppError('importNoColumns', {
        columns: columns
          .filter((col) => col.required)
          .map((col) => col.label)
          .join(', '),
      });
    await flush();
    await chain;
    await new Promise<void>((resolve, reject) =>
      spool.end((err?: Error | null) => (err ? reject(err) : resolve())),
    );
    input.progress(`$check|100|${total}`);

    if (checker.errors.length) {
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

    input.progress(CHECK_SUCCESS);
    await setJob({ status: 'importing', totalRows: total });
    const present = new Set([...checker.header.values()]);
    const written = await writeRows(decl, ctx, spoolPath, present, good, job.id, input.progress);
    input.progress(`$import|100|${good}`);
    return { jobId: job.id, status: 'imported', total, ...written, errorCount: 0, errors: [] };
  } catch (err) {
    await setJob({ status: 'error' }).catch(() => {});
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The spool's lines, read only as fast as they are written to the database. (readline's async
 * iterator keeps reading while its consumer awaits, so it would queue the whole spool in memory.)
 */
async function* spoolLines(path: string): AsyncGenerator<string> {
  let rest = '';
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (line) yield line;
  }
  if (rest) yield rest;
}

/** Pass 2: every checked row upserted by its key in one transaction, with the job's outcome. */
async function writeRows(
  decl: ImportDecl,
  ctx: CallContext,
  spoolPath: string,
  present: Set<ImportColumn>,
  count: number,
  jobId: string,
  progress: (message: string) => void,
): Promise<{ inserted: number; updated: number }> {
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
  const tableName = snake(def.table);
  const table = sql.raw(tableName);
  const extColumns = def.customFields ? ['ext'] : [];
  const insertColumns = sql.raw(
    [
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
    [...columns.map((c) => `r.${c.col}`), ...extColumns.map((c) => `r.${c}`)].join(', '),
  );
  const recordDef = sql.raw(
    [...columns.map((c) => `${c.col} ${c.type}`), ...extColumns.map((c) => `${c} jsonb`)].join(', '),
  );
  const conflictColumns = sql.raw(decl.key.map(snake).join(', '));
  const setList = sql.raw(
    [
      ...updatable.map((p) => `${snake(p)} = excluded.${snake(p)}`),
      ...(hasCustom
        ? [`ext = jsonb_strip_nulls(coalesce(${tableName}.ext, '{}'::jsonb) || excluded.ext)`]
        : []),
      `version = ${tableName}.version + 1`,
      'update_name = excluded.update_name',
      'update_date = excluded.update_date',
    ].join(', '),
  );
  const grantColumn = sql.raw(snake(grant ?? decl.key[0]));
  let inserted = 0;
  let updated = 0;
  await ctx.db.transaction().execute(async (tx) => {
    let batch: [number, Record<string, unknown>, Record<string, unknown>][] = [];
    let batchNo = 0;
    let done = 0;
    const write = async () => {
      if (!batch.length) return;
      await importHooks.beforeBatch?.(batchNo);
      batchNo++;
      // One statement per batch, the rows travelling as one JSON parameter: far fewer bound
      // parameters to build and parse than a multi-row VALUES list.
      const rows = batch.map(([, values, ext]) => {
        const record: Record<string, unknown> = {};
        for (const c of columns) record[c.col] = c.prop in values ? values[c.prop] : (c.default ?? null);
        if (def.customFields)
          record.ext = Object.fromEntries(Object.entries(ext).filter(([, v]) => v != null));
        return record;
      });
      const result = (
        await sql<Record<string, unknown>>`insert into ${table} (${insertColumns})
          select ${selectList}, 1, ${name}, ${now}, ${name}, ${now}
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(${recordDef})
          on conflict (${conflictColumns}) do update set ${setList}
          returning ${grantColumn} as "g", (xmax = 0) as "inserted"`.execute(tx)
      ).rows;
      const fresh = result.filter((r) => r.inserted === true);
      inserted += fresh.length;
      updated += result.length - fresh.length;
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
      const first = batch[0][0];
      const last = batch[batch.length - 1][0];
      done += batch.length;
      progress(`${TICK} ${t('import.batchDone', { count: batch.length, first, last })}`);
      progress(`$import|${Math.min(99, Math.floor((done / Math.max(1, count)) * 100))}|${done}`);
      batch = [];
    };
    for await (const line of spoolLines(spoolPath)) {
      batch.push(JSON.parse(line));
      if (batch.length >= WRITE_BATCH) await write();
    }
    await write();
    await tx
      .updateTable('sysImportJob')
      .set({ status: 'imported', inserted, updated, updateDate: new Date() })
      .where('id', '=', jobId)
      .execute();
  });
  return { inserted, updated };
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
