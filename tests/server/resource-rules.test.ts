// What a resource declares beside its fields, run by the resource layer on every save and delete:
// references (refused in the caller's language, looked up only when changed, lines named by number),
// hooks around a save or a delete in its transaction, usedBy, the flags of each write, fill,
// mayChange and the default sort's tie-breakers. Rolled-back transactions on the seeded demo data.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../services/errors.js';
import { deliveryAddressResource } from '../../services/modules/IBmDeliveryAddressService.js';
import { itemResource } from '../../services/modules/IBmItemService.js';
import { unitResource } from '../../services/modules/IBmUnitService.js';
import { zoneResource } from '../../services/modules/IBmZoneService.js';
import { newsResource } from '../../services/modules/ISrmSysNewsService.js';
import { roleResource } from '../../services/modules/ISrmSysRoleService.js';
import { docNumberRuleResource } from '../../services/modules/ISysDocNumberRuleService.js';
import { tagResource } from '../../services/modules/ISysTagService.js';
import type { CallContext } from '../../services/registry.js';
import { defineResource, type ResourceHooks, writeFlag } from '../../services/resource/define.js';
import { inOrder } from '../../services/resource/hooks.js';
import { standardMethods } from '../../services/resource/methods.js';
import { get, list, type Row } from '../../services/resource/resource.js';
import { addRecord, removeRecords, updateRecord } from '../../services/resource/save.js';
import { openRollbackDb, type RollbackDb } from '../support/rollback.js';

let rdb: RollbackDb;
beforeAll(async () => {
  rdb = await openRollbackDb();
});
afterAll(async () => {
  await rdb?.close();
});

