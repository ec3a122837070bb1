// Import (spec 000 section 7: {port}/importexcel): a workbook is checked before anything is written,
// then, once the user confirms, written all or nothing in one database transaction.
//
// - The check (step 'check') reads the first sheet and checks every row (import-check.ts) without
//   writing: it answers how many rows would be added, updated and left unchanged and how many are in
//   error, keeps on the job the file's checksum, the mode and a digest of its decisions, and stores an
//   annotated copy of the workbook (errors, and the fields each update changes, old → new) when there
//   is anything to mark.
// - The import (step 'import' with the check's job id) takes the same file again. A different file is
//   refused; otherwise the check runs again inside the import's transaction and each batch is written
//   (import-writer.ts) while the reader parses the next rows, so memory holds keys, not rows, however
//   large the file. When a batch decides otherwise than the check did (a record changed or appeared
//   since), nothing is written and the answer is a fresh check with `changed`, for the user to confirm
//   again. A bad row, a crash or a killed server before the commit leaves nothing.
// - A call without a step (a machine client of the API) checks and writes in one go, as the import
//   step does without a check to compare with.
import type { Kysely, Transaction, Updateable } from 'kysely';
import { type ImportMode, modeRefusal } from '../../engine/core/importMode.js';
import type { DB } from '../db/types.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import { annotate, hasAnnotations, isEmptyRow } from './import-annotate.js';
import { plain } from './import-cells.js';
import {
  type CheckedRow,
  type Checker,
  checkCells,
  decideBatch,
  ImportChanged,
  newChecker,
  type RowError,
  sameAsChecked,
} from './import-check.js';
import { type ImportColumn, importColumns, normalise } from './import-columns.js';
import { CHECK_FAILED, CHECK_SUCCESS } from './import-progress.js';
import { type RowWriter, rowWriter } from './import-writer.js';
import { firstSheetRows } from './xlsx-rows.js';

export type { RowError } from './import-check.js';
export { importHooks } from './import-writer.js';

export type ImportStep = 'check' | 'import';

export interface ImportResult {
  jobId: string;
  /** checked: nothing written, waiting for the user's confirmation; imported; checkFailed: nothing written. */
  status: 'checked' | 'imported' | 'checkFailed';
  /** An import that found records changed since its check: nothing written, this is a new check. */
  changed?: boolean;
  mode: ImportMode;
  total: number;
  /** Rows added (or, after a check, to be added). */
  inserted: number;
  /** Rows updated (or to be updated): at least one field changes. */
  updated: number;
  /** Rows of existing records whose cells equal the stored values: not written. */
  unchanged: number;
  errorCount: number;
  /** An annotated workbook is ready for downImportErrorFile (errors, or the changes updates make). */
  annotated: boolean;
  /** The first errors, for the dialog's result list; the annotated workbook has all of them. */
  errors: (RowError & { message: string })[];
}

export interface ImportInput {
  path: string;
  fileName: string;
  /** sha256 of the uploaded file. */
  checksum: string;
  /** Absent: check and write in one go (API clients). */
  step?: ImportStep;
  mode: ImportMode;
  /** For step 'import': the job of the check being confirmed. */
  jobId?: string;
  /** Sends one message on the live channel. */
  progress: (message: string) => void;
}

const BATCH = 2000;
const MAX_RESULT_ERRORS = 200;
const MAX_SOCKET_ERRORS = 1000;
const MAX_ROWS = 1_048_576;

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

/** The columns a header must have: the key always; the required ones unless only updating. */
function neededColumns(decl: Checker['decl'], mode: ImportMode, columns: ImportColumn[]) {
  return columns.filter(
    (col) => col.required && (modeRefusal(mode, false) === undefined || decl.key.includes(col.prop)),
  );
}

function rowMessage(t: CallContext['t'], e: RowError): string {
  return t('import.rowError', { row: e.row, column: e.column, reason: e.reason });
}

/** Thrown inside the import's transaction when a row failed its check: everything is rolled back. */
class CheckFailed extends Error {}

interface Pass {
  checker: Checker;
  total: number;
  writer?: RowWriter;
}

/**
 * One read of the sheet through the check. With `write`, inside the import's transaction: while every
 * row so far passed, each decided batch is written, and compared with the digest of the check it
 * confirms (`expected`), if any.
 */
