// Strategies, strategy application and wave templates on both databases: the four kinds each see only
// their own strategies, one default per kind and organisation (a new default takes the mark over; the
// default cannot be switched off or deleted), rule lines kept with their head, application rows naming
// existing strategies of their organisation, and wave templates checked against their warehouse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Body, caller, keeperOf, records } from '../support/rules.js';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const KINDS = [
  { kind: 'turn', menu: 'Base.Strategy.Turnover', svc: 'IBmTurnMethodHeadService', n: 'bmturnmethodhead' },
  { kind: 'upper', menu: 'Base.Strategy.Putaway', svc: 'IBmUpperMethodHeadService', n: 'bmuppermethodhead' },
  { kind: 'under', menu: 'Base.Strategy.Picking', svc: 'IBmUnderMethodHeadService', n: 'bmundermethodhead' },
  {
    kind: 'allocate',
    menu: 'Base.Strategy.Allocation',
    svc: 'IBmAllocateMethodHeadService',
    n: 'bmallocatemethodhead',
  },
] as const;
const TURN = KINDS[0];
const APPLY = 'Base.Strategy.Application';
const WAVE = 'Base.Strategy.WaveTemplate';

describe.each(POSTGRES_ONLY)('strategies and wave templates on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  let buyer: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    [admin, buyer] = await Promise.all([s.login('admin'), s.login('buyer')]);
  });
  afterAll(async () => {
    await s?.close();
  });

  const turn = (token = admin) => {
    const call = caller(s, token, TURN.menu);
    return {
      list: (c: Record<string, unknown>) => call(`${TURN.svc}/get${TURN.n}listbyparams`, c),
      get: (id: string) => call(`${TURN.svc}/get${TURN.n}byid`, { id }),
      add: (c: Record<string, unknown>) => call(`${TURN.svc}/add${TURN.n}`, c),
      update: (c: Record<string, unknown>) => call(`${TURN.svc}/update${TURN.n}byid`, c),
      remove: (rows: { id: string; version: number }[]) =>
        call(`${TURN.svc}/delete${TURN.n}byids`, { delList: rows }),
    };
  };
  const defaults = async (orgNo: string) =>
    records(await turn().list({ orgNo, isDefault: 'Y' })).map((r: Body) => r.strategyNo);

  it('lists each kind apart and gives every organisation one default per kind', async () => {
    for (const k of KINDS) {
      const rows = records(await caller(s, buyer, k.menu)(`${k.svc}/get${k.n}listbyparams`, {}));
      expect(rows.length, k.kind).toBeGreaterThan(0);
      for (const orgNo of ['SH01', 'HN01'])
        expect(
          rows.filter((r) => r.orgNo === orgNo && r.isDefault === 'Y'),
          `${k.kind} ${orgNo}`,
        ).toHaveLength(1);
      // A strategy of another kind is not found through this kind's service.
      const other = KINDS.find((o) => o.kind !== k.kind)!;
      const foreign = records(
        await caller(s, admin, other.menu)(`${other.svc}/get${other.n}listbyparams`, {}),
      )[0];
      expect((await caller(s, admin, k.menu)(`${k.svc}/get${k.n}byid`, { id: foreign.id })).code).toBe(
        '10008',
      );
    }
  });

  it('adds a turnover strategy with rule lines, moves the default to it, and keeps the default', async () => {
    const t = turn();
    const noLines = await t.add({ orgNo: 'SH01', strategyNo: 'FIFO-T', strategyName: 'Test', ruleList: [] });
    expect(noLines).toMatchObject({ code: '10101', msg: 'At least 1 rule line(s) must remain.' });
    const twice = await t.add({
      orgNo: 'SH01',
      strategyNo: 'FIFO-T',
      strategyName: 'Test',
      ruleList: [{ lotAtt: 'lotAtt01' }, { lotAtt: 'lotAtt01', sortOrder: 'desc' }],
    });
    expect(twice.code).toBe('10103');
    const added = await t.add({
      orgNo: 'SH01',
      strategyNo: 'FIFO-T',
      strategyName: 'Oldest batch first, then latest expiry',
      isDefault: 'Y',
      ruleList: [{ lotAtt: 'lotAtt01' }, { lotAtt: 'lotAtt02', sortOrder: 'desc' }],
    });
    expect(added.status).toBe(200);
    const made = added.response.data;
    expect(made.ruleList.map((r: Body) => [r.seqNo, r.lotAtt, r.sortOrder])).toEqual([
      [1, 'lotAtt01', 'asc'],
      [2, 'lotAtt02', 'desc'],
    ]);
    // The new default took the mark from FIFO-SH in the same save; HN01 kept its own.
    expect(await defaults('SH01')).toEqual(['FIFO-T']);
    expect(await defaults('HN01')).toEqual(['FIFO-HN']);

    // The default cannot be switched off; it can change its lines.
    const off = await t.update({ id: made.id, version: made.version, isDefault: 'N' });
    expect(off.code).toBe('10105');
    const relined = await t.update({ id: made.id, version: made.version, ruleList: [made.ruleList[1]] });
    expect(relined.response.data.ruleList.map((r: Body) => r.lotAtt)).toEqual(['lotAtt02']);
    expect(relined.response.data.version).toBe(made.version + 1);

    // "The default strategy cannot be deleted."
    const refused = await t.remove([{ id: made.id, version: relined.response.data.version }]);
    expect(refused).toMatchObject({ code: '10104', msg: 'The default strategy cannot be deleted.' });
    const zh = await caller(
      s,
      admin,
      TURN.menu,
      'zh-CN',
    )(`${TURN.svc}/delete${TURN.n}byids`, {
      delList: [{ id: made.id, version: relined.response.data.version }],
    });
    expect(zh.msg).toBe('默认策略不能删除。');
    expect((await t.get(made.id)).status).toBe(200);

    // Moving the default back to FIFO-SH frees FIFO-T, which then goes.
    const fifo = records(await t.list({ orgNo: 'SH01', strategyNo: 'FIFO-SH' }))[0];
    const back = await t.update({ id: fifo.id, version: fifo.version, isDefault: 'Y' });
    expect(back.status).toBe(200);
    expect(await defaults('SH01')).toEqual(['FIFO-SH']);
    const freed = (await t.get(made.id)).response.data;
    expect(freed.isDefault).toBe('N');
    expect((await t.remove([{ id: made.id, version: freed.version }])).response.data).toEqual({ deleted: 1 });
  });

  it('refuses to delete a strategy that strategy application names, and a buyer anything', async () => {
    const t = turn();
    const fefo = records(await t.list({ strategyNo: 'FEFO-SH' }))[0];
    expect((await t.remove([{ id: fefo.id, version: fefo.version }])).code).toBe('10016');
    const asBuyer = await turn(buyer).remove([{ id: fefo.id, version: fefo.version }]);
    expect(asBuyer.errorCode).toBe('10005');
    const stale = await t.update({ id: fefo.id, version: fefo.version + 5, strategyName: 'x' });
    expect(stale.code).toBe('10007');
  });

  it('applies strategies to a warehouse or item class, naming existing strategies of the organisation', async () => {
    const call = caller(s, admin, APPLY);
    const svc = 'IBmStrategyApplyService';
    const cases: [Record<string, unknown>, string][] = [
      [{ warehouseNo: 'HN01-RM' }, 'Invalid value: Warehouse code "HN01-RM" does not exist or is not valid.'],
      [
        { upperMethodNo: 'PUT-HN-STD' },
        'Invalid value: Putaway strategy "PUT-HN-STD" does not exist or is not valid.',
      ],
      // A turnover strategy's number is no picking strategy.
      [
        { underMethodNo: 'FIFO-SH' },
        'Invalid value: Picking strategy "FIFO-SH" does not exist or is not valid.',
      ],
    ];
    for (const [extra, message] of cases) {
      const r = await call(`${svc}/addbmstrategyapply`, { orgNo: 'SH01', itemClassNo: 'X', ...extra });
      expect(r.msg, JSON.stringify(extra)).toBe(message);
    }
    const added = await call(`${svc}/addbmstrategyapply`, {
      orgNo: 'SH01',
      warehouseNo: 'SH01-FG',
      itemClassNo: 'CHEM',
      underMethodNo: 'PICK-SH-STD',
      turnMethodNo: 'FEFO-SH',
    });
    expect(added.response.data).toMatchObject({ warehouseNo: 'SH01-FG', itemClassNo: 'CHEM', version: 1 });
    const dup = await call(`${svc}/addbmstrategyapply`, {
      orgNo: 'SH01',
      warehouseNo: 'SH01-FG',
      itemClassNo: 'CHEM',
    });
    expect(dup.code).toBe('50M01');
    const upd = await call(`${svc}/updatebmstrategyapplybyid`, {
      id: added.response.data.id,
      version: 1,
      allocateMethodNo: 'ALLOC-HN-STD',
    });
    expect(upd.msg).toBe('Invalid value: Allocation strategy "ALLOC-HN-STD" does not exist or is not valid.');
    const ok = await call(`${svc}/updatebmstrategyapplybyid`, {
      id: added.response.data.id,
      version: 1,
      allocateMethodNo: 'ALLOC-SH-STD',
      turnMethodNo: null,
    });
    expect(ok.response.data).toMatchObject({
      allocateMethodNo: 'ALLOC-SH-STD',
      turnMethodNo: null,
      version: 2,
    });
    // The strategy selectors' lookups: valid strategies of one organisation.
    const lookup = records(
      await caller(
        s,
        buyer,
        APPLY,
      )('IBmUpperMethodHeadService/getbmuppermethodheadlistbyparams', {
        orgNo: 'SH01',
        statusCode: '1',
      }),
    );
    expect(lookup.map((r) => r.strategyNo).sort()).toEqual(['PUT-SH-BULK', 'PUT-SH-STD']);
    const gone = await call(`${svc}/deletebmstrategyapplybyids`, {
      delList: [{ id: added.response.data.id, version: 2 }],
    });
    expect(gone.response.data).toEqual({ deleted: 1 });
  });

  it('maintains wave templates in the warehouses of their organisation and of the user', async () => {
    const call = caller(s, admin, WAVE);
    const svc = 'IBmWaveManageHeadService';
    const base = { orgNo: 'SH01', warehouseNo: 'SH01-RM', waveNo: 'WV-T', waveName: 'Test wave' };
    const wrongWh = await call(`${svc}/addbmwavemanagehead`, { ...base, warehouseNo: 'HN01-RM' });
    expect(wrongWh.code).toBe('10017');
    const wrongTime = await call(`${svc}/addbmwavemanagehead`, { ...base, cutOffTime: '25:00' });
    expect(wrongTime.msg).toBe('Invalid value: Cut-off time must be a time HH:mm.');
    const wrongType = await call(`${svc}/addbmwavemanagehead`, { ...base, classifyType: 'HN01-PO' });
    expect(wrongType.code).toBe('10017');
    const added = await call(`${svc}/addbmwavemanagehead`, {
      ...base,
      classifyType: 'SH01-PO',
      maxDocCount: 30,
      cutOffTime: '15:30',
      isAutoRelease: 'Y',
    });
    expect(added.response.data).toMatchObject({ maxDocCount: 30, cutOffTime: '15:30', isAutoRelease: 'Y' });
    const upd = await call(`${svc}/updatebmwavemanageheadbyid`, {
      id: added.response.data.id,
      version: 1,
      maxQty: 1500.5,
      warehouseNo: 'SH01-FG',
    });
    // The warehouse is the template's key: kept on modify.
    expect(upd.response.data).toMatchObject({ maxQty: '1500.5', warehouseNo: 'SH01-RM', version: 2 });
    // The wave selector's conditions by warehouse, on its own menu: no shipped screen uses the
    // selector yet, so no other menu may look the templates up.
    expect(
      (
        await s.call(
          `${svc}/getbmwavemanageheadlistbyparams`,
          { condition: { warehouseNo: 'SH01-RM' } },
          { token: buyer, menu: 'Base.Basic.Warehouse' },
        )
      ).body.errorCode,
    ).toBe('10005');
    const lookup = records(
      await caller(
        s,
        buyer,
        WAVE,
      )(`${svc}/getbmwavemanageheadlistbyparams`, {
        warehouseNo: 'SH01-RM',
        statusCode: '1',
      }),
    );
    expect(lookup.map((w) => w.waveNo)).toEqual(['WV-T']);
    // A keeper of HN01 sees the Hanoi template only.
    const keeper = caller(s, await keeperOf(s, admin, 'HN01', `keeper-wave-${kind}`, ['HN01-RM']), WAVE);
    expect(records(await keeper(`${svc}/getbmwavemanageheadlistbyparams`, {})).map((w) => w.waveNo)).toEqual([
      'WV-HN',
    ]);
    expect((await keeper(`${svc}/getbmwavemanageheadbyid`, { id: added.response.data.id })).code).toBe(
      '10008',
    );
    const gone = await call(`${svc}/deletebmwavemanageheadbyids`, {
      delList: [{ id: added.response.data.id, version: 2 }],
    });
    expect(gone.response.data).toEqual({ deleted: 1 });
  });
});
