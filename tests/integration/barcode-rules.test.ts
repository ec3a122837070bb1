// Barcode, batch and container rules on both databases: a rule and its lines saved in one transaction
// (a bad line or a stale version keeps everything as it was), the spec's validations (a basic element
// code is a single letter A-Z, unique in its rule; a batch rule needs a detail line), consistency
// (lot-attribute elements, parse methods), flags, the organisation scope and the lookups selectors use.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Body, caller, keeperOf, records } from '../support/rules.js';
import { API_PATH, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const BAR = 'Base.Barcode.BarcodeRule';
const LOT = 'Base.Barcode.BatchRule';
const BOX = 'Base.Barcode.ContainerRule';
const SVC = 'IBmBarRuleHeadService';

const element = (codingId: string, extra: Record<string, unknown> = {}) => ({
  codingId,
  parameter: 'standardCol',
  fieldType: 'itemNo',
  leng: 10,
  ...extra,
});

describe.each(POSTGRES_ONLY)('barcode, batch and container rules on %s', (kind) => {
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

  const lineCount = async (barRuleNo: string) => {
    const { db } = s.server.database;
    const rows = await db
      .selectFrom('bmBarRuleLine as l')
      .innerJoin('bmBarRuleHead as h', 'h.id', 'l.barRuleId')
      .select('l.codingId')
      .where('h.barRuleNo', '=', barRuleNo)
      .orderBy('l.seqNo')
      .execute();
    return rows.map((r) => r.codingId);
  };

  it('adds a rule with two basic elements, modifies it (a line removed, one added) and deletes it', async () => {
    const call = caller(s, admin, BAR);
    const added = await call(`${SVC}/addbmbarrulehead`, {
      orgNo: 'SH01',
      barRuleNo: 'BR-T1',
      barRuleName: 'Test rule',
      barType: '1',
      parseMethod: '1',
      codeTotal: 18,
      elementList: [element('A'), element('B', { fieldType: 'qty', leng: 8, allowEmpty: 'Y' })],
    });
    expect(added.status).toBe(200);
    const rule = added.response.data;
    expect(rule).toMatchObject({ barRuleNo: 'BR-T1', version: 1, codeTotal: 18 });
    expect(rule.elementList.map((e: Body) => [e.seqNo, e.codingId, e.fieldType, e.allowEmpty])).toEqual([
      [1, 'A', 'itemNo', 'N'],
      [2, 'B', 'qty', 'Y'],
    ]);

    // Modify: keep B (now first, by its id), drop A, add C; the head's version moves on.
    const [a, b] = rule.elementList;
    const modified = await call(`${SVC}/updatebmbarruleheadbyid`, {
      id: rule.id,
      version: 1,
      barRuleName: 'Test rule 2',
      elementList: [{ ...b }, element('C', { fieldType: 'serialNo', leng: 10 })],
    });
    expect(modified.status).toBe(200);
    expect(modified.response.data.version).toBe(2);
    expect(modified.response.data.elementList.map((e: Body) => [e.seqNo, e.codingId])).toEqual([
      [1, 'B'],
      [2, 'C'],
    ]);
    // B kept its id; A is gone from the database, not only from the answer.
    expect(modified.response.data.elementList[0].id).toBe(b.id);
    expect(await lineCount('BR-T1')).toEqual(['B', 'C']);
    const got = await call(`${SVC}/getbmbarruleheadbyid`, { id: rule.id });
    expect(got.response.data.elementList.map((e: Body) => e.id)).not.toContain(a.id);

    // A stale version changes nothing, lines included.
    const stale = await call(`${SVC}/updatebmbarruleheadbyid`, {
      id: rule.id,
      version: 1,
      elementList: [element('Z', { leng: 18 })],
    });
    expect(stale.code).toBe('10007');
    expect(await lineCount('BR-T1')).toEqual(['B', 'C']);

    const listed = records(await call(`${SVC}/getbmbarruleheadlistbyparams`, { keyword: 'BR-T1' }));
    expect(listed.map((r) => [r.barRuleNo, r.barRuleName, r.version])).toEqual([['BR-T1', 'Test rule 2', 2]]);
    const deleted = await call(`${SVC}/deletebmbarruleheadbyids`, { delList: [{ id: rule.id, version: 2 }] });
    expect(deleted.response.data).toEqual({ deleted: 1 });
    expect(await lineCount('BR-T1')).toEqual([]);
  });

  it("refuses a basic element code that is not a single letter A-Z ('AB', '1', 'a') or repeats in the rule", async () => {
    const call = caller(s, admin, BAR);
    const head = { orgNo: 'SH01', barRuleNo: 'BR-BAD', barRuleName: 'Bad', barType: '1', parseMethod: '1' };
    for (const code of ['AB', '1', 'a']) {
      const r = await call(`${SVC}/addbmbarrulehead`, {
        ...head,
        elementList: [element('A'), element(code)],
      });
      expect(r.code, code).toBe('10102');
      expect(r.msg).toBe('Line 2: Basic element code must be a single letter A-Z.');
    }
    const twice = await call(`${SVC}/addbmbarrulehead`, {
      ...head,
      elementList: [element('A'), element('A')],
    });
    expect(twice.code).toBe('10103');
    expect(twice.msg).toBe('Lines 1 and 2 have the same Basic element code "A".');
    const none = await call(`${SVC}/addbmbarrulehead`, { ...head, elementList: [] });
    expect(none.code).toBe('10101');
    // The same refusal in the caller's language.
    const zh = await caller(
      s,
      admin,
      BAR,
      'zh-CN',
    )(`${SVC}/addbmbarrulehead`, {
      ...head,
      elementList: [element('1')],
    });
    expect(zh.msg).toBe('第1行：基础元素代码必须是一个字母 A-Z。');
    // Nothing was written by any of them.
    const listed = records(await call(`${SVC}/getbmbarruleheadlistbyparams`, { barRuleNo: 'BR-BAD' }));
    expect(listed).toEqual([]);
  });

  it('checks a rule as a whole: field of the parameter, lot attributes of a batch rule, the parse method', async () => {
    const call = caller(s, admin, BAR);
    const head = { orgNo: 'SH01', barRuleNo: 'BR-C', barRuleName: 'Check', barType: '1' };
    const cases: [Record<string, unknown>, string][] = [
      [
        { parseMethod: '1', elementList: [element('A', { fieldType: 'lotAtt01' })] },
        'Line 1: Field type is not a field of the parameter Standard column.',
      ],
      [
        { parseMethod: '1', elementList: [element('A', { parameter: 'lotAtt', fieldType: 'lotAtt01' })] },
        'Line 1: Batch rule is required.',
      ],
      [
        {
          parseMethod: '1',
          elementList: [element('A', { parameter: 'lotAtt', fieldType: 'lotAtt09', lotRule: 'LR-STD' })],
        },
        'Line 1: Batch rule "LR-STD" is no valid batch rule of this organization with lotAtt09.',
      ],
      [
        // LR-HN belongs to HN01, not to the rule's organisation.
        {
          parseMethod: '1',
          elementList: [element('A', { parameter: 'lotAtt', fieldType: 'lotAtt01', lotRule: 'LR-HN' })],
        },
        'Line 1: Batch rule "LR-HN" is no valid batch rule of this organization with lotAtt01.',
      ],
      [
        { parseMethod: '1', elementList: [element('A', { matchCriteria: '([0-9' })] },
        'Line 1: Match criteria is not a valid regular expression.',
      ],
      [
        { parseMethod: '1', elementList: [element('A', { leng: null })] },
        'Line 1: Length is required by the parse method Fixed length.',
      ],
      [
        { parseMethod: '2', elementList: [element('A', { partNo: 1 }), element('B', { partNo: 1 })] },
        'Lines 1 and 2 have the same Part number "1".',
      ],
      [
        { parseMethod: '3', elementList: [element('A')] },
        'Line 1: Prefix is required by the parse method Prefix identifier.',
      ],
      [
        { parseMethod: '1', codeTotal: 25, elementList: [element('A'), element('B', { fieldType: 'qty' })] },
        'The rule does not hold together: the element lengths add up to 20, not the total length 25.',
      ],
    ];
    for (const [extra, message] of cases) {
      const r = await call(`${SVC}/addbmbarrulehead`, { ...head, ...extra });
      expect(r.msg, JSON.stringify(extra)).toBe(message);
    }
    expect(records(await call(`${SVC}/getbmbarruleheadlistbyparams`, { barRuleNo: 'BR-C' }))).toEqual([]);
    const good = await call(`${SVC}/addbmbarrulehead`, {
      ...head,
      parseMethod: '3',
      elementList: [
        element('A', { prefixChar: '(01)' }),
        element('B', { parameter: 'lotAtt', fieldType: 'lotAtt03', lotRule: 'LR-STD', prefixChar: '(10)' }),
      ],
    });
    expect(good.status).toBe(200);
  });

  it('keeps the buyer to viewing and a keeper of one organisation to its rules', async () => {
    const asBuyer = caller(s, buyer, BAR);
    expect(records(await asBuyer(`${SVC}/getbmbarruleheadlistbyparams`, {})).length).toBeGreaterThan(0);
    const refused = await asBuyer(`${SVC}/addbmbarrulehead`, {
      orgNo: 'SH01',
      barRuleNo: 'BR-BUY',
      barRuleName: 'x',
      barType: '1',
      parseMethod: '1',
      elementList: [element('A')],
    });
    expect(refused.errorCode).toBe('10005');

    const keeper = caller(s, await keeperOf(s, admin, 'SH01', `keeper-bar-${kind}`), BAR);
    const mine = records(await keeper(`${SVC}/getbmbarruleheadlistbyparams`, {}));
    expect(new Set(mine.map((r) => r.orgNo))).toEqual(new Set(['SH01']));
    const hn = records(
      await caller(s, admin, BAR)(`${SVC}/getbmbarruleheadlistbyparams`, { orgNo: 'HN01' }),
    )[0];
    expect((await keeper(`${SVC}/getbmbarruleheadbyid`, { id: hn.id })).code).toBe('10008');
    const outside = await keeper(`${SVC}/addbmbarrulehead`, {
      orgNo: 'HN01',
      barRuleNo: 'BR-OUT',
      barRuleName: 'x',
      barType: '1',
      parseMethod: '1',
      elementList: [element('A')],
    });
    expect(outside.code).toBe('10013');
    const gone = await keeper(`${SVC}/deletebmbarruleheadbyids`, {
      delList: [{ id: hn.id, version: hn.version }],
    });
    expect(gone.code).toBe('10008');
    // The lines of a rule (the list's extra-rows dialog) follow the rule's scope.
    expect((await keeper(`${SVC}/getbmbarrulelinelistbyparams`, { barRuleId: hn.id })).code).toBe('10008');
    const lines = records(
      await caller(s, buyer, BAR)(`${SVC}/getbmbarrulelinelistbyparams`, { barRuleId: hn.id }),
    );
    expect(lines.map((l) => [l.seqNo, l.codingId])).toEqual([
      [1, 'A'],
      [2, 'S'],
    ]);
  });

  it('offers a batch rule item only the barcode rules whose lot attributes belong to its batch rule', async () => {
    // The barcode rule selector's conditions (valid rules, by barType and batch rule), on its own menu:
    // no shipped screen uses the selector yet, so no other menu may look the rules up.
    expect(
      (
        await s.call(
          `${SVC}/getbmbarruleheadlistbyparams`,
          { condition: { statusCode: '1' } },
          { token: admin, menu: 'Base.Basic.Warehouse' },
        )
      ).body.errorCode,
    ).toBe('10005');
    const lookup = caller(s, admin, 'Base.Barcode.BarcodeRule');
    const all = records(
      await lookup(`${SVC}/getbmbarruleheadlistbyparams`, { statusCode: '1', barType: '1' }),
    );
    expect(all.map((r) => r.barRuleNo)).toEqual(expect.arrayContaining(['BR-ITEM', 'BR-GS1']));
    const ofHn = records(await lookup(`${SVC}/getbmbarruleheadlistbyparams`, { lotRuleNo: 'LR-HN' }));
    // BR-ITEM and BR-GS1 read LR-STD's attributes; BR-SN reads none.
    expect(ofHn.map((r) => r.barRuleNo)).not.toContain('BR-ITEM');
    expect(ofHn.map((r) => r.barRuleNo)).toContain('BR-SN');
    const ofStd = records(await lookup(`${SVC}/getbmbarruleheadlistbyparams`, { lotRuleNo: 'LR-STD' }));
    expect(ofStd.map((r) => r.barRuleNo)).toEqual(expect.arrayContaining(['BR-ITEM', 'BR-GS1', 'BR-SN']));
  });

  it('refuses a batch rule with no detail line with the spec message, and keeps a used batch rule', async () => {
    const call = caller(s, admin, LOT);
    const head = { orgNo: 'SH01', lotRuleNo: 'LR-T', lotRuleName: 'Test batch rule' };
    const none = await call('IBmLotRuleHeadService/addbmlotrulehead', { ...head, detailList: [] });
    expect(none).toMatchObject({ code: '10100', msg: 'A batch rule needs at least one detail line.' });
    const absent = await call('IBmLotRuleHeadService/addbmlotrulehead', head);
    expect(absent.code).toBe('10100');
    const zh = await caller(
      s,
      admin,
      LOT,
      'zh-CN',
    )('IBmLotRuleHeadService/addbmlotrulehead', {
      ...head,
      detailList: null,
    });
    expect(zh.msg).toBe('批次规则至少需要一行明细。');
    const twice = await call('IBmLotRuleHeadService/addbmlotrulehead', {
      ...head,
      detailList: [{ lotAtt: 'lotAtt01' }, { lotAtt: 'lotAtt01' }],
    });
    expect(twice.code).toBe('10103');
    const added = await call('IBmLotRuleHeadService/addbmlotrulehead', {
      ...head,
      detailList: [
        { lotAtt: 'lotAtt01', isCombinationLotNo: 'Y', dateFormat: 'yyyyMMdd', lotKey: 'Y' },
        { lotAtt: 'lotAtt05', defaultValue: 'NA' },
      ],
    });
    expect(
      added.response.data.detailList.map((d: Body) => [d.lotAtt, d.isCombinationLotNo, d.lotKey]),
    ).toEqual([
      ['lotAtt01', 'Y', 'Y'],
      ['lotAtt05', 'N', 'N'],
    ]);
    // Emptying it on modify is refused the same way, and changes nothing.
    const emptied = await call('IBmLotRuleHeadService/updatebmlotruleheadbyid', {
      id: added.response.data.id,
      version: 1,
      lotRuleName: 'renamed',
      detailList: [],
    });
    expect(emptied.code).toBe('10100');
    const again = await call('IBmLotRuleHeadService/getbmlotruleheadbyid', { id: added.response.data.id });
    expect(again.response.data).toMatchObject({ lotRuleName: 'Test batch rule', version: 1 });
    expect(again.response.data.detailList).toHaveLength(2);

    // LR-STD is read by the barcode rules' lot-attribute elements: not deleted.
    const std = records(
      await call('IBmLotRuleHeadService/getbmlotruleheadlistbyparams', { lotRuleNo: 'LR-STD' }),
    )[0];
    const used = await call('IBmLotRuleHeadService/deletebmlotruleheadbyids', {
      delList: [{ id: std.id, version: std.version }],
    });
    expect(used.code).toBe('10016');
    const free = await call('IBmLotRuleHeadService/deletebmlotruleheadbyids', {
      delList: [{ id: added.response.data.id, version: 1 }],
    });
    expect(free.response.data).toEqual({ deleted: 1 });
  });

  it('maintains container rules with their limits, and exports and imports them', async () => {
    const call = caller(s, admin, BOX);
    const bad = await call('IBmBoxRuleHeadService/addbmboxrulehead', {
      orgNo: 'SH01',
      boxRuleNo: 'BOX-T',
      boxRuleName: 'Test box',
      codeTotal: 3,
    });
    expect(bad.errorCode).toBe('10002');
    const added = await call('IBmBoxRuleHeadService/addbmboxrulehead', {
      orgNo: 'SH01',
      boxRuleNo: 'BOX-T',
      boxRuleName: 'Test box',
      codeTotal: 14,
      isRecycle: 'Y',
    });
    expect(added.response.data).toMatchObject({ codeTotal: 14, isRecycle: 'Y', isMixSku: 'N', version: 1 });
    const dup = await call('IBmBoxRuleHeadService/addbmboxrulehead', {
      orgNo: 'SH01',
      boxRuleNo: 'BOX-T',
      boxRuleName: 'Again',
      codeTotal: 14,
    });
    expect(dup).toMatchObject({ code: '50M01', msg: 'Container rule code "BOX-T" already exists.' });
    // The same number in another organisation is another rule.
    const other = await call('IBmBoxRuleHeadService/addbmboxrulehead', {
      orgNo: 'HN01',
      boxRuleNo: 'BOX-T',
      boxRuleName: 'Hanoi test box',
      codeTotal: 14,
    });
    expect(other.status).toBe(200);
    const upd = await call('IBmBoxRuleHeadService/updatebmboxruleheadbyid', {
      id: added.response.data.id,
      version: 1,
      isMixLot: 'Y',
    });
    expect(upd.response.data).toMatchObject({ isMixLot: 'Y', version: 2 });
    // The box rule lookup (statusCode 1, keyword), from any screen.
    const lookup = records(
      await caller(
        s,
        buyer,
        'Base.Barcode.Container',
      )('IBmBoxRuleHeadService/getbmboxruleheadlistbyparams', {
        statusCode: '1',
        keyword: 'box',
        orgNo: 'SH01',
      }),
    );
    expect(lookup.map((r) => r.boxRuleNo)).toEqual(expect.arrayContaining(['BOX-STD', 'BOX-T']));
    const exported = await s.call(
      'IBmBoxRuleHeadService/exportexcel',
      { condition: { orgNo: 'SH01' } },
      { token: buyer, menu: BOX },
    );
    expect(exported.http).toBe(200);
    const templates = await caller(s, admin, BOX)('IBmBoxRuleHeadService/getExportNameList', {});
    expect(templates.response.data).toEqual([
      { exportName: 'all', exportLabel: 'Container rules', isDefault: 1 },
    ]);
    const template = await s.call('IBmBoxRuleHeadService/downExcelTemplate', {}, { token: admin, menu: BOX });
    expect(template.http).toBe(200);

    // Import upserts by organisation and rule number: BOX-T is updated, BOX-NEW added; twice the same
    // file leaves both as they are.
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.addRow([
      'Organization code',
      'Container rule code',
      'Container rule name',
      'Total length',
      'Returnable',
    ]);
    sheet.addRow(['SH01', 'BOX-T', 'Imported box', 16, 'N']);
    sheet.addRow(['SH01', 'BOX-NEW', 'New imported box', 12, 'Yes']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), 'box-rules.xlsx');
      const res = await fetch(`${s.url}${API_PATH}/IBmBoxRuleHeadService/importexcel`, {
        method: 'POST',
        headers: { 'authentication-info': admin, 'app-module-number': BOX, 'accept-language': 'en-US' },
        body: form,
      });
      return (await res.json()) as Body;
    };
    expect((await upload()).response.data).toMatchObject({ status: 'imported', inserted: 1, updated: 1 });
    // The same file again: both rows equal their records, so nothing is written.
    expect((await upload()).response.data).toMatchObject({
      status: 'imported',
      inserted: 0,
      updated: 0,
      unchanged: 2,
    });
    const imported = records(
      await call('IBmBoxRuleHeadService/getbmboxruleheadlistbyparams', { orgNo: 'SH01' }),
    );
    expect(
      imported
        .filter((r) => r.boxRuleNo.startsWith('BOX-T') || r.boxRuleNo === 'BOX-NEW')
        .map((r) => [r.boxRuleNo, r.boxRuleName, r.codeTotal, r.isRecycle]),
    ).toEqual([
      ['BOX-NEW', 'New imported box', 12, 'Y'],
      ['BOX-T', 'Imported box', 16, 'N'],
    ]);
    const gone = await call('IBmBoxRuleHeadService/deletebmboxruleheadbyids', {
      // Updated once by the first import; the second left it unchanged.
      delList: [{ id: added.response.data.id, version: 3 }],
    });
    expect(gone.response.data).toEqual({ deleted: 1 });
  });
});
