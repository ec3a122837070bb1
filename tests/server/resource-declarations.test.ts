// Every resource the services serve, its declaration held against the real schema and the seeded data:
// each declared sortable field sorts both ways, each filter and the keyword box run, an organisation's
// user sees only its organisations and a supplier's user only its supplier. A declaration that names a
// column the table lacks, or a scope column that does not limit, fails here in milliseconds, before
// any screen meets it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '../../services/modules/index.js';
import { type FieldDef, type ResourceDef, SYSTEM_FIELDS } from '../../services/resource/define.js';
import { list } from '../../services/resource/resource.js';
import { openRollbackDb, type RollbackDb } from '../support/rollback.js';

/** Each served resource once, named by its table (and the part of a shared table it is). */
function servedResources(): [string, ResourceDef][] {
  const seen = new Map<ResourceDef, string>();
  for (const service of SERVICES) {
    for (const method of Object.values(service.methods)) {
      const def = method.resource;
      if (!def || seen.has(def)) continue;
      const part = Object.values(def.fixed ?? {}).join('/');
      seen.set(def, `${def.table}${part ? ` (${part})` : ''} of ${service.name}`);
    }
  }
  return [...seen].map(([def, name]) => [name, def]);
}

/** A value of the field's type for a filter to compare with. */
function sampleOf(field: FieldDef | undefined): unknown {
  switch (field?.type) {
    case 'integer':
    case 'number':
      return 1;
    case 'date':
      return '2025-01-01';
    case 'datetime':
      return '2025-01-01 00:00:00';
    case 'boolean':
      return true;
    default:
      if (field?.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return field?.enum?.[0] ?? 'x';
  }
}

const RESOURCES = servedResources();

let rdb: RollbackDb;
beforeAll(async () => {
  rdb = await openRollbackDb();
});
afterAll(async () => {
  await rdb?.close();
});

it('finds the served resources, most of them holding demo rows to check the scope against', async () => {
  expect(RESOURCES.length).toBeGreaterThan(40);
  const empty = await rdb.run(async ({ ctx }) => {
    const c = await ctx();
    const totals = await Promise.all(
      RESOURCES.map(async ([name, def]) => [name, (await list(def, c, {})).total] as const),
    );
    return totals.filter(([, total]) => total === 0).map(([name]) => name);
  });
  // The scope checks below read the rows a user sees: they mean something only where there are rows.
  expect(empty.length, empty.join(', ')).toBeLessThan(RESOURCES.length / 5);
});

describe.each(RESOURCES)('%s', (_name, def) => {
  const fields = { ...SYSTEM_FIELDS, ...def.fields };
  const sortable = Object.entries(fields)
    .filter(([, f]) => f.sortable)
    .map(([n]) => n);

  it('sorts by every declared sortable field, both ways, and by its default', async () => {
    await rdb.run(async ({ ctx }) => {
      const c = await ctx();
      const all = await list(def, c, { size: 1000 });
      for (const field of sortable) {
        for (const order of ['asc', 'desc']) {
          const page = await list(def, c, { size: 1000, condition: { field, order } });
          expect(page.total, `${field} ${order}`).toBe(all.total);
        }
      }
    });
  });

  it('runs every declared filter and the keyword box', async () => {
    await rdb.run(async ({ ctx }) => {
      const c = await ctx();
      for (const [name, filter] of Object.entries(def.filters ?? {})) {
        const sample = sampleOf(fields[filter.field]);
        const value = filter.op === 'in' ? [sample] : filter.op === 'contains' ? 'x' : sample;
        const page = await list(def, c, { condition: { [name]: value } });
        expect(page.total, name).toBeGreaterThanOrEqual(0);
      }
      // %, _ and a quote are text to match, not SQL or a pattern.
      const page = await list(def, c, { condition: { keyword: "%_'x" } });
      const keywordFields = Object.values(def.fields).some((f) => f.keyword);
      if (keywordFields) expect(page.total).toBe(0);
    });
  });

  it.runIf(def.scope?.org)("shows an organisation's user only its organisations", async () => {
    await rdb.run(async ({ ctx }) => {
      const column = def.scope!.org!.replace(/^t1\./, '');
      const c = await ctx('supplier2', { scope: { supplierNo: null } });
      const page = await list(def, c, { size: 1000 });
      for (const row of page.records) expect(['HN01']).toContain(row[column]);
      const narrowed = await list(def, await ctx('admin', { scope: { all: false, orgs: [] } }), {});
      expect(narrowed.total).toBe(0);
    });
  });

  it.runIf(def.scope?.supplier)("shows a supplier's user only its own supplier's rows", async () => {
    await rdb.run(async ({ ctx }) => {
      const column = def.scope!.supplier!.replace(/^t1\./, '');
      const page = await list(def, await ctx('supplier1', { scope: { all: true } }), { size: 1000 });
      for (const row of page.records) expect(row[column]).toBe('SUP001');
    });
  });
});