/** The refusal a call ends with. */
async function refusal(work: Promise<unknown>): Promise<AppError> {
  try {
    await work;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('the call was not refused');
}

/** Runs a call that is refused inside a savepoint, so what it wrote before the refusal is undone. */
async function refusedIn(db: CallContext['db'], work: () => Promise<unknown>): Promise<AppError> {
  await sql`savepoint refused`.execute(db);
  const e = await refusal(work());
  await sql`rollback to savepoint refused`.execute(db);
  return e;
}

describe('references', () => {
  it('refuses a save naming no record, with 10017 in the caller’s language', async () => {
    await rdb.run(async ({ ctx }) => {
      const zh = await ctx('admin', { lang: 'zh-CN' });
      // HN01-RM exists, but not in SH01.
      const e = await refusal(
        addRecord(zoneResource, zh, { orgNo: 'SH01', warehouseNo: 'HN01-RM', zoneNo: 'Z-X', zoneName: 'X' }),
      );
      expect(e.code).toBe('10017');
      expect(e.params.field).toBe(zh.t('field.warehouseNo'));
      expect(e.params.problem).toBe(zh.t('problem.notExisting', { value: 'HN01-RM' }));
      expect(String(e.params.field)).toMatch(/[\u4e00-\u9fff]/);
      const ok = await addRecord(zoneResource, zh, {
        orgNo: 'SH01',
        warehouseNo: 'SH01-RM',
        zoneNo: 'Z-Y',
        zoneName: 'Y',
      });
      expect(ok).toMatchObject({ warehouseNo: 'SH01-RM', version: 1 });
    });
  });

  it('looks a reference up when it changes: a record keeps a unit that became invalid since', async () => {
    await rdb.run(async ({ db, ctx }) => {
      const c = await ctx();
      const item = await addRecord(itemResource, c, {
        orgNo: 'SH01',
        itemNo: 'R-1',
        itemName: 'Reference test',
        unitNo: 'BOX',
      });
      await db.updateTable('bmUnit').set({ statusCode: '0' }).where('orgNo', '=', 'SH01').execute();
      const renamed = await updateRecord(itemResource, c, {
        id: item.id as string,
        version: 1,
        itemName: 'Renamed',
      });
      expect(renamed).toMatchObject({ itemName: 'Renamed', unitNo: 'BOX', version: 2 });
      const e = await refusal(
        updateRecord(itemResource, c, { id: item.id as string, version: 2, unitNo: 'PCS' }),
      );
      expect(e.code).toBe('10017');
      expect(e.params.problem).toContain('PCS');
    });
  });

  it('checks the organisation after the data scope, so a value out of scope is refused as such', async () => {
    await rdb.run(async ({ ctx }) => {
      const buyer = await ctx('buyer', { scope: { orgs: ['SH01'] } });
      const e = await refusal(addRecord(unitResource, buyer, { orgNo: 'NOPE', unitNo: 'U1', unitName: 'U' }));
      expect(e.code).toBe('10013');
      const admin = await ctx();
      const missing = await refusal(
        addRecord(unitResource, admin, { orgNo: 'NOPE', unitNo: 'U1', unitName: 'U' }),
      );
      expect(missing.code).toBe('10017');
    });
  });

  it('skips the values it excepts, and takes an invalid record when any will do', async () => {
    await rdb.run(async ({ db, ctx }) => {
      const c = await ctx();
      const every = await addRecord(docNumberRuleResource, c, { docKind: 'news', prefix: 'EV' });
      expect(every.orgNo).toBe('*');
      await db.updateTable('bmOrg').set({ statusCode: '0' }).where('orgNo', '=', 'HN01').execute();
      const invalidOrg = await addRecord(docNumberRuleResource, c, { docKind: 'news', orgNo: 'HN01' });
      expect(invalidOrg.orgNo).toBe('HN01');
      const e = await refusal(addRecord(docNumberRuleResource, c, { docKind: 'news', orgNo: 'NOPE' }));
      expect(e.code).toBe('10017');
    });
  });

  it('names the line whose reference names nothing, and writes no line', async () => {
    await rdb.run(async ({ db, ctx }) => {
      const c = await ctx();
      const news = {
        orgNo: 'SH01',
        title: 'Chosen ones',
        publishTarget: '3',
        supplierList: [{ supplierNo: 'SUP001' }, { supplierNo: 'NOPE' }],
      };
      const e = await refusedIn(db, () => addRecord(newsResource, c, news));
      expect(e.code).toBe('10102');
      expect(e.params).toMatchObject({ line: 2, field: c.t('field.supplierNo') });
      const saved = await addRecord(newsResource, c, { ...news, supplierList: [{ supplierNo: 'SUP002' }] });
      expect((saved.supplierList as Row[]).map((l) => l.supplierNo)).toEqual(['SUP002']);
    });
  });
});

describe('hooks', () => {
  /** A unit resource whose hooks write down what they saw. */
  function recording(hooks: (seen: string[]) => ResourceHooks) {
    const seen: string[] = [];
    return { seen, def: defineResource({ ...unitResource, hooks: hooks(seen) }) };
  }

  it('run beforeSave after fields, scope and references, with the record as it will be stored', async () => {
    await rdb.run(async ({ ctx }) => {
      const c = await ctx();
      const { seen, def } = recording((seen) => ({
        beforeSave: (_ctx, row, current, payload) => {
          seen.push(
            `${current ? 'update' : 'add'} ${row.unitNo} ${row.unitName} ${row.roundingType} ${payload.unitName}`,
          );
        },
        afterSave: (_ctx, saved, mode) => {
          seen.push(`after ${mode} v${saved.version}`);
        },
      }));
      expect((await refusal(addRecord(def, c, { orgNo: 'NOPE', unitNo: 'H1', unitName: 'H' }))).code).toBe(
        '10017',
      );
      expect(seen).toEqual([]);
      const added = await addRecord(def, c, { orgNo: 'SH01', unitNo: 'H1', unitName: ' Hook ' });
      await updateRecord(def, c, { id: added.id as string, version: 1, unitName: 'Hooked' });
      expect(seen).toEqual([
        'add H1 Hook 1  Hook ',
        'after add v1',
        'update H1 Hooked 1 Hooked',
        'after update v2',
      ]);
    });
  });

  it('write the values beforeSave answers with the record; a later rule of inOrder sees them', async () => {
    await rdb.run(async ({ ctx }) => {
      const c = await ctx();
      const { seen, def } = recording((seen) => ({
        beforeSave: inOrder(
          (_ctx, row) => ({ unitName: String(row.unitName).toUpperCase() }),
          (_ctx, row) => {
            seen.push(String(row.unitName));
          },
        ),
      }));
      const added = await addRecord(def, c, { orgNo: 'SH01', unitNo: 'H3', unitName: 'quiet' });
      expect(added).toMatchObject({ unitName: 'QUIET', version: 1 });
      const updated = await updateRecord(def, c, { id: added.id as string, version: 1, unitName: 'calm' });
      expect(updated).toMatchObject({ unitName: 'CALM', version: 2 });
      expect(seen).toEqual(['QUIET', 'CALM']);
    });
  });

  it('run no beforeSave at a stale or missing version: 10007 and 10017, nothing changed', async () => {
    await rdb.run(async ({ ctx }) => {
      const c = await ctx();
      const { seen, def } = recording((seen) => ({
        beforeSave: (_ctx, row) => {
          seen.push(String(row.unitName));
        },
      }));
      const added = await addRecord(def, c, { orgNo: 'SH01', unitNo: 'H4', unitName: 'Four' });
      const id = added.id as string;
      seen.length = 0;
      const stale = await refusal(updateRecord(def, c, { id, version: 2, unitName: 'Stale' }));
      expect(stale.code).toBe('10007');
      const missing = await refusal(updateRecord(def, c, { id, unitName: 'None' }));
      expect(missing.code).toBe('10017');
      expect(missing.params).toEqual({ field: c.t('field.version'), problem: c.t('problem.required') });
      expect(seen).toEqual([]);
      expect(await get(unitResource, c, id)).toMatchObject({ unitName: 'Four', version: 1 });
    });
  });

  it("write at the stored version when the caller may leave it out ('ifSent'), a sent one still checked", async () => {
    await rdb.run(async ({ ctx }) => {
      const c = await ctx();
      const added = await addRecord(unitResource, c, { orgNo: 'SH01', unitNo: 'H5', unitName: 'Five' });
      const id = added.id as string;
      const ifSent = { version: 'ifSent' } as const;
      const saved = await updateRecord(unitResource, c, { id, unitName: 'Five, again' }, {}, ifSent);
      expect(saved).toMatchObject({ unitName: 'Five, again', version: 2 });
      const stale = await refusal(
        updateRecord(unitResource, c, { id, version: 1, unitName: 'X' }, {}, ifSent),
      );
      expect(stale.code).toBe('10007');
      expect(
        await updateRecord(unitResource, c, { id, version: 2, unitName: 'Six' }, {}, ifSent),
      ).toMatchObject({
        unitName: 'Six',
        version: 3,
      });
    });
  });

  it('keep nothing of a save an afterSave hook refuses, and nothing of a delete beforeDelete refuses', async () => {
    await rdb.run(async ({ db, ctx }) => {
      const c = await ctx();
      const refuse = defineResource({
        ...unitResource,
        hooks: {
          afterSave: () => {
            throw new AppError('ruleInconsistent', { problem: 'no' });
          },
          beforeDelete: (_ctx, rows) => {
            if (rows.some((r) => r.unitNo === 'PCS')) throw new AppError('inUse');
          },
        },
      });
      const e = await refusedIn(db, () =>
        addRecord(refuse, c, { orgNo: 'SH01', unitNo: 'H2', unitName: 'H' }),
      );
      expect(e.code).toBe('10109');
      expect((await list(unitResource, c, { condition: { unitNo: 'H2' } })).total).toBe(0);
      const pcs = (await list(unitResource, c, { condition: { orgNo: 'SH01', unitNo: 'PCS' } })).records[0];
      const gone = await refusedIn(db, () =>
        removeRecords(refuse, c, [{ id: pcs.id as string, version: pcs.version as number }]),
      );
      expect(gone.code).toBe('10016');
      expect(await get(unitResource, c, pcs.id as string)).toMatchObject({ unitNo: 'PCS' });
    });
  });
});

describe('usedBy', () => {
  it('refuses to delete a record another table still names', async () => {
    await rdb.run(async ({ db, ctx }) => {
      const c = await ctx();
      const buyer = (await list(roleResource, c, { condition: { keyword: 'buyer' } })).records.find(
        (r) => r.roleNo === 'buyer',
      )!;
      const e = await refusal(
        removeRecords(roleResource, c, [{ id: buyer.id as string, version: buyer.version as number }]),
      );
      expect(e.code).toBe('10016');
      await db
        .deleteFrom('sysUserRole')
        .where('roleId', '=', buyer.id as string)
        .execute();
      expect(
        await removeRecords(roleResource, c, [{ id: buyer.id as string, version: buyer.version as number }]),
      ).toEqual({ deleted: 1 });
    });
  });
});

describe('flags per mode', () => {
  it('guard add, update and delete with the resource’s flags, a method’s own flag first', () => {
    const def = defineResource({ ...unitResource, flags: { update: 'isSave', delete: 'isPhysicalDelete' } });
    const methods = standardMethods(def, {
      add: 'addUnit',
      update: 'updateUnit',
      delete: 'deleteUnit',
    });
    const flagOf = (name: string) => (methods[name].access as { flag: string }).flag;
    expect([flagOf('addUnit'), flagOf('updateUnit'), flagOf('deleteUnit')]).toEqual([
      'isAdd',
      'isSave',
      'isPhysicalDelete',
    ]);
    const own = standardMethods(def, { update: { name: 'updateUnit', flag: 'isBatchUpdate' } });
    expect((own.updateUnit.access as { flag: string }).flag).toBe('isBatchUpdate');
    expect(writeFlag(unitResource, 'update')).toBe('isModify');
    expect(writeFlag(unitResource, 'delete')).toBe('isDelete');
  });
});

describe('fill, mayChange and the default sort', () => {
  it('fills a supplier user’s own supplier when the form leaves it empty', async () => {
    await rdb.run(async ({ ctx }) => {
      const supplier = await ctx('supplier1');
      const saved = await addRecord(deliveryAddressResource, supplier, {
        orgNo: 'SH01',
        supplierNo: '',
        officeName: 'Dock 9',
        detailAddress: '9 Harbour Road',
      });
      expect(saved.supplierNo).toBe(supplier.user!.scope.supplierNo);
    });
  });

  it('lets a caller read a record it may not change: a write is "not found"', async () => {
    await rdb.run(async ({ ctx }) => {
      const admin = await ctx();
      const buyer = await ctx('buyer');
      const fixed = await addRecord(
        tagResource,
        admin,
        {
          module: 'Base.Basic.Organizational',
          tagName: 'All',
          tagContent: '{}',
          tagOwnType: 1,
          zlI18nList: '[]',
        },
        { tagOwner: admin.user!.id },
      );
      expect(await get(tagResource, buyer, fixed.id as string)).toMatchObject({ tagName: 'All' });
      const e = await refusal(removeRecords(tagResource, buyer, [{ id: fixed.id as string, version: 1 }]));
      expect(e.code).toBe('10008');
      expect(await removeRecords(tagResource, admin, [{ id: fixed.id as string, version: 1 }])).toEqual({
        deleted: 1,
      });
    });
  });

  it('breaks ties of the default sort by the fields it names, then by id', async () => {
    await rdb.run(async ({ ctx }) => {
      const def = defineResource({
        ...unitResource,
        defaultSort: { field: 'orgNo', order: 'asc', thenBy: [{ field: 'unitNo', order: 'desc' }] },
      });
      const rows = (await list(def, await ctx(), { size: 100 })).records.map((r) => `${r.orgNo}/${r.unitNo}`);
      const expected = [...rows].sort((a, b) => {
        const [oa, ua] = a.split('/');
        const [ob, ub] = b.split('/');
        return oa.localeCompare(ob) || ub.localeCompare(ua);
      });
      expect(rows).toEqual(expected);
      expect(rows.length).toBeGreaterThan(3);
    });
  });
});
