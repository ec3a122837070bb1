// Files end to end over HTTP on both databases, with real files of every kind: uploads checked by
// extension and content, the size limits, names kept as data, downloads of the same bytes after the
// data-scope check, the permission flags, deletion, news files, the avatar and app versions.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fx from '../support/file-fixtures.js';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

const FILE_MENU = 'Base.Message.File';
const ASN_MENU = 'Offsite.Delivery.OrderDelivery';
const NEWS_MENU = 'Offsite.Announcement.News';
const ME_MENU = 'Setting.Personal.Center';
const APP_MENU = 'BaseManage.Config.AppVersion';
/** Small limits, so the over-the-limit cases stay quick; the default (50 MB) is the config's. */
const UPLOAD_MB = 3;
const APP_MB = 1;
const MIB = 1024 * 1024;
const DOCUMENTS = 'Only files in the format of jpg, png, pdf, txt, doc, docx, xls, xlsx can be uploaded';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Answer {
  http: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever came back.
  body: any;
}

describe.each(BOTH_DBS)('files on %s', (kind) => {
  // The bytes (stored, streamed back, left behind by an abandoned upload, deleted) are held on both
  // databases; the refusals, names, flags, scope and listings are the same on both: PostgreSQL only.
  const onPostgres = it.runIf(kind === 'postgres');
  let s: TestServer;
  let admin: string;
  let buyer: string;
  let supplier1: string;
  let supplier2: string;

  async function answer(res: Response): Promise<Answer> {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { http: res.status, body };
  }

  function headers(token: string | undefined, menu: string | undefined, lang = 'en-US') {
    const h: Record<string, string> = { 'accept-language': lang };
    if (token) h['authentication-info'] = token;
    if (menu) h['app-module-number'] = menu;
    return h;
  }

  async function upload(
    token: string | undefined,
    data: Buffer,
    name: string,
    o: { purpose?: string; menu?: string; lang?: string; refId?: string } = {},
  ): Promise<Answer> {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), name);
    const query = new URLSearchParams({
      purpose: o.purpose ?? 'file',
      ...(o.refId ? { refId: o.refId } : {}),
    });
    const res = await fetch(`${s.url}${API_PATH}/ISrmFileService/uploadFile?${query}`, {
      method: 'POST',
      headers: headers(token, o.menu ?? FILE_MENU, o.lang),
      body: form,
    });
    return answer(res);
  }

  /** A hand-written multipart body: any file name bytes, several parts, and no content-length when streamed. */
  async function rawUpload(
    token: string,
    parts: { name: string; fileName?: Buffer | string; data: Buffer }[],
    o: { purpose?: string; menu?: string; stream?: boolean } = {},
  ): Promise<Answer> {
    const boundary = '----srm-test-boundary';
    const pieces: Buffer[] = [];
    for (const p of parts) {
      const fileName =
        p.fileName === undefined
          ? ''
          : Buffer.concat([Buffer.from('; filename="'), Buffer.from(p.fileName), Buffer.from('"')]).toString(
              'latin1',
            );
      pieces.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${fileName}\r\nContent-Type: application/octet-stream\r\n\r\n`,
          'latin1',
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    }
    pieces.push(Buffer.from(`--${boundary}--\r\n`));
    const body = Buffer.concat(pieces);
    const init: RequestInit & { duplex?: 'half' } = {
      method: 'POST',
      headers: {
        ...headers(token, o.menu ?? FILE_MENU),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: o.stream
        ? new ReadableStream({
            start(controller) {
              for (let at = 0; at < body.length; at += 256 * 1024)
                controller.enqueue(new Uint8Array(body.subarray(at, at + 256 * 1024)));
              controller.close();
            },
          })
        : new Uint8Array(body),
    };
    if (o.stream) init.duplex = 'half';
    const res = await fetch(
      `${s.url}${API_PATH}/ISrmFileService/uploadFile?purpose=${o.purpose ?? 'file'}`,
      init,
    );
    return answer(res);
  }

  async function download(
    token: string,
    condition: Record<string, string>,
    call = 'ISrmFileService/downloadFileById',
  ) {
    return fetch(`${s.url}${API_PATH}/${call}`, {
      method: 'POST',
      headers: { ...headers(token, undefined), 'content-type': 'application/json' },
      body: JSON.stringify({ condition }),
    });
  }

  async function bytesOf(res: Response): Promise<Buffer> {
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  /** Rows in the file tables: a refused upload must leave every count as it was. */
  async function stored() {
    const { db } = s.server.database;
    const count = async (table: 'sysFile' | 'sysFileContent' | 'sysFileChunk') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      files: await count('sysFile'),
      contents: await count('sysFileContent'),
      chunks: await count('sysFileChunk'),
    };
  }

  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { uploadMaxMb: UPLOAD_MB, appUploadMaxMb: APP_MB } });
    [admin, buyer, supplier1, supplier2] = await Promise.all(
      ['admin', 'buyer', 'supplier1', 'supplier2'].map((u) => s.login(u)),
    );
  });
  afterAll(async () => {
    await s?.close();
  });

  it('accepts each allowed kind, recognised by content, and downloads the same bytes', async () => {
    const files: [string, Buffer, string][] = [
      ['photo.jpg', fx.jpg(), 'image/jpeg'],
      ['photo.JPEG', fx.jpg(), 'image/jpeg'],
      ['chart.png', fx.png(), 'image/png'],
      ['note.pdf', await fx.pdf(), 'application/pdf'],
      ['readme.txt', fx.txt(), 'text/plain; charset=utf-8'],
      ['report.doc', fx.doc(), 'application/msword'],
      [
        'report.docx',
        await fx.docx(),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ],
      ['sheet.xls', fx.xls(), 'application/vnd.ms-excel'],
      ['sheet.xlsx', await fx.xlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ];
    for (const [name, data, type] of files) {
      const r = await upload(admin, data, name);
      expect(r.body, name).toMatchObject({ code: '0' });
      const record = r.body.response.data;
      expect(record).toMatchObject({
        originalName: name,
        contentType: type,
        sizeBytes: data.length,
        sha256: sha256(data),
        module: 'file',
        orgNo: 'SH01',
        supplierNo: null,
        createName: expect.any(String),
      });
      expect(record.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(record.fileExt).toBe(name.split('.').pop()!.toLowerCase().replace('jpeg', 'jpg'));
      const res = await download(admin, { id: record.id });
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      );
      expect(sha256(await bytesOf(res)), name).toBe(sha256(data));
    }
  });

  it('streams a file of several chunks back byte for byte, by id or by fileId', async () => {
    const data = Buffer.alloc(Math.floor(2.5 * MIB));
    for (let i = 0; i < data.length; i++) data[i] = 0x41 + (i % 26);
    data.write('送货单\n', 1000, 'utf8');
    const r = await upload(admin, data, 'large.txt');
    expect(r.body.response.data).toMatchObject({ sizeBytes: data.length, sha256: sha256(data) });
    const id = r.body.response.data.id;
    const { db } = s.server.database;
    const chunks = await db
      .selectFrom('sysFile')
      .innerJoin('sysFileChunk', 'sysFileChunk.contentId', 'sysFile.contentId')
      .select('sysFileChunk.seq')
      .where('sysFile.id', '=', id)
      .execute();
    expect(chunks).toHaveLength(3);
    const byFileId = await download(admin, { fileId: id });
    expect(byFileId.headers.get('content-length')).toBe(String(data.length));
    expect(sha256(await bytesOf(byFileId))).toBe(sha256(data));
  });

  onPostgres('refuses disguised files by content and stores nothing', async () => {
    const before = await stored();
    const disguised: [string, Buffer][] = [
      ['invoice.pdf', fx.exe()],
      ['invoice.pdf', fx.html()],
      ['photo.png', fx.exe()],
      ['photo.png', fx.html()],
      ['photo.jpg', fx.png()],
      ['sheet.xlsx', await fx.docx()],
      ['report.docx', await fx.xlsx()],
      ['report.docx', await fx.docm()],
      ['report.docx', await fx.plainZip()],
      ['notes.txt', fx.binary()],
      ['notes.txt', await fx.pdf()],
      ['report.doc', fx.xls()],
      ['sheet.xls', fx.otherCfb()],
      ['report.doc', fx.exe()],
    ];
    for (const [name, data] of disguised) {
      const r = await upload(admin, data, name);
      expect(r.http, name).toBe(200);
      expect(r.body, name).toMatchObject({ code: '10062' });
    }
    const r = await upload(admin, fx.exe(), 'invoice.pdf', { lang: 'zh-CN' });
    expect(r.body.msg).toContain('pdf');
    expect(await stored()).toEqual(before);
  });

  onPostgres('refuses other extensions with the spec message, in the caller language', async () => {
    const before = await stored();
    for (const name of ['setup.exe', 'page.html', 'archive.zip', 'noextension', 'app.apk']) {
      const r = await upload(admin, fx.txt(), name);
      expect(r.body, name).toMatchObject({ code: '10060', msg: DOCUMENTS });
    }
    const zh = await upload(admin, fx.exe(), 'setup.exe', { lang: 'zh-CN' });
    expect(zh.body.msg).toBe('只能上传 jpg, png, pdf, txt, doc, docx, xls, xlsx 格式的文件');
    expect(await stored()).toEqual(before);
  });

  onPostgres('refuses a file over the limit, declared or streamed, and stores nothing', async () => {
    const before = await stored();
    const over = Buffer.alloc(UPLOAD_MB * MIB + 1, 0x41);
    const declared = await upload(admin, over, 'big.txt');
    expect(declared.body).toMatchObject({ code: '10061', msg: `The file size cannot exceed ${UPLOAD_MB}MB` });
    // Sent in pieces without a length: the stream stops at the limit.
    const streamed = await rawUpload(admin, [{ name: 'file', fileName: 'big.txt', data: over }], {
      stream: true,
    });
    expect(streamed.body).toMatchObject({ code: '10061' });
    expect(await stored()).toEqual(before);
    const exact = await upload(admin, Buffer.alloc(UPLOAD_MB * MIB, 0x42), 'exact.txt');
    expect(exact.body.response.data.sizeBytes).toBe(UPLOAD_MB * MIB);
  });

  onPostgres(
    'keeps names as data: path parts, control characters and NUL removed, never a path on disk',
    async () => {
      const traversal = await rawUpload(admin, [
        { name: 'file', fileName: '../../etc/cron.d/evil.txt', data: fx.txt() },
      ]);
      expect(traversal.body.response.data.originalName).toBe('evil.txt');
      const windows = await rawUpload(admin, [
        { name: 'file', fileName: '..\\..\\boot.ini.txt', data: fx.txt() },
      ]);
      expect(windows.body.response.data.originalName).toBe('boot.ini.txt');
      const nul = await rawUpload(admin, [
        {
          name: 'file',
          fileName: Buffer.from([0x61, 0x00, 0x62, 0x09, 0x2e, 0x74, 0x78, 0x74]),
          data: fx.txt(),
        },
      ]);
      expect(nul.body.response.data.originalName).toBe('ab.txt');
      // A right-to-left override would show 'evil‮fdp.exe' as 'evilexe.pdf'.
      const bidi = await upload(admin, fx.txt(), 'evil\u202Etxt.exe.txt');
      expect(bidi.body.response.data.originalName).toBe('eviltxt.exe.txt');
      const chinese = await upload(admin, await fx.pdf(), '送货单 2024.pdf');
      const id = chinese.body.response.data.id;
      expect(chinese.body.response.data.originalName).toBe('送货单 2024.pdf');
      const res = await download(admin, { id });
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="___ 2024.pdf"; filename*=UTF-8''${encodeURIComponent('送货单 2024.pdf')}`,
      );
      // The bytes live in the database under the generated id; the name is a column, nothing else.
      const { db } = s.server.database;
      const row = await db
        .selectFrom('sysFile')
        .innerJoin('sysFileChunk', 'sysFileChunk.contentId', 'sysFile.contentId')
        .select(['sysFile.originalName', 'sysFileChunk.data'])
        .where('sysFile.id', '=', traversal.body.response.data.id)
        .executeTakeFirstOrThrow();
      expect(Buffer.from(row.data).equals(fx.txt())).toBe(true);
    },
  );

  onPostgres('refuses requests that are not exactly one file', async () => {
    const before = await stored();
    const two = await rawUpload(admin, [
      { name: 'file', fileName: 'a.txt', data: fx.txt() },
      { name: 'file', fileName: 'b.txt', data: fx.txt() },
    ]);
    expect(two.body).toMatchObject({ code: '10063' });
    const none = await rawUpload(admin, [{ name: 'note', data: Buffer.from('hello') }]);
    expect(none.body).toMatchObject({ code: '10063' });
    const empty = await upload(admin, Buffer.alloc(0), 'empty.txt');
    expect(empty.body).toMatchObject({ code: '10063' });
    const json = await fetch(`${s.url}${API_PATH}/ISrmFileService/uploadFile?purpose=file`, {
      method: 'POST',
      headers: { ...headers(admin, FILE_MENU), 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await answer(json)).body).toMatchObject({ code: '10063' });
    const badPurpose = await upload(admin, fx.txt(), 'a.txt', { purpose: 'secret' });
    expect(badPurpose).toMatchObject({ http: 400, body: { errorCode: '10002' } });
    expect(await stored()).toEqual(before);
  });

  it('an upload the client abandons half way leaves nothing; content an instance left behind is swept', async () => {
    const before = await stored();
    const controller = new AbortController();
    const boundary = '----srm-abort';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.txt"\r\n\r\n`,
    );
    let sent = 0;
    const body = new ReadableStream({
      async pull(c) {
        if (sent === 0) c.enqueue(new Uint8Array(head));
        if (sent >= 2 * MIB) {
          // Half way: the client goes away.
          await new Promise((resolve) => setTimeout(resolve, 300));
          controller.abort();
          return;
        }
        c.enqueue(new Uint8Array(Buffer.alloc(256 * 1024, 0x41)));
        sent += 256 * 1024;
      },
    });
    await fetch(`${s.url}${API_PATH}/ISrmFileService/uploadFile?purpose=file`, {
      method: 'POST',
      headers: {
        ...headers(admin, FILE_MENU),
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
      signal: controller.signal,
    } as RequestInit).catch(() => undefined);
    for (let i = 0; i < 50 && JSON.stringify(await stored()) !== JSON.stringify(before); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stored()).toEqual(before);

    // Content still 'writing' an hour after its last chunk belongs to an instance that stopped.
    const { db } = s.server.database;
    const old = await db
      .insertInto('sysFileContent')
      .values({ status: 'writing', touchDate: new Date(Date.now() - 2 * 3600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const recent = await db
      .insertInto('sysFileContent')
      .values({ status: 'writing' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await upload(admin, fx.txt(), 'after.txt');
    const left = (
      await db.selectFrom('sysFileContent').select('id').where('status', '=', 'writing').execute()
    ).map((r) => r.id);
    expect(left).toEqual([recent.id]);
    await db.deleteFrom('sysFileContent').where('id', '=', recent.id).execute();
    expect(old.id).not.toBe(recent.id);
  });

  onPostgres('refuses an upload without the calling menu flag or without a session', async () => {
    const before = await stored();
    // The buyer may look at file management (isSearch, isExport) but not add to it.
    expect(await upload(buyer, fx.txt(), 'a.txt')).toMatchObject({ http: 403, body: { errorCode: '10005' } });
    // A supplier's user may only look at announcements.
    expect(
      await upload(supplier1, fx.txt(), 'a.txt', { purpose: 'attachment', menu: NEWS_MENU }),
    ).toMatchObject({
      http: 403,
    });
    expect(await upload(supplier1, fx.txt(), 'a.txt', { purpose: 'news', menu: NEWS_MENU })).toMatchObject({
      http: 403,
    });
    expect(await upload(supplier1, fx.txt(), 'a.txt', { purpose: 'attachment', menu: '' })).toMatchObject({
      http: 403,
    });
    expect(
      await upload(buyer, await fx.apk(), 'app.apk', { purpose: 'appVersion', menu: APP_MENU }),
    ).toMatchObject({
      http: 403,
    });
    expect(await upload(undefined, fx.txt(), 'a.txt')).toMatchObject({
      http: 401,
      body: { errorCode: '10004' },
    });
    expect(await stored()).toEqual(before);
    const del = await s.call(
      'ISrmFileService/deleteSrmFileByIds',
      { condition: { delList: [{ id: '00000000-0000-4000-8000-000000000000', version: 1 }] } },
      { token: buyer, menu: FILE_MENU },
    );
    expect(del).toMatchObject({ http: 403, body: { errorCode: '10005' } });
  });

  onPostgres("never gives a supplier's user another supplier's file", async () => {
    const { db } = s.server.database;
    // supplier2 may even see SH01: the supplier rule still holds.
    const u2 = await db
      .selectFrom('sysUser')
      .select('id')
      .where('userNo', '=', 'supplier2')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sysUserData')
      .values({ userId: u2.id, dataType: 1, dataValue: 'SH01' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const data = await fx.pdf();
    const r = await upload(supplier1, data, 'asn-attachment.pdf', { purpose: 'attachment', menu: ASN_MENU });
    expect(r.body.response.data).toMatchObject({ module: 'attachment', orgNo: 'SH01', supplierNo: 'SUP001' });
    const id = r.body.response.data.id;
    expect(sha256(await bytesOf(await download(supplier1, { id })))).toBe(sha256(data));
    expect(sha256(await bytesOf(await download(buyer, { id })))).toBe(sha256(data));
    const other = await download(supplier2, { id });
    expect(other.status).toBe(200);
    expect(await other.json()).toMatchObject({ code: '10008' });
    const info = await s.call(
      'ISrmFileService/getSrmFileInfoByIds',
      { condition: { ids: [id] } },
      { token: supplier2 },
    );
    expect(info.body.response.data).toEqual([]);
    const mine = await s.call(
      'ISrmFileService/getSrmFileInfoByIds',
      { condition: { ids: [id] } },
      { token: supplier1 },
    );
    expect(mine.body.response.data).toMatchObject([{ id, originalName: 'asn-attachment.pdf' }]);
    // The administrator's own file-management uploads are not a supplier's either.
    const internal = await upload(admin, fx.txt(), 'internal.txt');
    expect(await (await download(supplier1, { id: internal.body.response.data.id })).json()).toMatchObject({
      code: '10008',
    });
    // An unknown id answers the same.
    expect(
      await (await download(supplier1, { id: '00000000-0000-4000-8000-000000000000' })).json(),
    ).toMatchObject({
      code: '10008',
    });
  });

  onPostgres(
    'lists files in the caller scope, searchable by name, type, purpose, uploader and day',
    async () => {
      await upload(admin, fx.txt(), 'searchable-one.txt');
      await upload(admin, fx.png(), 'searchable-two.png');
      const list = (token: string, condition: Record<string, unknown>) =>
        s.call(
          'ISrmFileService/getSrmFileList',
          { current: 1, size: 100, condition },
          { token, menu: FILE_MENU },
        );
      const byName = await list(admin, { originalName: 'searchable' });
      expect(
        byName.body.response.data.records.map((f: { originalName: string }) => f.originalName).sort(),
      ).toEqual(['searchable-one.txt', 'searchable-two.png']);
      expect(
        (await list(admin, { originalName: 'searchable', fileExt: 'png' })).body.response.data.total,
      ).toBe(1);
      expect((await list(admin, { keyword: 'searchable-two' })).body.response.data.total).toBe(1);
      const today = new Date().toISOString().slice(0, 10);
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      expect(
        (await list(admin, { originalName: 'searchable', createDateFrom: yesterday, createDateTo: tomorrow }))
          .body.response.data.total,
      ).toBe(2);
      expect(
        (await list(admin, { originalName: 'searchable', createDateFrom: tomorrow })).body.response.data
          .total,
      ).toBe(0);
      expect(
        (await list(admin, { originalName: 'searchable', createDateTo: yesterday })).body.response.data.total,
      ).toBe(0);
      expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const adminName = byName.body.response.data.records[0].createName;
      expect(
        (await list(admin, { originalName: 'searchable', createName: adminName })).body.response.data.total,
      ).toBe(2);
      expect(
        (await list(admin, { originalName: 'searchable', createName: 'nobody' })).body.response.data.total,
      ).toBe(0);
      const attachments = await list(admin, { module: 'attachment' });
      expect(
        attachments.body.response.data.records.every((f: { module: string }) => f.module === 'attachment'),
      ).toBe(true);
      // A user limited to SH01 sees nothing of HN01 (the buyer has both, so one is taken away here).
      const supplier2File = await upload(supplier2, fx.txt(), 'hanoi.txt', {
        purpose: 'attachment',
        menu: ASN_MENU,
      });
      expect(supplier2File.body.response.data.orgNo).toBe('HN01');
      expect((await list(buyer, { originalName: 'hanoi' })).body.response.data.total).toBe(1);
      const { db } = s.server.database;
      const b = await db
        .selectFrom('sysUser')
        .select('id')
        .where('userNo', '=', 'buyer')
        .executeTakeFirstOrThrow();
      await db.deleteFrom('sysUserData').where('userId', '=', b.id).where('dataValue', '=', 'HN01').execute();
      expect((await list(buyer, { originalName: 'hanoi' })).body.response.data.total).toBe(0);
      await db.insertInto('sysUserData').values({ userId: b.id, dataType: 1, dataValue: 'HN01' }).execute();
      expect((await list(admin, { originalName: 'hanoi' })).body.response.data.total).toBe(1);
      expect(await list(supplier1, {})).toMatchObject({ http: 403 });
      // No secrets of storage in a record.
      expect(Object.keys(byName.body.response.data.records[0])).not.toContain('contentId');
    },
  );

  it('deletes files physically with their version; a stale version changes nothing', async () => {
    const r = await upload(admin, fx.txt(), 'to-delete.txt');
    const { id, version } = r.body.response.data;
    const before = await stored();
    const stale = await s.call(
      'ISrmFileService/deleteSrmFileByIds',
      { condition: { delList: [{ id, version: version + 1 }] } },
      { token: admin, menu: FILE_MENU },
    );
    expect(stale.body).toMatchObject({ code: '10007' });
    expect(await stored()).toEqual(before);
    const ok = await s.call(
      'ISrmFileService/deleteSrmFileByIds',
      { condition: { delList: [{ id, version }] } },
      { token: admin, menu: FILE_MENU },
    );
    expect(ok.body.response.data).toEqual({ deleted: 1 });
    expect(await stored()).toEqual({
      files: before.files - 1,
      contents: before.contents - 1,
      chunks: before.chunks - 1,
    });
    expect(await (await download(admin, { id })).json()).toMatchObject({ code: '10008' });
  });

  onPostgres(
    'serves news files through downloadSrmNewsFileFileId only to the audience of their announcement',
    async () => {
      const data = await fx.pdf();
      const r = await upload(admin, data, 'notice.pdf', {
        purpose: 'news',
        menu: NEWS_MENU,
        refId: 'NEWS-1',
      });
      expect(r.body.response.data).toMatchObject({ module: 'news', refId: 'NEWS-1' });
      const id = r.body.response.data.id;
      const call = 'ISrmSysNewsFileService/downloadSrmNewsFileFileId';
      expect(sha256(await bytesOf(await download(admin, { fileId: id }, call)))).toBe(sha256(data));
      // A news file no published announcement lists is not a supplier's (tests/integration/announcements.test.ts
      // holds the audience of attached files).
      expect(await (await download(supplier1, { fileId: id }, call)).json()).toMatchObject({ code: '10008' });
      // supplier2 was given SH01 above; take it away again: HN01's supplier does not see SH01's news.
      const { db } = s.server.database;
      const u2 = await db
        .selectFrom('sysUser')
        .select('id')
        .where('userNo', '=', 'supplier2')
        .executeTakeFirstOrThrow();
      await db
        .deleteFrom('sysUserData')
        .where('userId', '=', u2.id)
        .where('dataValue', '=', 'SH01')
        .execute();
      expect(await (await download(supplier2, { fileId: id }, call)).json()).toMatchObject({ code: '10008' });
      const plain = await upload(admin, fx.txt(), 'plain.txt');
      expect(
        await (await download(admin, { fileId: plain.body.response.data.id }, call)).json(),
      ).toMatchObject({
        code: '10008',
      });
      const list = await s.call(
        'ISrmFileService/getSrmNewsFileList',
        { current: 1, size: 20, condition: { refId: 'NEWS-1' } },
        { token: admin },
      );
      expect(list.body.response.data.records).toMatchObject([{ id, originalName: 'notice.pdf' }]);
    },
  );

  onPostgres(
    "sets the user's avatar: a jpg or png of at most 2 MB, shown inline, the old one deleted",
    async () => {
      const big = fx.png(850, true);
      expect(big.length).toBeGreaterThan(2 * MIB);
      const before = await stored();
      const tooBig = await upload(supplier1, big, 'me.png', { purpose: 'avatar', menu: ME_MENU });
      expect(tooBig.body).toMatchObject({ code: '10061', msg: 'The file size cannot exceed 2MB' });
      const notImage = await upload(supplier1, await fx.pdf(), 'me.pdf', {
        purpose: 'avatar',
        menu: ME_MENU,
      });
      expect(notImage.body).toMatchObject({
        code: '10060',
        msg: 'Only files in the format of jpg, png can be uploaded',
      });
      expect(await stored()).toEqual(before);

      const first = await upload(supplier1, fx.avatarJpg(), 'me.jpg', { purpose: 'avatar', menu: ME_MENU });
      const firstId = first.body.response.data.id;
      const info = await s.call('ISrmBmLoginService/getUserInfo', {}, { token: supplier1 });
      expect(info.body.response.data.url).toBe(firstId);
      const res = await download(supplier1, { id: firstId });
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('content-disposition')).toMatch(/^inline; /);
      expect(sha256(await bytesOf(res))).toBe(sha256(fx.avatarJpg()));
      // Avatars are not public: another supplier's user gets 'not found'; buyers of the organisation see it.
      expect(await (await download(supplier2, { id: firstId })).json()).toMatchObject({ code: '10008' });
      expect((await download(buyer, { id: firstId })).status).toBe(200);

      const second = await upload(supplier1, fx.png(), 'me.png', { purpose: 'avatar', menu: ME_MENU });
      const secondId = second.body.response.data.id;
      const after = await s.call('ISrmBmLoginService/getUserInfo', {}, { token: supplier1 });
      expect(after.body.response.data.url).toBe(secondId);
      expect(await (await download(supplier1, { id: firstId })).json()).toMatchObject({ code: '10008' });
      // Deleting an avatar in file management clears the user's url.
      await s.call(
        'ISrmFileService/deleteSrmFileByIds',
        { condition: { delList: [{ id: secondId, version: 1 }] } },
        { token: admin, menu: FILE_MENU },
      );
      expect(
        (await s.call('ISrmBmLoginService/getUserInfo', {}, { token: supplier1 })).body.response.data.url,
      ).toBe(null);
    },
  );

  onPostgres(
    'adds app versions with one Android package; refuses parentheses, duplicates and other files',
    async () => {
      const call = (method: string, condition: unknown, lang = 'en-US') =>
        s.call(`ISysAppVersionService/${method}`, { condition }, { token: admin, menu: APP_MENU, lang });
      const app = (data: Buffer, name: string) =>
        upload(admin, data, name, { purpose: 'appVersion', menu: APP_MENU });
      expect((await app(await fx.pdf(), 'app.pdf')).body).toMatchObject({
        code: '10060',
        msg: 'Only files in the format of apk can be uploaded',
      });
      expect((await app(await fx.plainZip(), 'app.apk')).body).toMatchObject({ code: '10062' });
      expect((await app(await fx.docx(), 'app.apk')).body).toMatchObject({ code: '10062' });
      const overApp = Buffer.alloc(APP_MB * MIB + 1);
      overApp.write('PK\u0003\u0004', 0, 'latin1');
      expect((await app(overApp, 'app.apk')).body).toMatchObject({ code: '10061' });

      const pkg = await fx.apk();
      const uploaded = await app(pkg, 'wms-pda-2.1.1.apk');
      expect(uploaded.body.response.data).toMatchObject({
        module: 'appVersion',
        contentType: 'application/vnd.android.package-archive',
      });
      const fileId = uploaded.body.response.data.id;

      const parens = await call('addSysAppVersion', { versionNo: '1.0(2)', remark: 'x', fileId });
      expect(parens.body).toMatchObject({
        code: '10064',
        msg: 'Version number must not contain parentheses',
      });
      const fullWidth = await call('addSysAppVersion', { versionNo: '1.0（2）', fileId }, 'zh-CN');
      expect(fullWidth.body).toMatchObject({ code: '10064', msg: '版本号不能包含括号' });

      const added = await call('addSysAppVersion', { versionNo: '2.1.1', remark: 'PDA release', fileId });
      expect(added.body.response.data).toMatchObject({
        versionNo: '2.1.1',
        remark: 'PDA release',
        fileId,
        fileName: 'wms-pda-2.1.1.apk',
        sizeBytes: pkg.length,
        version: 1,
      });
      const again = await app(pkg, 'again.apk');
      const duplicate = await call('addSysAppVersion', {
        versionNo: '2.1.1',
        fileId: again.body.response.data.id,
      });
      expect(duplicate.body).toMatchObject({ code: '50M01' });
      // Only an app package may be a version's file.
      const txtFile = await upload(admin, fx.txt(), 'a.txt');
      expect(
        (await call('addSysAppVersion', { versionNo: '9.9', fileId: txtFile.body.response.data.id })).body,
      ).toMatchObject({
        code: '10008',
      });
      // The package of a version cannot be deleted on its own.
      const inUse = await s.call(
        'ISrmFileService/deleteSrmFileByIds',
        { condition: { delList: [{ id: fileId, version: 1 }] } },
        { token: admin, menu: FILE_MENU },
      );
      expect(inUse.body).toMatchObject({ code: '10016' });
      expect(sha256(await bytesOf(await download(admin, { id: fileId })))).toBe(sha256(pkg));

      const listed = await s.call(
        'ISysAppVersionService/getSysAppVersionList',
        { current: 1, size: 20, condition: { versionNoIndistinct: '2.1' } },
        { token: admin, menu: APP_MENU },
      );
      expect(listed.body.response.data.records).toMatchObject([{ versionNo: '2.1.1', fileId }]);
      const id = added.body.response.data.id;
      const removed = await call('deleteSysAppVersionByIds', { delList: [{ id, version: 1 }] });
      expect(removed.body.response.data).toEqual({ deleted: 1 });
      expect(await (await download(admin, { id: fileId })).json()).toMatchObject({ code: '10008' });
      // Suppliers have no app-version screen.
      const refused = await s.call(
        'ISysAppVersionService/addSysAppVersion',
        { condition: { versionNo: '3.0', fileId } },
        { token: supplier1, menu: APP_MENU },
      );
      expect(refused.http).toBe(403);
    },
  );
});
