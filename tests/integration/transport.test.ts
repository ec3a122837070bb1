// The transport: answer shapes, unknown calls, malformed bodies and languages. A client's mistake is
// never a 500, on any method.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '../../services/modules/index.js';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

const LOGOUT = 'ISrmBmLoginService/logout';
const FILE_METHOD = /\/(export|down)/i;
const ALL_METHODS = SERVICES.flatMap((svc) => Object.keys(svc.methods).map((m) => `${svc.name}/${m}`));

const MALFORMED: { name: string; raw?: string; body?: unknown; contentType?: string }[] = [
  { name: 'broken JSON', raw: '{"condition": ' },
  { name: 'a JSON string', raw: '"hello"' },
  { name: 'a JSON array', raw: '[1,2,3]' },
  { name: 'null', raw: 'null' },
  { name: 'condition as a string', body: { condition: 'x' } },
  { name: 'condition as an array', body: { condition: [1] } },
  { name: 'paging of the wrong type', body: { current: 'one', size: -5, condition: {} } },
  {
    name: 'deeply wrong values',
    body: { condition: { id: { $ne: 1 }, version: '1', delList: 'all', orgNo: ['a'], userNo: 7, pwd: null } },
  },
  {
    name: 'an id that is no uuid',
    body: { condition: { id: "1' or '1'='1", version: 1, delList: [{ id: 'x', version: 1 }] } },
  },
  {
    name: 'NUL characters everywhere',
    body: {
      current: 1,
      size: 20,
      condition: {
        keyword: 'a\u0000',
        orgNo: 'A\u0000',
        orgName: '\u0000',
        module: 'M\u0000',
        userNo: 'u\u0000',
        pwd: '\u0000',
        tagContent: '{"a":"\\u0000"}',
        viewName: '\u0000',
        zlI18nList: [{ languageCode: 'en-US', description: '\u0000x' }],
        content: { params: { a: '\u0000' } },
      },
    },
  },
  { name: 'form data', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { name: 'plain text', raw: 'condition', contentType: 'text/plain' },
];

describe.each(POSTGRES_ONLY)('the transport on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    admin = await s.login('admin');
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers an unknown service or method with 10003', async () => {
    for (const path of [
      'INopeService/list',
      'IBmOrgService/dropEverything',
      'IBmOrgService/../../etc/passwd',
    ]) {
      const r = await s.call(path, {}, { token: admin });
      expect(r.http).toBe(404);
      expect(r.body).toEqual({
        errorCode: '10003',
        errorMessage: expect.stringContaining('Unknown service or method'),
      });
    }
  });

  it('never answers a malformed body with a 500, on any method, logged in or not', async () => {
    const failures: string[] = [];
    const check = async (method: string, bad: (typeof MALFORMED)[number], token?: string) => {
      const r = await s.call(method, bad.body, {
        token,
        raw: bad.raw,
        contentType: bad.contentType,
        menu: 'Base.Basic.Organizational',
      });
      const shapeOk =
        (r.http >= 400 && r.http < 500 && typeof r.body.errorCode === 'string' && r.body.errorMessage) ||
        (r.http === 200 && typeof r.body.code === 'string' && typeof r.body.msg === 'string') ||
        // An export or download answers its file (conditions it does not know are ignored, as in the list).
        (r.http === 200 && FILE_METHOD.test(method) && typeof r.body === 'string');
      if (!shapeOk)
        failures.push(
          `${method} ${bad.name} ${token ? 'user' : 'anon'}: ${r.http} ${JSON.stringify(r.body).slice(0, 200)}`,
        );
    };
    const checkMethod = async (method: string) => {
      const [service, name] = method.split('/');
      const isPublic = SERVICES.find((d) => d.name === service)?.methods[name].access.kind === 'public';
      for (const bad of MALFORMED) {
        // Logout ends the session it is called with: it gets one of its own each time.
        await check(method, bad, method === LOGOUT ? await s.login('admin') : admin);
        // A visitor's body is parsed before the login is asked for, and a public method goes on to
        // validate it; any other method refuses a well-formed body unread, the same way for each.
        if (isPublic || bad.raw !== undefined) await check(method, bad);
      }
    };
    // Eight methods at a time, each on its own.
    const queue = [...ALL_METHODS];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let m = queue.shift(); m; m = queue.shift()) await checkMethod(m);
      }),
    );
    expect(failures).toEqual([]);
    // Nothing was written, and the administrator's session lives on.
    const list = await s.call(
      'IBmOrgService/getbmorglistbyparams',
      { condition: {} },
      { token: admin, menu: 'Base.Basic.Organizational' },
    );
    expect(list.body.response.data.total).toBe(2);
    // Every method of every service, each with every malformed body: about a minute beside other files.
  }, 240_000);

  it('answers payload errors with the field named, in the caller language', async () => {
    const body = { condition: { orgName: 'x' } };
    const opts = { token: admin, menu: 'Base.Basic.Organizational' };
    const texts = {
      'en-US': 'Invalid request: Organization code is required.',
      'zh-CN': '请求无效：组织编码 为必填项。',
      'zh-TW': '請求無效：組織編碼 為必填項。',
      vi: 'Yêu cầu không hợp lệ: Mã tổ chức là bắt buộc.',
    };
    for (const [lang, text] of Object.entries(texts)) {
      const r = await s.call('IBmOrgService/addbmorg', body, { ...opts, lang });
      expect(r).toEqual({ http: 400, body: { errorCode: '10002', errorMessage: text } });
    }
    const fallback = await s.call('IBmOrgService/addbmorg', body, { ...opts, lang: 'fr-FR,zh-HK;q=0.5' });
    expect(fallback.body.errorMessage).toBe(texts['zh-TW']);
  });

  it('refuses a body over the limit with 10012', async () => {
    const r = await s.call(
      'IBmOrgService/addbmorg',
      { condition: { orgNo: 'BIG', orgName: 'x', remark: 'x'.repeat(6 * 1024 * 1024) } },
      { token: admin, menu: 'Base.Basic.Organizational' },
    );
    expect(r).toMatchObject({ http: 413, body: { errorCode: '10012' } });
  });

  it('lists the four languages without a login', async () => {
    const r = await s.call('IZlLanguageService/getAllZlLanguage');
    expect(r.body.response.data.map((l: { languageCode: string }) => l.languageCode)).toEqual([
      'zh-CN',
      'en-US',
      'zh-TW',
      'vi',
    ]);
  });

  it('serves no stack trace for a server fault', async () => {
    // Break the database under the server: the answer is a plain 500 with the generic message.
    await s.server.database.db.schema.alterTable('bm_org').renameTo('bm_org_moved').execute();
    try {
      const r = await s.call(
        'IBmOrgService/getbmorglistbyparams',
        { condition: {} },
        { token: admin, menu: 'Base.Basic.Organizational' },
      );
      expect(r).toEqual({
        http: 500,
        body: { errorCode: 'Unknown!', errorMessage: 'Server internal exception' },
      });
    } finally {
      await s.server.database.db.schema.alterTable('bm_org_moved').renameTo('bm_org').execute();
    }
  });
});