async function readAndCheck(
  decl: Checker['decl'],
  ctx: CallContext,
  input: ImportInput,
  write?: { tx: Transaction<DB>; expected?: string[] },
): Promise<Pass> {
  const columns = await importColumns(decl, ctx);
  const checker = newChecker(decl, ctx, input.mode);
  let writer: RowWriter | undefined;
  let total = 0;
  let share = 0;
  let lastPercent = -1;
  let pending: CheckedRow[] = [];
  // A batch is checked against the database (and written) while the reader parses the next rows; at
  // most two batches are in flight, handled in file order.
  let chain: Promise<void> = Promise.resolve();
  let inFlight = 0;
  const flush = async () => {
    const batch = pending;
    pending = [];
    if (!batch.length) return;
    inFlight++;
    chain = chain.then(async () => {
      try {
        const decided = await decideBatch(checker, batch);
        if (write && !checker.errors.length) {
          sameAsChecked(checker, write.expected);
          await writer!.write(decided);
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
  let header = false;
  for await (const row of firstSheetRows(input.path, (read) => {
    share = read;
  })) {
    if (!header) {
      if (isEmptyRow(row.values)) continue;
      header = true;
      checker.header = matchHeader(row.values, columns);
      const present = new Set(checker.header.values());
      const missing = neededColumns(decl, input.mode, columns).filter((col) => !present.has(col));
      if (missing.length)
        throw new AppError('importNoColumns', { columns: missing.map((col) => col.label).join(', ') });
      if (write) writer = rowWriter(decl, ctx, write.tx, present);
      continue;
    }
    if (isEmptyRow(row.values)) continue;
    if (++total > MAX_ROWS) throw new AppError('importBomb');
    const checked = checkCells(checker, row);
    if (checked) pending.push(checked);
    if (pending.length >= BATCH) await flush();
    const percent = Math.min(99, Math.floor(share * 100));
    if (percent !== lastPercent || total % (BATCH * 10) === 0) input.progress(`$check|${percent}|${total}`);
    lastPercent = percent;
  }
  if (!header)
    throw new AppError('importNoColumns', {
      columns: neededColumns(decl, input.mode, columns)
        .map((col) => col.label)
        .join(', '),
    });
  await flush();
  await chain;
  if (write?.expected && !checker.errors.length && write.expected.length !== checker.digest.length)
    throw new ImportChanged();
  input.progress(`$check|100|${total}`);
  return { checker, total, writer };
}

/** The answer of a check or an import from its checker. */
function answer(
  jobId: string,
  status: ImportResult['status'],
  p: Pass,
  t: CallContext['t'],
  annotated: boolean,
): ImportResult {
  const c = p.checker;
  // A failed check writes nothing and will write nothing: its rows are counted as errors only.
  const counted = status !== 'checkFailed';
  return {
    jobId,
    status,
    mode: c.mode,
    total: p.total,
    inserted: counted ? c.inserted : 0,
    updated: counted ? c.updated : 0,
    unchanged: counted ? c.unchanged : 0,
    errorCount: c.errorRows.size,
    annotated,
    errors: c.errors.slice(0, MAX_RESULT_ERRORS).map((e) => ({ ...e, message: rowMessage(t, e) })),
  };
}

/** Sends a check's outcome on the live channel: its failure lines, then checkFailed or checkSuccess. */
function reportCheck(c: Checker, input: ImportInput, t: CallContext['t']) {
  if (!c.errors.length) return input.progress(CHECK_SUCCESS);
  c.errors.sort((a, b) => a.row - b.row);
  const lines = c.errors.slice(0, MAX_SOCKET_ERRORS).map((e) => rowMessage(t, e));
  for (let i = 0; i < lines.length; i += 100) input.progress(lines.slice(i, i + 100).join('\n'));
  input.progress(CHECK_FAILED);
}

/**
 * Runs a check, and stores its outcome on the job: status, counts, the digest of its decisions and
 * the annotated workbook when there is anything to mark.
 */
async function check(
  decl: Checker['decl'],
  ctx: CallContext,
  input: ImportInput,
  jobId: string,
  changed: boolean,
): Promise<ImportResult> {
  const { t } = ctx;
  const p = await readAndCheck(decl, ctx, input);
  const c = p.checker;
  reportCheck(c, input, t);
  const marked = hasAnnotations(c);
  const status = c.errors.length ? 'checkFailed' : 'checked';
  await setJob(ctx.db, jobId, {
    status,
    mode: input.mode,
    checksum: input.checksum,
    digest: status === 'checked' ? c.digest.join(',') : null,
    totalRows: p.total,
    errorRows: c.errorRows.size,
    inserted: c.inserted,
    updated: c.updated,
    unchanged: c.unchanged,
    annotated: marked ? await annotate(input.path, c, t) : null,
  });
  return { ...answer(jobId, status, p, t, marked), ...(changed ? { changed } : {}) };
}

const setJob = (db: Kysely<DB>, id: string, values: Updateable<DB['sysImportJob']>) =>
  db
    .updateTable('sysImportJob')
    .set({ ...values, updateDate: new Date() })
    .where('id', '=', id)
    .execute();

/** Takes the checked job an import confirms: the caller's, of this port, checked, the same file. */
async function confirmedJob(ctx: CallContext, decl: Checker['decl'], jobId: string, checksum: string) {
  const job = await ctx.db
    .updateTable('sysImportJob')
    .set({ status: 'importing', updateDate: new Date() })
    .where('id', '=', jobId)
    .where('userId', '=', ctx.user!.id)
    .where('port', '=', decl.port)
    .where('status', '=', 'checked')
    .where('checksum', '=', checksum)
    .returning(['mode', 'digest'])
    .executeTakeFirst();
  if (job) return { mode: job.mode as ImportMode, expected: job.digest ? job.digest.split(',') : [] };
  const other = await ctx.db
    .selectFrom('sysImportJob')
    .select(['checksum'])
    .where('id', '=', jobId)
    .where('userId', '=', ctx.user!.id)
    .where('port', '=', decl.port)
    .where('status', '=', 'checked')
    .executeTakeFirst();
  throw new AppError(other ? 'importFileChanged' : 'importNotChecked');
}

/** Runs one check or import; throws AppError for a file that cannot be read at all. */
export async function runImport(
  decl: Checker['decl'],
  ctx: CallContext,
  input: ImportInput,
): Promise<ImportResult> {
  const { t } = ctx;
  const user = ctx.user!;
  let expected: string[] | undefined;
  let jobId: string;
  if (input.step === 'import' && input.jobId) {
    const job = await confirmedJob(ctx, decl, input.jobId, input.checksum);
    jobId = input.jobId;
    expected = job.expected;
    input = { ...input, mode: job.mode };
  } else {
    if (input.step === 'import') throw new AppError('importNotChecked');
    const job = await ctx.db
      .insertInto('sysImportJob')
      .values({
        userId: user.id,
        module: ctx.menuNo ?? '',
        port: decl.port,
        fileName: input.fileName.slice(0, 255),
        status: 'checking',
        mode: input.mode,
        checksum: input.checksum,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    jobId = job.id;
  }

  // The pass of an import whose check failed in its transaction (set inside it, read after the rollback).
  const failure: { pass?: Pass } = {};
  try {
    if (input.step === 'check') return await check(decl, ctx, input, jobId, false);
    const p = await ctx.db.transaction().execute(async (tx) => {
      // Every query of the import runs in its transaction (on embedded PGlite there is one connection).
      const inTx = { ...ctx, db: tx };
      const pass = await readAndCheck(decl, inTx, input, { tx, expected });
      if (pass.checker.errors.length) {
        failure.pass = pass;
        throw new CheckFailed();
      }
      input.progress(CHECK_SUCCESS);
      // The rows are in the transaction already; what the dialog shows as importing is the commit.
      for (const line of pass.writer!.ticks) input.progress(line);
      await tx
        .updateTable('sysImportJob')
        .set({
          status: 'imported',
          mode: input.mode,
          totalRows: pass.total,
          inserted: pass.checker.inserted,
          updated: pass.checker.updated,
          unchanged: pass.checker.unchanged,
          annotated: null,
          updateDate: new Date(),
        })
        .where('id', '=', jobId)
        .execute();
      return pass;
    });
    input.progress(`$import|100|${p.checker.inserted + p.checker.updated}`);
    return answer(jobId, 'imported', p, t, false);
  } catch (err) {
    if (err instanceof ImportChanged) {
      // Nothing was written: the user sees the new counts and confirms again.
      return await check(decl, ctx, { ...input, step: 'check' }, jobId, true);
    }
    const failed = failure.pass;
    if (err instanceof CheckFailed && failed) {
      const c = failed.checker;
      reportCheck(c, input, t);
      const marked = hasAnnotations(c);
      await setJob(ctx.db, jobId, {
        status: 'checkFailed',
        totalRows: failed.total,
        errorRows: c.errorRows.size,
        inserted: c.inserted,
        updated: c.updated,
        unchanged: c.unchanged,
        digest: null,
        annotated: marked ? await annotate(input.path, c, t) : null,
      });
      return answer(jobId, 'checkFailed', failed, t, marked);
    }
    await setJob(ctx.db, jobId, { status: 'error' }).catch(() => {});
    throw err;
  }
}

/** The annotated workbook of a check (errors, changes); only the user who imported may fetch it. */
export async function annotatedWorkbook(
  ctx: CallContext,
  jobId: string,
): Promise<{ fileName: string; body: Buffer }> {
  const job = await ctx.db
    .selectFrom('sysImportJob')
    .select(['fileName', 'annotated', 'status'])
    .where('id', '=', jobId)
    .where('userId', '=', ctx.user!.id)
    .where('status', 'in', ['checkFailed', 'checked'])
    .executeTakeFirst();
  if (!job?.annotated) throw new AppError('importNotFound');
  const base = job.fileName.replace(/\.xlsx?$/i, '');
  const suffix = ctx.t(job.status === 'checked' ? 'import.checkedFileSuffix' : 'import.errorFileSuffix');
  return { fileName: `${base}-${suffix}.xlsx`, body: job.annotated };
}
