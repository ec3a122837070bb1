// Announcements end to end over the API on both databases: drafts, publishing (with its business event)
// and cancelling; who sees what by target across supplier1 (SUP001, Shanghai) and supplier2 (SUP002,
// Hanoi) through every call (the notice list and detail, read records, attachment lists and downloads);
// the public calls without a login (only public, published, valid announcements, no internal field,
// a call budget); read records and the purchaser's unread-suppliers view; the rich text cleaned on save;
// the spec's refusal of a change outside draft.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../support/file-fixtures.js';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'Offsite.Announcement.News';
const NOTICE = 'Index.NewsNotice.List';
const SERVICE = 'ISrmSysNewsService';
const DAY = 86_400_000;
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

interface News {
  id: string;
  version: number;
  newsNo: string;
  status: string;
}

describe.each(BOTH_DBS)('announcements on %s', (kind) => {
  const onPostgres = it.runIf(kind === 'postgres');
  let s: TestServer;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;

  afterAll(async () => {
    await s?.close();
  });

  const call = (method: string, condition: unknown, token = buyer, menu = MENU, lang = 'en-US') =>
    s.call(`${SERVICE}/${method}`, { condition }, { token, menu, lang });
  const ok = <T = unknown>(r: {
    http: number;
    body: { code: string; msg: string; response: { data: T } };
  }) => {
    expect(r.http, JSON.stringify(r.body)).toBe(200);
    expect(r.body.code, r.body.msg).toBe('0');
    return r.body.response.data;
  };
  const add = async (values: Record<string, unknown>) =>
    ok<News>(
      await call('addSysNews', {
        orgNo: 'SH01',
        title: 'Announcement',
        content: '<p>Text</p>',
        publishTarget: '2',
        ...values,
      }),
    );
  const publish = async (n: News): Promise<News> => ({
    ...n,
    ...ok<{ rows: News[] }>(await call('publishSysNews', { rows: [{ id: n.id, version: n.version }] }))
      .rows[0]!,
  });
  const noticeIds = async (token: string, condition: Record<string, unknown> = {}) => {
    const page = ok<{ records: { id: string; isRead: string }[] }>(
      await s.call(
        `${SERVICE}/getNewsNoticeList`,
        { current: 1, size: 200, condition },
        { token, menu: NOTICE },
      ),
    );
    return page.records;
  };

  /** One announcement per target, published, plus a draft. */
  let everyone: News;
  let suppliersSh: News;
  let chosen1: News;
  let internal: News;
  let draft: News;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
    [buyer, supplier1, supplier2] = await Promise.all([
      s.login('buyer'),
      s.login('supplier1'),
      s.login('supplier2'),
    ]);
    everyone = await publish(await add({ title: 'For everyone', publishTarget: '1', isTop: 'Y' }));
    suppliersSh = await publish(await add({ title: 'For Shanghai suppliers', publishTarget: '2' }));
    chosen1 = await publish(
      await add({ title: 'For Acme only', publishTarget: '3', supplierList: [{ supplierNo: 'SUP001' }] }),
    );
    internal = await publish(await add({ title: 'For staff', publishTarget: '4' }));
    draft = await add({ title: 'Still a draft', publishTarget: '1' });
  });

  it('shows each user what is published to it, and a draft to nobody', async () => {
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    const s1 = ids(await noticeIds(supplier1));
    expect(s1).toEqual(expect.arrayContaining([everyone.id, suppliersSh.id, chosen1.id]));
    expect(s1).not.toContain(internal.id);
    expect(s1).not.toContain(draft.id);
    const s2 = ids(await noticeIds(supplier2));
    expect(s2).toContain(everyone.id);
    for (const hidden of [suppliersSh, chosen1, internal, draft]) expect(s2).not.toContain(hidden.id);
    const staff = ids(await noticeIds(buyer));
    expect(staff).toEqual(expect.arrayContaining([everyone.id, internal.id]));
    for (const hidden of [suppliersSh, chosen1, draft]) expect(staff).not.toContain(hidden.id);
    // The top one comes first.
    expect(s1[0]).toBe(everyone.id);
    // The detail by id follows the same rule: another supplier's announcement is "not found".
    const detail = (id: string, token: string) =>
      s.call(`${SERVICE}/getNewsNoticeById`, { condition: { id } }, { token, menu: NOTICE });
    expect(ok<{ title: string }>(await detail(chosen1.id, supplier1)).title).toBe('For Acme only');
    for (const [id, token] of [
      [chosen1.id, supplier2],
      [suppliersSh.id, supplier2],
      [internal.id, supplier1],
      [draft.id, supplier1],
    ] as const)
      expect((await detail(id, token)).body.code).toBe('10008');
    // The purchaser's own list, through a supplier's user, holds the same audience (and its scope).
    const managed = ok<{ records: { id: string }[] }>(
      await s.call(
        `${SERVICE}/getSysNewsList`,
        { current: 1, size: 200, condition: {} },
        { token: supplier2, menu: MENU },
      ),
    );
    expect(managed.records.map((r) => r.id)).not.toContain(chosen1.id);
  });

  it('publishing writes news.published with the organisation; a cancelled one leaves every list', async () => {
    const events = await s.server.database.db
      .selectFrom('intOutbox')
      .select(['event', 'orgNo', 'docNo', 'payload'])
      .where('docId', '=', chosen1.id)
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'news.published', orgNo: 'SH01', docNo: chosen1.newsNo });
    expect((events[0]!.payload as { fields: Record<string, string> }).fields).toMatchObject({
      title: 'For Acme only',
      publishTarget: '3',
    });
    const extra = await publish(await add({ title: 'Short-lived', publishTarget: '1' }));
    expect((await noticeIds(supplier2)).map((r) => r.id)).toContain(extra.id);
    const cancelled = ok<{ rows: News[] }>(
      await call('cancelSysNews', { rows: [{ id: extra.id, version: extra.version }], reason: 'Wrong date' }),
    );
    expect(cancelled.rows[0]!.status).toBe('2');
    expect((await noticeIds(supplier2)).map((r) => r.id)).not.toContain(extra.id);
    const cancelEvents = await s.server.database.db
      .selectFrom('intOutbox')
      .select('event')
      .where('docId', '=', extra.id)
      .execute();
    expect(cancelEvents.map((e) => e.event)).toEqual(['news.published']);
  });

  it('refuses to modify or delete a notice outside draft with the spec message, changing nothing', async () => {
    const stored = ok<News & { title: string }>(await call('getSysNewsById', { id: suppliersSh.id }));
    const modify = await call('updateSysNewsById', {
      id: stored.id,
      version: stored.version,
      title: 'Changed',
    });
    expect(modify.body.code).toBe('10211');
    expect(modify.body.msg).toContain('not in draft cannot be modified or deleted');
    expect(modify.body.msg).toContain(stored.newsNo);
    const del = await call(
      'deleteSysNewsByIds',
      { delList: [{ id: stored.id, version: stored.version }] },
      buyer,
      MENU,
      'zh-CN',
    );
    expect(del.body.code).toBe('10211');
    expect(del.body.msg).toContain('草稿');
    const after = ok<{ title: string; version: number }>(
      await call('getSysNewsById', { id: suppliersSh.id }),
    );
    expect(after).toMatchObject({ title: 'For Shanghai suppliers', version: stored.version });
    // A draft is still modified and deleted as usual.
    const d = await add({ title: 'Throwaway' });
    ok(await call('deleteSysNewsByIds', { delList: [{ id: d.id, version: d.version }] }));
  });

  it('cleans the rich text on add and on update: no script, handler, javascript: link or foreign frame', async () => {
    const dirty =
      '<p onclick="steal()">Hello <b>world</b><script>alert(1)</script></p>' +
      '<img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad</a>' +
      '<a href="https://example.com/spec">spec</a><iframe src="https://evil.example"></iframe>' +
      '<ul><li>one</li></ul>';
    const n = await add({ content: dirty });
    const stored = ok<{ content: string; version: number }>(await call('getSysNewsById', { id: n.id }));
    expect(stored.content).toContain('<p>Hello <b>world</b></p>');
    expect(stored.content).toContain(
      '<a href="https://example.com/spec" target="_blank" rel="noopener noreferrer nofollow">spec</a>',
    );
    expect(stored.content).toContain('<ul><li>one</li></ul>');
    for (const bad of ['script', 'onerror', 'onclick', 'javascript:', 'iframe', '<img'])
      expect(stored.content).not.toContain(bad);
    const updated = ok<{ version: number }>(
      await call('updateSysNewsById', {
        id: n.id,
        version: stored.version,
        content:
          '<h2>Title</h2><svg onload="x()"></svg><img src="https://tracker.example/p.png"><p style="position:fixed">x</p>',
      }),
    );
    const again = ok<{ content: string }>(await call('getSysNewsById', { id: n.id }));
    expect(updated.version).toBe(stored.version + 1);
    expect(again.content).toBe('<h2>Title</h2><p>x</p>');
  });

  it('refuses a chosen supplier outside the purchaser organisations, and saves nothing', async () => {
    const db = s.server.database.db;
    await db
      .insertInto('bmOrg')
      .values({ orgNo: 'GZ01', orgName: 'Guangzhou', orgShortName: 'Guangzhou' })
      .execute();
    await db
      .insertInto('bmSupplier')
      .values({ orgNo: 'GZ01', supplierNo: 'SUP900', supplierName: 'Far Away Ltd.' })
      .execute();
    const before = await db
      .selectFrom('srmSysNews')
      .select(db.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const r = await call('addSysNews', {
      orgNo: 'SH01',
      title: 'Outside',
      content: 'x',
      publishTarget: '3',
      supplierList: [{ supplierNo: 'SUP001' }, { supplierNo: 'SUP900' }],
    });
    expect(r.body.code).toBe('10017');
    expect(r.body.msg).toContain('SUP900');
    const after = await db
      .selectFrom('srmSysNews')
      .select(db.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers visitors only public, published, valid announcements and no internal field', async () => {
    const future = await publish(
      await add({ title: 'Next month', publishTarget: '1', validFrom: isoDay(30) }),
    );
    const ended = await add({ title: 'Ended', publishTarget: '1', validTo: isoDay(1) });
    await publish(ended);
    await s.server.database.db
      .updateTable('srmSysNews')
      .set({ validTo: isoDay(-1) })
      .where('id', '=', ended.id)
      .execute();
    const r = await s.call(`${SERVICE}/getOutDoorSysNews`, {
      current: 1,
      size: 20,
      condition: {
        publish: 1,
        whereNews: 1,
        newsBusiness: 1,
        field: 'adddate',
        order: 'desc',
        outDoorType: '1',
      },
    });
    const page = ok<{ records: Record<string, unknown>[]; total: number }>(r);
    const ids = page.records.map((x) => x.id);
    expect(ids).toContain(everyone.id);
    for (const hidden of [suppliersSh, chosen1, internal, draft, future, ended])
      expect(ids).not.toContain(hidden.id);
    for (const rec of page.records)
      expect(Object.keys(rec).sort()).toEqual(['id', 'isTop', 'publishDate', 'summary', 'title', 'validTo']);
    expect(page.total).toBe(page.records.length);
    const info = ok<Record<string, unknown>>(
      await s.call(`${SERVICE}/getInfo`, { condition: { id: everyone.id } }),
    );
    expect(Object.keys(info).sort()).toEqual(['content', 'id', 'isTop', 'publishDate', 'title', 'validTo']);
    expect(info.content).toBe('<p>Text</p>');
    for (const hidden of [suppliersSh, internal, draft, future])
      expect((await s.call(`${SERVICE}/getInfo`, { condition: { id: hidden.id } })).body.code).toBe('10008');
    const top = ok<{ records: { id: string }[] }>(
      await s.call(`${SERVICE}/getTopNews`, { condition: { size: 5 } }),
    );
    expect(top.records.map((x) => x.id)).toContain(everyone.id);
    expect(top.records.every((x) => Object.keys(x).sort().join() === 'id,publishDate,title')).toBe(true);
    // A visitor pages 20 at a time at most; other calls still need a login.
    expect((await s.call(`${SERVICE}/getOutDoorSysNews`, { current: 1, size: 500 })).http).toBe(400);
    expect((await s.call(`${SERVICE}/getNewsNoticeList`, { current: 1, size: 20 })).body.errorCode).toBe(
      '10004',
    );
  });

  onPostgres('limits how often one client calls the public announcements', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 125; i++) answers.push((await s.call(`${SERVICE}/getTopNews`, {})).http);
    const refused = await s.call(`${SERVICE}/getTopNews`, {}, { lang: 'zh-CN' });
    expect(refused.http).toBe(429);
    expect(refused.body.errorCode).toBe('10302');
    expect(answers.filter((h) => h === 429).length).toBeGreaterThan(0);
    // Logged-in calls are not counted.
    expect((await noticeIds(supplier1)).length).toBeGreaterThan(0);
    await s.server.database.db.deleteFrom('sysRateLimit').execute();
  });

  it('records reads once per user and shows the purchaser which targeted suppliers have not read', async () => {
    const read = (id: string, token: string) =>
      s.call(`${SERVICE}/addNewsReadingRecord`, { condition: { newsId: id } }, { token, menu: NOTICE });
    const n = await publish(
      await add({
        title: 'Read me',
        publishTarget: '3',
        supplierList: [{ supplierNo: 'SUP001' }, { supplierNo: 'SUP002' }],
      }),
    );
    const unread = await noticeIds(supplier1, { namedFilter: 'unread' });
    expect(unread.find((r) => r.id === n.id)?.isRead).toBe('N');
    const first = ok<{ readDate: string }>(await read(n.id, supplier1));
    const again = ok<{ readDate: string }>(await read(n.id, supplier1));
    expect(again.readDate).toBe(first.readDate);
    expect((await noticeIds(supplier1)).find((r) => r.id === n.id)?.isRead).toBe('Y');
    expect((await noticeIds(supplier1, { namedFilter: 'unread' })).map((r) => r.id)).not.toContain(n.id);
    // Not published to it: no record, and "not found".
    expect((await read(chosen1.id, supplier2)).body.code).toBe('10008');
    expect((await read(draft.id, supplier1)).body.code).toBe('10008');
    const rows = await s.server.database.db
      .selectFrom('srmSysNewsRead')
      .select(['userNo', 'supplierNo'])
      .where('newsId', 'in', [n.id, chosen1.id, draft.id])
      .execute();
    expect(rows).toEqual([{ userNo: 'supplier1', supplierNo: 'SUP001' }]);
    const view = ok<{
      records: { supplierNo: string; isRead: string; readUserNo: string | null }[];
      unread: number;
    }>(await call('getSysNewsReadSuppliers', { id: n.id }));
    expect(view.records).toEqual([
      expect.objectContaining({ supplierNo: 'SUP002', isRead: 'N', readUserNo: null }),
      expect.objectContaining({ supplierNo: 'SUP001', isRead: 'Y', readUserNo: 'supplier1' }),
    ]);
    expect(view.unread).toBe(1);
    // The purchaser's detail carries the same view; a supplier's user's never does.
    const detail = ok<{ readSuppliers: { supplierNo: string; isRead: string }[] }>(
      await call('getSysNewsById', { id: n.id }),
    );
    expect(detail.readSuppliers.map((r) => `${r.supplierNo}:${r.isRead}`)).toEqual(['SUP002:N', 'SUP001:Y']);
    const own = ok<Record<string, unknown>>(await call('getSysNewsById', { id: n.id }, supplier1));
    expect(own).not.toHaveProperty('readSuppliers');
    // Read records of others are not a supplier's business.
    expect((await call('getSysNewsReadSuppliers', { id: n.id }, supplier1)).body.errorCode).toBe('10005');
  });

  describe('attachments', () => {
    const upload = async (token: string, name: string, text: string | Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(Buffer.from(text))]), name);
      const res = await fetch(`${s.url}${API_PATH}/ISrmFileService/uploadFile?purpose=news`, {
        method: 'POST',
        headers: { 'authentication-info': token, 'app-module-number': MENU },
        body: form,
      });
      const body = await res.json();
      expect(body.code, body.msg).toBe('0');
      return body.response.data.id as string;
    };
    const download = (token: string, fileId: string) =>
      fetch(`${s.url}${API_PATH}/ISrmSysNewsFileService/downloadSrmNewsFileFileId`, {
        method: 'POST',
        headers: { 'authentication-info': token, 'content-type': 'application/json' },
        body: JSON.stringify({ condition: { fileId } }),
      });
    const files = async (token: string, refId: string) =>
      ok<{ records: { id: string; originalName: string }[] }>(
        await s.call(
          'ISrmFileService/getSrmNewsFileList',
          { current: 1, size: 20, condition: { refId } },
          { token, menu: NOTICE },
        ),
      ).records;

    it('are downloaded only by those the announcement is published to', async () => {
      const fileId = await upload(buyer, 'acme-terms.txt', 'Terms for Acme only');
      const n = await add({
        title: 'Acme terms',
        publishTarget: '3',
        supplierList: [{ supplierNo: 'SUP001' }],
        fileIds: fileId,
      });
      // A draft's file is nobody's outside the buyer side.
      expect((await download(supplier1, fileId)).status).toBe(200 /* envelope */);
      expect((await (await download(supplier1, fileId)).json()).code).toBe('10008');
      expect(await files(supplier1, n.id)).toEqual([]);
      await publish(n);
      expect((await files(supplier1, n.id)).map((f) => f.originalName)).toEqual(['acme-terms.txt']);
      const got = await download(supplier1, fileId);
      expect(got.headers.get('content-type')).toContain('text/plain');
      expect(await got.text()).toBe('Terms for Acme only');
      // supplier2: not in the list, not downloadable, not through the general download either.
      expect(await files(supplier2, n.id)).toEqual([]);
      expect((await (await download(supplier2, fileId)).json()).code).toBe('10008');
      const general = await fetch(`${s.url}${API_PATH}/ISrmFileService/downloadFileById`, {
        method: 'POST',
        headers: { 'authentication-info': supplier2, 'content-type': 'application/json' },
        body: JSON.stringify({ condition: { id: fileId } }),
      });
      expect((await general.json()).code).toBe('10008');
      const info = ok<unknown[]>(
        await s.call(
          'ISrmFileService/getSrmFileInfoByIds',
          { condition: { ids: [fileId] } },
          { token: supplier2 },
        ),
      );
      expect(info).toEqual([]);
    });

    it('of a public announcement reach every logged-in user; a file cannot be attached twice or forged', async () => {
      const fileId = await upload(buyer, 'holiday.txt', 'Holiday hours');
      const n = await publish(await add({ title: 'Holiday', publishTarget: '1', fileIds: fileId }));
      expect(await (await download(supplier2, fileId)).text()).toBe('Holiday hours');
      // Attached to one announcement, it cannot be attached to another; a deleted draft lets its file go.
      const taken = await call('addSysNews', { orgNo: 'SH01', title: 'Copy', content: 'x', fileIds: fileId });
      expect(taken.body.code).toBe('10017');
      const loose = await upload(buyer, 'loose.txt', 'Loose');
      const gone = await add({ title: 'Gone', fileIds: loose });
      ok(await call('deleteSysNewsByIds', { delList: [{ id: gone.id, version: gone.version }] }));
      expect((await add({ title: 'Takes it', fileIds: loose })).id).toBeTruthy();
      // Not a news file, or no file at all: refused.
      const other = await call('addSysNews', {
        orgNo: 'SH01',
        title: 'Bad',
        content: 'x',
        fileIds: 'not-a-file',
      });
      expect(other.body.code).toBe('10017');
      // An upload naming a published announcement as its ref_id is not thereby attached to it.
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('sneaky')]), 'sneaky.txt');
      const res = await fetch(`${s.url}${API_PATH}/ISrmFileService/uploadFile?purpose=news&refId=${n.id}`, {
        method: 'POST',
        headers: { 'authentication-info': buyer, 'app-module-number': MENU },
        body: form,
      });
      const sneaky = (await res.json()).response.data.id as string;
      expect((await (await download(supplier2, sneaky)).json()).code).toBe('10008');
      expect((await files(supplier2, n.id)).map((f) => f.originalName)).toEqual(['holiday.txt']);
    });

    it('keep images of the text from the file store, reachable by the same audience only', async () => {
      const imageId = await upload(buyer, 'map.png', png());
      const n = await add({
        title: 'Dock map',
        publishTarget: '3',
        supplierList: [{ supplierNo: 'SUP001' }],
        content: `<p>Dock 2:</p><img src="newsfile:${imageId}" alt="map" onerror="x()">`,
      });
      const stored = ok<{ content: string; fileIds: string }>(await call('getSysNewsById', { id: n.id }));
      expect(stored.content).toBe(`<p>Dock 2:</p><img src="newsfile:${imageId}" alt="map" />`);
      expect(stored.fileIds).toBe(imageId);
      await publish({ ...n, version: (stored as unknown as News).version });
      expect((await download(supplier1, imageId)).headers.get('content-type')).toBe('image/png');
      expect((await (await download(supplier2, imageId)).json()).code).toBe('10008');
    });
  });
});
