// The resource layer's rules, called directly on a database in rolled-back transactions: sorting only by
// declared fields, data scope on every read and write, the writable-field allowlist, audit fields,
// optimistic locking, all-or-nothing deletes, value checks. Each test starts from the seeded demo data.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../services/errors.js';
import { itemResource } from '../../services/modules/IBmItemService.js';
import { orgResource } from '../../services/modules/IBmOrgService.js';
import { supplierResource } from '../../services/modules/IBmSupplierService.js';
import { defineResource } from '../../services/resource/define.js';
import { add, countBy, get, list, remove, resolveSort, update } from '../../services/resource/resource.js';
import { openRollbackDb, type RollbackDb } from '../support/rollback.js';

let rdb: RollbackDb;
beforeAll(async () => {
  rdb = await openRollbackDb();
});
afterAll(async () => {
  await rdb?.close();
});

/** The error code a call is refused with. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
  throw new Error('the call was not refused');
}

const codes = (rows: Record<string, unknown>[], field: string) => rows.map((r) => r[field]);

describe('sorting', () => {
  it('takes declared sortable fields (with or without the t1. prefix) and the direction', () => {
    expect(resolveSort(orgResource, 't1.orgName', 'descending')).toMatchObject({
      field: 'orgName',
      order: 'desc',
    });
    expect(resolveSort(orgResource, 'orgNo', null)).toMatchObject({ field: 'orgNo', order: 'asc' });
    expect(resolveSort(orgResource, null, null)).toMatchObject({ field: 'updateDate', order: 'desc' });
    expect(resolveSort(supplierResource, '', undefined)).toMatchObject({ field: 'supplierNo', order: 'asc' });
  });

  it('refuses anything else before any SQL is built, an injection attempt included', async () => {
    for (const field of ['closeAcctDuringDate', 'orgNo; drop table bm_org', '(select 1)', 'ext']) {
      expect(() => resolveSort(orgResource, field, 'asc')).toThrowError(/10006 invalidSort/);
    }
    await rdb.run(async ({ ctx }) => {
      const code = await refusal(
        list(orgResource, await ctx(), { condition: { field: 'orgNo desc, (select pg_sleep(5))' } }),
      );
      expect(code).toBe('10006');
    });
  });

  it('orders a list by the resolved field, ties broken by id', async () => {
    await rdb.run(async ({ ctx }) => {
      const c = await ctx();
      const asc = await list(orgResource, c, { size: 100, condition: { field: 'orgNo', order: 'asc' } });
      const desc = await list(orgResource, c, { size: 100, condition: { field: 'orgNo', order: 'desc' } });
      const names = codes(asc.records, 'orgNo') as string[];
      expect(names).toEqual([...names].sort());
      expect(codes(desc.records, 'orgNo')).toEqual([...names].reverse());
    });
  });
});

describe('data scope', () => {
  it("limits a user's lists, counts and reads to its organisations", async () => {
    await rdb.run(async ({ db, ctx }) => {
      const all = await list(orgResource, await ctx('admin'), { size: 100 });
      const mine = await list(orgResource, await ctx('supplier2'), { size: 100 });
      expect(all.total).toBeGreaterThan(mine.total);
      expect(codes(mine.records, 'orgNo')).toEqual(['HN01']);
      const counts = await countBy(orgResource, await ctx('supplier2'), {}, 'statusCode');
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(1);
      const sh01 = await db
        .selectFrom('bmOrg')
        .select('id')
        .where('orgNo', '=', 'SH01')
        .executeTakeFirstOrThrow();
      expect(await refusal(get(orgResource, await ctx('supplier2'), sh01.id))).toBe('10008');
    });
  });

  it("limits a supplier's user to its own supplier, whatever its organisations", async () => {
    await rdb.run(async ({ ctx }) => {
      const seen = await list(supplierResource, await ctx('supplier1'), { size: 100 });
      expect(new Set(codes(seen.records, 'supplierNo'))).toEqual(new Set(['SUP001']));
      const buyer = await list(supplierResource, await ctx('buyer'), { size: 100 });
      expect(codes(buyer.records, 'supplierNo')).toEqual(expect.arrayContaining(['SUP001', 'SUP002']));
    });
  });

  it('refuses to write a value outside the scope and changes nothing', async () => {
    await rdb.run(async ({ db, ctx }) => {
      const before = await db
        .selectFrom('bmSupplier')
        .select(db.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      const code = await refusal(
        add(supplierResource, await ctx('buyer', { scope: { orgs: ['SH01'] } }), {
          supplierNo: 'S-OUT',
          supplierName: 'Out of scope',
          orgNo: 'HN01',
        }),
      );
      expect(code).toBe('10013');
      const after = await db
        .selectFrom('bmSupplier')
        .select(db.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });

  it("grants a new organisation to its creator, inside the creator's transaction", async () => {
    await rdb.run(async ({ ctx }) => {
      const buyer = await ctx('buyer');
      await add(orgResource, buyer, { orgNo: 'NEW1', orgName: 'New one' });
      expect(buyer.user?.scope.orgs).toContain('NEW1');
      const again = await ctx('buyer');
      expect(again.user?.scope.orgs).toContain('NEW1');
    });
  });
});

describe('writes', () => {
  it('writes only declared writable fields; audit fields and the version are the server’s', async () => {
    await rdb.run(async ({ ctx }) => {
      const row = await add(orgResource, await ctx('buyer'), {
        orgNo: ' W1 '.trim(),
        orgName: '  Padded name  ',
        id: '00000000-0000-0000-0000-00000000beef',
        version: 42,
        createName: 'mallory',
        updateDate: '2000-01-01',
        isAdmin: true,
      });
      expect(row).toMatchObject({ orgNo: 'W1', orgName: 'Padded name', version: 1, closeAcctFlag: 'N' });
      expect(row.id).not.toBe('00000000-0000-0000-0000-00000000beef');
      expect(row.createName).toBe('Wang Li (purchasing)');
      expect(row).not.toHaveProperty('isAdmin');
    });
  });

  it('keeps create-only fields on update and moves the version by one', async () => {
    await rdb.run(async ({ ctx }) => {
      const c = await ctx();
      const row = await add(orgResource, c, { orgNo: 'W2', orgName: 'Two' });
      const changed = await update(orgResource, c, {
        id: row.id as string,
        version: 1,
        orgNo: 'HACKED',
        orgName: 'Two, renamed',
      });
      expect(changed).toMatchObject({ orgNo: 'W2', orgName: 'Two, renamed', version: 2 });
    });
  });

  it('refuses a stale version on update and delete, changing nothing', async () => {
    await rdb.run(async ({ ctx }) => {
      const c = await ctx();
      const row = await add(orgResource, c, { orgNo: 'W3', orgName: 'Three' });
      const id = row.id as string;
      await update(orgResource, c, { id, version: 1, orgName: 'Three, once' });
      expect(await refusal(update(orgResource, c, { id, version: 1, orgName: 'Three, stale' }))).toBe(
        '10007',
      );
      expect(await refusal(remove(orgResource, c, [{ id, version: 1 }]))).toBe('10007');
      expect(await get(orgResource, c, id)).toMatchObject({ orgName: 'Three, once', version: 2 });
    });
  });

  it('deletes all listed rows or none: one stale row refuses the list', async () => {
    await rdb.run(async ({ db, ctx }) => {
      const c = await ctx();
      const a = await add(orgResource, c, { orgNo: 'D1', orgName: 'Delete one' });
      const b = await add(orgResource, c, { orgNo: 'D2', orgName: 'Delete two' });
      // The request's own transaction, as a savepoint inside the test's.
      await sql`savepoint del`.execute(db);
      const code = await refusal(
        remove(orgResource, c, [
          { id: a.id as string, version: 1 },
          { id: b.id as string, version: 9 },
        ]),
      );
      await sql`rollback to savepoint del`.execute(db);
      expect(code).toBe('10007');
      expect(await get(orgResource, c, a.id as string)).toMatchObject({ orgNo: 'D1' });
      expect(await remove(orgResource, c, [{ id: a.id as string, version: 1 }])).toEqual({ deleted: 1 });
      expect(await refusal(get(orgResource, c, a.id as string))).toBe('10008');
    });
  });

  it('checks date order and says which field, in the caller’s language', async () => {
    await rdb.run(async ({ ctx }) => {
      try {
        await add(orgResource, await ctx('admin', { lang: 'zh-CN' }), {
          orgNo: 'W4',
          orgName: 'Four',
          closeAcctStartDate: '2025-03-10',
          closeAcctEndDate: '2025-03-01',
        });
        throw new Error('not refused');
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).code).toBe('10017');
        expect((e as AppError).params.field).toBe('关账结束日期');
      }
    });
  });
});

describe('keyword search', () => {
  it('matches % and _ literally instead of as wildcards', async () => {
    await rdb.run(async ({ ctx }) => {
      const c = await ctx();
      await add(orgResource, c, { orgNo: 'K1', orgName: '100% cotton' });
      await add(orgResource, c, { orgNo: 'K2', orgName: '1000 cotton' });
      await add(orgResource, c, { orgNo: 'K_3', orgName: 'Underscore' });
      await add(orgResource, c, { orgNo: 'KX3', orgName: 'No underscore' });
      const percent = await list(orgResource, c, { condition: { keyword: '0%' } });
      expect(codes(percent.records, 'orgNo')).toEqual(['K1']);
      const underscore = await list(orgResource, c, { condition: { keyword: 'K_' } });
      expect(codes(underscore.records, 'orgNo')).toEqual(['K_3']);
    });
  });
});

describe('decimals', () => {
  // A resource declaring range filters on a decimal column (the item's safety stock).
  const stock = defineResource({
    ...itemResource,
    filters: {
      itemNoIndistinct: { field: 'itemNo', op: 'contains' },
      stockFrom: { field: 'safetyStock', op: 'gte' },
      stockTo: { field: 'safetyStock', op: 'lte' },
    },
  });

  it('filters by range exactly at the 19th digit, with text bounds or JSON numbers', async () => {
    await rdb.run(async ({ ctx }) => {
      const c = await ctx();
      const item = (itemNo: string, safetyStock: string) =>
        add(stock, c, { orgNo: 'SH01', itemNo, itemName: itemNo, unitNo: 'PCS', safetyStock });
      await item('RNG-1', '1234567890123.12344');
      await item('RNG-2', '1234567890123.12345');
      await item('RNG-3', '0.3');
      const nos = async (condition: Record<string, unknown>) =>
        codes(
          (
            await list(stock, c, {
              condition: { itemNoIndistinct: 'RNG-', field: 'itemNo', order: 'asc', ...condition },
            })
          ).records,
          'itemNo',
        );
      expect(await nos({ stockFrom: '1234567890123.12345' })).toEqual(['RNG-2']);
      expect(await nos({ stockTo: '1234567890123.12344' })).toEqual(['RNG-1', 'RNG-3']);
      // 0.1 + 0.2 as a float is above 0.3; the bound 0.3 is exact.
      expect(await nos({ stockFrom: 0.1 + 0.2 })).toEqual(['RNG-1', 'RNG-2']);
      expect(await nos({ stockFrom: '0.3', stockTo: 0.3 })).toEqual(['RNG-3']);
    });
  });

  it('stores the canonical text and refuses what breaks the limits before writing', async () => {
    await rdb.run(async ({ ctx }) => {
      const c = await ctx('admin', { lang: 'en-US' });
      const a = await add(itemResource, c, {
        orgNo: 'SH01',
        itemNo: 'CAN-1',
        itemName: 'Canonical',
        unitNo: 'PCS',
        cube: '00012.50000',
        length: 7,
      });
      expect(a).toMatchObject({ cube: '12.5', length: '7' });
      for (const cube of ['1.123456', '-0.00001', '12345678901234567890']) {
        const e = await add(itemResource, c, {
          orgNo: 'SH01',
          itemNo: 'CAN-2',
          itemName: 'x',
          unitNo: 'PCS',
          cube,
        }).catch((err: unknown) => err);
        expect(e, cube).toBeInstanceOf(AppError);
        expect((e as AppError).code).toBe('10017');
        expect((e as AppError).params.field).toBe('Volume');
      }
      expect((await list(itemResource, c, { condition: { itemNo: 'CAN-2' } })).total).toBe(0);
    });
  });
});
