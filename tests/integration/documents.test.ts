// Business documents on the platform, through the first document kind, announcements: numbers from the
// kind's rule, transitions by side, flag, state, version and guard, all-or-nothing batches that name
// each refused row, batches that must agree on the organisation, the history of every transition,
// modify and delete only in the editable state, and what a supplier's user may see of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRoleFlags } from '../support/rules.js';
import { BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'Offsite.Announcement.News';
const SERVICE = 'ISrmSysNewsService';
const TODAY = (() => {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
})();

describe.each(BOTH_DBS)('business documents (announcements) on %s', (kind) => {
  let s: TestServer;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [buyer, supplier1, supplier2] = await Promise.all([
      s.login('buyer'),
      s.login('supplier1'),
      s.login('supplier2'),
    ]);
  });
  afterAll(async () => {
    await s?.close();
  });

  const call = (method: string, condition: unknown, token = buyer, lang = 'en-US') =>
    s.call(`${SERVICE}/${method}`, { condition }, { token, menu: MENU, lang });
  const add = async (values: Record<string, unknown>) => {
    const r = await call('addSysNews', {
      orgNo: 'SH01',
      title: 'Holiday schedule',
      content: 'Closed on 1 May',
      ...values,
    });
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data as { id: string; version: number; newsNo: string; status: string };
  };
  const rowOf = (doc: { id: string; version: number }) => ({ id: doc.id, version: doc.version });
  const get = async (id: string, token = buyer) => (await call('getSysNewsById', { id }, token)).body;

  it('numbers a new announcement from its kind rule and starts it as a draft', async () => {
    const a = await add({});
    const b = await add({});
    expect(a.status).toBe('0');
    expect(a.newsNo).toMatch(new RegExp(`^NT${TODAY}\\d{4}$`));
    expect(Number(b.newsNo.slice(-4))).toBe(Number(a.newsNo.slice(-4)) + 1);
    // The status and the number are the server's: a client cannot set them.
    const forged = await call('addSysNews', { orgNo: 'SH01', title: 'x', status: '1', newsNo: 'MINE' });
    expect(forged.body.response.data).toMatchObject({ status: '0', newsNo: expect.stringMatching(/^NT/) });
  });

  it('administrators keep the numbering rules; an organisation rule wins over the default', async () => {
    const admin = await s.login('admin');
    const rules = (method: string, condition: unknown, token = admin) =>
      s.call(
        `ISysDocNumberRuleService/${method}`,
        { condition },
        { token, menu: 'BaseManage.Config.DocNumber' },
      );
    const rule = {
      docKind: 'news',
      orgNo: 'HN01',
      prefix: 'HN-',
      withOrg: 'Y',
      datePart: 'yyMM',
      seqLength: 5,
    };
    expect((await rules('addSysDocNumberRule', rule, buyer)).http).toBe(403);
    const unknownOrg = await rules('addSysDocNumberRule', { ...rule, orgNo: 'NOPE' });
    expect(unknownOrg.body).toMatchObject({ code: '10017' });
    expect(unknownOrg.body.msg).toContain('"NOPE" does not exist');
    expect((await rules('addSysDocNumberRule', { ...rule, seqLength: 2 })).http).toBe(400);
    const added = await rules('addSysDocNumberRule', rule);
    expect(added.body.code, added.body.msg).toBe('0');
    expect((await rules('addSysDocNumberRule', rule)).body.code).toBe('50M01');
    const listed = (await rules('getSysDocNumberRuleList', { docKind: 'news' })).body.response.data.records;
    expect(listed).toEqual([expect.objectContaining({ orgNo: 'HN01', prefix: 'HN-', withOrg: 'Y' })]);

    const doc = await add({ orgNo: 'HN01' });
    expect(doc.newsNo).toMatch(new RegExp(`^HN-HN01${TODAY.slice(2, 6)}\\d{5}$`));
    // SH01 has no rule of its own: the kind's default.
    expect((await add({})).newsNo).toMatch(new RegExp(`^NT${TODAY}\\d{4}$`));
  });

  it('publishes a draft, records the history and refuses what the state no longer allows', async () => {
    const draft = await add({ title: 'Stocktaking' });
    const published = await call('publishSysNews', { rows: [rowOf(draft)] });
    expect(published.body.code, published.body.msg).toBe('0');
    expect(published.body.response.data).toEqual({
      count: 1,
      rows: [{ id: draft.id, version: draft.version + 1, status: '1' }],
    });
    const stored = (await get(draft.id)).response.data;
    expect(stored).toMatchObject({ status: '1', publishName: 'Wang Li (purchasing)' });
    expect(stored.publishDate).toBeTruthy();

    // Publishing again names the state it is in, in the caller's language.
    const again = await call('publishSysNews', { rows: [{ id: draft.id, version: stored.version }] });
    expect(again.body).toMatchObject({ status: 409, code: '10140' });
    expect(again.body.msg).toBe(`Publish is not possible: "${draft.newsNo}" is Published.`);
    const zh = await call(
      'publishSysNews',
      { rows: [{ id: draft.id, version: stored.version }] },
      buyer,
      'zh-CN',
    );
    expect(zh.body.msg).toContain('已发布');

    // Only drafts may be modified or deleted.
    const modify = await call('updateSysNewsById', {
      id: draft.id,
      version: stored.version,
      title: 'Changed',
    });
    // Announcements say it in the spec's words (10211, "notices not in draft ...").
    expect(modify.body).toMatchObject({ code: '10211' });
    expect(modify.body.msg).toContain('Published');
    const del = await call('deleteSysNewsByIds', { delList: [{ id: draft.id, version: stored.version }] });
    expect(del.body).toMatchObject({ code: '10211' });

    // Cancelling needs a reason; with one, the reason is kept on the record and in the history.
    const noReason = await call('cancelSysNews', {
      rows: [{ id: draft.id, version: stored.version }],
      reason: '  ',
    });
    expect(noReason.body).toMatchObject({ code: '10143', msg: 'Enter a reason for Cancel.' });
    const cancelled = await call('cancelSysNews', {
      rows: [{ id: draft.id, version: stored.version }],
      reason: 'Wrong date',
    });
    expect(cancelled.body.code, cancelled.body.msg).toBe('0');
    expect((await get(draft.id)).response.data).toMatchObject({ status: '2', lastReason: 'Wrong date' });

    const history = (await call('getSysNewsHistory', { id: draft.id })).body.response.data;
    expect(history).toEqual([
      expect.objectContaining({
        transition: 'publish',
        fromStatus: '0',
        toStatus: '1',
        reason: null,
        source: 'portal',
        userNo: 'buyer',
      }),
      expect.objectContaining({
        transition: 'cancel',
        fromStatus: '1',
        toStatus: '2',
        reason: 'Wrong date',
        userNo: 'buyer',
      }),
    ]);
    expect(new Date(history[0].createDate).getTime()).toBeLessThanOrEqual(
      new Date(history[1].createDate).getTime(),
    );
  });

  it('refuses a stale version and a guard, and changes nothing', async () => {
    const draft = await add({ title: 'Stale' });
    await call('updateSysNewsById', { id: draft.id, version: draft.version, title: 'Stale, changed' });
    const stale = await call('publishSysNews', { rows: [rowOf(draft)] });
    expect(stale.body).toMatchObject({ code: '10007' });
    // A document nobody has, or one outside the caller's scope, is not found.
    const unknown = { id: '00000000-0000-4000-8000-000000000000', version: 1 };
    expect((await call('publishSysNews', { rows: [unknown] })).body).toMatchObject({ code: '10008' });

    const empty = await add({ title: 'Empty', content: '' });
    const refused = await call('publishSysNews', { rows: [rowOf(empty)] });
    expect(refused.body).toMatchObject({ code: '10146' });
    expect(refused.body.msg).toBe(`Publish refused for "${empty.newsNo}": the announcement has no text.`);
    const chosen = await add({ title: 'Nobody chosen', publishTarget: '3' });
    expect((await call('publishSysNews', { rows: [rowOf(chosen)] })).body.msg).toContain('names none');
    expect((await get(empty.id)).response.data).toMatchObject({ status: '0', version: empty.version });
    expect((await call('getSysNewsHistory', { id: empty.id })).body.response.data).toEqual([]);
  });

  it('a batch is all or nothing and names every refused row', async () => {
    const good1 = await add({ title: 'Batch 1' });
    const good2 = await add({ title: 'Batch 2' });
    const bad = await add({ title: 'Batch 3', content: null });
    const r = await call('publishSysNews', { rows: [rowOf(good1), rowOf(bad), rowOf(good2)] });
    expect(r.body).toMatchObject({ status: 409, code: '10141' });
    expect(r.body.msg).toBe('Publish: 1 of 3 selected records were refused, so nothing was changed.');
    expect(r.body.response.data.refused).toEqual([
      {
        id: bad.id,
        docNo: bad.newsNo,
        message: `Publish refused for "${bad.newsNo}": the announcement has no text.`,
      },
    ]);
    for (const doc of [good1, good2, bad]) expect((await get(doc.id)).response.data.status).toBe('0');

    const ok = await call('publishSysNews', { rows: [rowOf(good1), rowOf(good2)] });
    expect(ok.body.response.data.count).toBe(2);
  });

  it('a batch may not mix organisations', async () => {
    const sh = await add({ title: 'SH01' });
    const hn = await add({ title: 'HN01', orgNo: 'HN01' });
    const r = await call('publishSysNews', { rows: [rowOf(sh), rowOf(hn)] });
    expect(r.body).toMatchObject({ code: '10144' });
    expect(r.body.msg).toContain('Organization');
    expect((await get(sh.id)).response.data.status).toBe('0');
  });

  it('a supplier may not take a purchaser transition: without the flag, and on the wrong side with it', async () => {
    const draft = await add({ title: 'Side' });
    const noFlag = await call('publishSysNews', { rows: [rowOf(draft)] }, supplier1);
    expect(noFlag.http).toBe(403);
    // Given the flag by mistake, the side still refuses.
    const { db } = s.server.database;
    await setRoleFlags(db, 'supplier', MENU, ['isSearch', 'isRelease']);
    try {
      const wrongSide = await call('publishSysNews', { rows: [rowOf(draft)] }, supplier1);
      // The side is asked before any row is read.
      expect(wrongSide.body).toMatchObject({ code: '10142' });
      expect(wrongSide.body.msg).toBe('Publish is only for purchaser and warehouse users.');
    } finally {
      await setRoleFlags(db, 'supplier', MENU, ['isSearch']);
    }
    expect((await get(draft.id)).response.data.status).toBe('0');
  });

  it('a supplier sees only published announcements meant for it, through every call', async () => {
    const draft = await add({ title: 'Internal draft' });
    const all = await add({ title: 'For all suppliers' });
    const internal = await add({ title: 'Internal only', publishTarget: '4' });
    const forSup2 = await add({
      orgNo: 'HN01',
      title: 'For Delta only',
      publishTarget: '3',
      supplierList: [{ supplierNo: 'SUP002' }],
    });
    for (const doc of [all, internal, forSup2])
      expect((await call('publishSysNews', { rows: [rowOf(doc)] })).body.code).toBe('0');

    const titles = async (token: string) =>
      (
        (await call('getSysNewsList', { size: 500 }, token)).body.response.data.records as { title: string }[]
      ).map((r) => r.title);
    const seen1 = await titles(supplier1);
    expect(seen1).toContain('For all suppliers');
    expect(seen1).not.toContain('Internal draft');
    expect(seen1).not.toContain('Internal only');
    expect(seen1).not.toContain('For Delta only');
    expect(await titles(supplier2)).toContain('For Delta only');
    expect(await titles(buyer)).toEqual(
      expect.arrayContaining(['Internal draft', 'Internal only', 'For Delta only']),
    );

    for (const doc of [draft, internal, forSup2]) {
      expect((await get(doc.id, supplier1)).code).toBe('10008');
      expect((await call('getSysNewsHistory', { id: doc.id }, supplier1)).body.code).toBe('10008');
    }
    expect((await get(all.id, supplier1)).response.data.title).toBe('For all suppliers');

    // Chosen together with another supplier, each sees only its own line: never who else was chosen.
    const both = await add({
      title: 'For Acme and Delta',
      publishTarget: '3',
      supplierList: [{ supplierNo: 'SUP001' }, { supplierNo: 'SUP002' }],
    });
    expect((await call('publishSysNews', { rows: [rowOf(both)] })).body.code).toBe('0');
    expect(
      (await get(both.id)).response.data.supplierList.map((l: { supplierNo: string }) => l.supplierNo),
    ).toEqual(['SUP001', 'SUP002']);
    const seen = (await get(both.id, supplier1)).response.data.supplierList;
    expect(seen.map((l: { supplierNo: string }) => l.supplierNo)).toEqual(['SUP001']);
    const lines = await call('getSysNewsSupplierList', { newsId: both.id }, supplier1);
    expect(lines.body.response.data.records.map((l: { supplierNo: string }) => l.supplierNo)).toEqual([
      'SUP001',
    ]);
  });

  it('answers its declaration in the caller language with the caller side', async () => {
    const zh = (await call('getSysNewsDefine', {}, buyer, 'zh-CN')).body.response.data;
    expect(zh).toMatchObject({ kind: 'news', statusField: 'status', side: 'purchaser', editableIn: ['0'] });
    expect(zh.states).toEqual([
      { code: '0', label: '草稿', labelKey: 'enum.NEWS_STATUS.0', color: 'default' },
      { code: '1', label: '已发布', labelKey: 'enum.NEWS_STATUS.1', color: 'success' },
      { code: '2', label: '已取消', labelKey: 'enum.NEWS_STATUS.2', color: 'error' },
    ]);
    expect(zh.transitions).toEqual([
      expect.objectContaining({
        name: 'publish',
        method: 'publishSysNews',
        label: '发布',
        from: ['0'],
        to: '1',
        flag: 'isRelease',
        reason: null,
        agree: ['orgNo'],
      }),
      expect.objectContaining({ name: 'cancel', method: 'cancelSysNews', from: ['1'], reason: 'required' }),
    ]);
    expect((await call('getSysNewsDefine', {}, supplier1)).body.response.data.side).toBe('supplier');
  });
});
