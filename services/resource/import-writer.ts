// The writes of a confirmed import, a batch at a time, in the import's transaction: decided rows only
// (import-check.ts). New rows are inserted; an update row sets the fields whose cell holds a value,
// empties those whose cell holds the clearing marker and leaves every other field as stored, and only
// at the version its check read; unchanged rows are not written. When fewer rows are written than
// were decided (a record changed or a key appeared since the check read them), the batch throws
// ImportChanged and the transaction is rolled back.
import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { DATA_TYPE } from '../access/scope.js';
import type { DB } from '../db/types.js';
import type { CallContext } from '../registry.js';
import { type DecidedRow, ImportChanged, SQL_TYPE } from './import-check.js';
import type { ImportColumn, ImportDecl } from './import-columns.js';
import { TICK } from './import-progress.js';
import { snake, unnestColumn } from './unnest.js';

/** Test seams: a failure injected between batches shows that a killed import leaves nothing. */
export const importHooks: { beforeBatch?: (batch: number) => void | Promise<void> } = {};

export interface RowWriter {
  write(rows: DecidedRow[]): Promise<void>;
  /** One tick line per written batch, sent once the whole file passed its check. */
  ticks: string[];
}

export function rowWriter(
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
  const hasCustom = Boolean(def.customFields) && [...present].some((c) => c.custom);
  const user = ctx.user!;
  const grant =
    def.scopeValue && def.scope?.[def.scopeValue] && !user.scope.all ? def.scope[def.scopeValue] : undefined;
  const table = sql.raw(snake(def.table));
  // Identifiers come from the declaration only, never from the file; values are bound.
  const columns = Object.entries(def.fields)
    .filter(([, f]) => f.write)
    .map(([prop, f]) => ({ prop, col: snake(prop), type: SQL_TYPE[f.type], default: f.default }));
  // A column the file does not have keeps its stored value; create-only fields (the key) never change.
  const updatable = columns.filter((c) => def.fields[c.prop].write === 'always' && presentProps.has(c.prop));
  const extColumns = hasCustom ? ['ext'] : [];
  const customJson = (r: DecidedRow, clears: boolean) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(r.ext)) if (v != null && v !== '') out[k] = v;
    if (clears) for (const k of r.clears) if (!(k in def.fields)) out[k] = null;
    return JSON.stringify(out);
  };

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
  const insertSelect = sql.raw(
    ['r.id', ...columns.map((c) => `r.${c.col}`), ...extColumns.map((c) => `r.${c}`)].join(', '),
  );
  const insertNames = sql.raw(['id', ...columns.map((c) => c.col), ...extColumns].join(', '));
  const insertTypes = ['uuid', ...columns.map((c) => c.type), ...extColumns.map(() => 'jsonb')];
  const conflictColumns = sql.raw(decl.key.map(snake).join(', '));

  async function insert(batch: DecidedRow[]): Promise<void> {
    const arrays = [
      batch.map(() => randomUUID()),
      ...columns.map((c) =>
        batch.map(({ values }) => (c.prop in values ? values[c.prop] : (c.default ?? null))),
      ),
      ...extColumns.map(() => batch.map((r) => customJson(r, false))),
    ];
    // One statement per batch, each column travelling as one array parameter (unnest); the new rows'
    // scope values come back when the importer is granted them.
    const [result] = (
      await sql<{ total: string; fresh: unknown[] | null }>`with written as (
        insert into ${table} as target (${insertColumns})
        select ${insertSelect}, 1, ${name}, ${now}, ${name}, ${now}
        from unnest(${sql.join(arrays.map((a, i) => unnestColumn(a, insertTypes[i])))}) as r(${insertNames})
        on conflict (${conflictColumns}) do nothing
        returning ${sql.raw(snake(grant ?? decl.key[0]))} as g)
        select count(*) as total, ${grant ? sql`array_agg(g)` : sql`null`} as fresh from written`.execute(tx)
    ).rows;
    // A key that appeared since the check read the batch: the check no longer holds.
    if (Number(result.total) !== batch.length) throw new ImportChanged();
    const fresh = (result.fresh ?? []).map(String);
    if (grant && fresh.length) {
      await tx
        .insertInto('sysUserData')
        .values(fresh.map((g) => ({ userId: user.id, dataType: DATA_TYPE[def.scopeValue!], dataValue: g })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      user.scope[
        ({ org: 'orgs', warehouse: 'warehouses', classifyType: 'classifyTypes' } as const)[def.scopeValue!]
      ].push(...fresh);
    }
  }

  // A cell with a value sets the field, the marker empties it, an empty cell keeps what is stored.
  const setList = sql.raw(
    [
      ...updatable.map(
        (c) =>
          `${c.col} = case when strpos(r.clears, ',${c.prop},') > 0 then null else coalesce(r.${c.col}, target.${c.col}) end`,
      ),
      ...(hasCustom ? [`ext = jsonb_strip_nulls(coalesce(target.ext, '{}'::jsonb) || r.ext)`] : []),
      'version = target.version + 1',
    ].join(', '),
  );
  const updateNames = sql.raw(
    ['id', 'version', ...updatable.map((c) => c.col), 'clears', ...extColumns].join(', '),
  );
  const updateTypes = [
    'uuid',
    'integer',
    ...updatable.map((c) => c.type),
    'text',
    ...extColumns.map(() => 'jsonb'),
  ];

  async function update(batch: DecidedRow[]): Promise<void> {
    const arrays = [
      batch.map((r) => r.id),
      batch.map((r) => r.version),
      ...updatable.map((c) => batch.map(({ values }) => values[c.prop] ?? null)),
      batch.map((r) => `,${r.clears.join(',')},`),
      ...extColumns.map(() => batch.map((r) => customJson(r, true))),
    ];
    const [result] = (
      await sql<{ total: string }>`with written as (
        update ${table} as target
        set ${setList}, update_name = ${name}, update_date = ${now}
        from unnest(${sql.join(arrays.map((a, i) => unnestColumn(a, updateTypes[i])))}) as r(${updateNames})
        where target.id = r.id and target.version = r.version
        returning 1)
        select count(*) as total from written`.execute(tx)
    ).rows;
    // A record changed since the check read it (its version moved on): the check no longer holds.
    if (Number(result.total) !== batch.length) throw new ImportChanged();
  }

  let batchNo = 0;
  const writer: RowWriter = {
    ticks: [],
    async write(batch) {
      if (!batch.length) return;
      await importHooks.beforeBatch?.(batchNo);
      batchNo++;
      const fresh = batch.filter((r) => r.action === 'insert');
      const changed = batch.filter((r) => r.action === 'update');
      if (fresh.length) await insert(fresh);
      if (changed.length) await update(changed);
      const first = batch[0].row;
      const last = batch[batch.length - 1].row;
      writer.ticks.push(`${TICK} ${t('import.batchDone', { count: batch.length, first, last })}`);
    },
  };
  return writer;
}
