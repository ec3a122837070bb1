// What every answer tells the browser and what the logs keep, held from outside over real HTTP: the
// security headers (helmet), the page's per-answer style nonce, no caching of API answers, HSTS only
// over HTTPS; the client address from X-Forwarded-For only behind a configured proxy; a failed login
// with a NUL in its user name still logged; malformed uploads (a multipart body that never ends, a
// workbook declaring entities) refused with a translated message, never a 500.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_PROTOCOL } from '../../services/http/import-routes.js';
import { NONCE_PLACEHOLDER } from '../../services/http/security.js';
import { API_PATH, BOTH_DBS, startTestServer, type TestServer } from '../support/server.js';

interface Ws {
  on(event: string, listener: (...args: unknown[]) => void): void;
  close(): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (
  url: string,
  protocols: string[],
  options: { origin?: string },
) => Ws;

/** Opens a socket: 'open', or the HTTP status it was refused with. */
function handshake(url: string, protocols: string[], origin?: string): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, origin ? { origin } : {});
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve((res as { statusCode: number }).statusCode));
    ws.on('error', reject);
  });
}

const PAGE = `<!doctype html><html><head><meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}" /></head><body></body></html>`;

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? '').split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

describe('browser security headers', () => {
  let s: TestServer;
  let https: TestServer;
  let staticDir: string;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'srm-page-'));
    writeFileSync(join(staticDir, 'index.html'), PAGE);
    [s, https] = await Promise.all([
      startTestServer({ staticDir }),
      startTestServer({ demo: false, config: { https: true } }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([s?.close(), https?.close()]);
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('sends the page with a strict policy and a style nonce of its own in every answer', async () => {
    const [first, second] = await Promise.all([fetch(`${s.url}/login`), fetch(`${s.url}/base/material`)]);
    const nonces = [];
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      const policy = directives(res.headers.get('content-security-policy'));
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
      expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      const style = policy.get('style-src') ?? [];
      expect(style).not.toContain("'unsafe-inline'");
      const nonce = style.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      const html = await res.text();
      expect(html).toContain(`nonce="${nonce}"`);
      expect(html).not.toContain(NONCE_PLACEHOLDER);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    // The page is never the static file itself, whose placeholder no policy would match.
    const direct = await fetch(`${s.url}/index.html`);
    expect(await direct.text()).not.toContain(NONCE_PLACEHOLDER);
  });

  it('forbids framing and sniffing on every answer, and caching of the API answers', async () => {
    const login = await fetch(`${s.url}${API_PATH}/ISrmBmLoginService/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ condition: { userNo: 'admin', pwd: 'demo1234' } }),
    });
    const token = ((await login.json()) as { response: { data: { token: string } } }).response.data.token;
    const list = await fetch(`${s.url}${API_PATH}/IBmOrgService/getbmorglistbyparams`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'authentication-info': token,
        'app-module-number': 'Base.Basic.Organizational',
      },
      body: JSON.stringify({ condition: {}, pageNum: 1, pageSize: 5 }),
    });
    const refused = await fetch(`${s.url}${API_PATH}/IBmOrgService/getbmorglistbyparams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    for (const res of [login, list, refused]) {
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
        "'none'",
      ]);
      // Plain HTTP: no HSTS, which a browser would ignore anyway.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    expect(list.status).toBe(200);
  });

  it("opens a live channel only from the portal's own pages", async () => {
    const token = await s.login('admin');
    const { id } = await s.server.database.db
      .selectFrom('sysUser')
      .select('id')
      .where('userNo', '=', 'admin')
      .executeTakeFirstOrThrow();
    const url = `${s.url.replace('http', 'ws')}/productWebSocket/${id}IBmOrgService`;
    expect(await handshake(url, [WS_PROTOCOL, token], s.url)).toBe('open');
    expect(await handshake(url, [WS_PROTOCOL, token])).toBe('open');
    expect(await handshake(url, [WS_PROTOCOL, token], 'https://evil.example')).toBe(403);
    expect(await handshake(url, [WS_PROTOCOL, token], 'null')).toBe(403);
  });

  it('asks for HTTPS from then on where the portal is served over it', async () => {
    const res = await fetch(`${https.url}${API_PATH}/ISrmBmLoginService/getUserInfo`, { method: 'POST' });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(directives(res.headers.get('content-security-policy')).has('upgrade-insecure-requests')).toBe(
      true,
    );
  });
});

describe.each(BOTH_DBS)('what the logs keep on %s', (kind) => {
  let s: TestServer;
  let proxied: TestServer;

  beforeAll(async () => {
    [s, proxied] = await Promise.all([
      startTestServer({ database: kind }),
      startTestServer({ database: kind, demo: false, config: { trustProxy: '127.0.0.1' } }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([s?.close(), proxied?.close()]);
  });

  async function failedLogin(server: TestServer, userNo: string, forwardedFor?: string) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
    const res = await fetch(`${server.url}${API_PATH}/ISrmBmLoginService/login`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ condition: { userNo, pwd: 'not-the-password' } }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: string }).code).not.toBe('0');
  }

  /** The failed-login rows of the operation log for user names starting with `prefix`. */
  async function loginRows(server: TestServer, prefix: string) {
    await server.server.app.audit.flush();
    const { rows } = await sql<{ userNo: string; clientIp: string }>`
      select user_no as "userNo", client_ip as "clientIp" from sys_operation_log
      where method = 'login' and result = 'failure' and user_no like ${`${prefix}%`} order by id`.execute(
      server.server.database.db,
    );
    return rows;
  }

  it('logs a failed login whose user name holds a NUL or a line break, escaped', async () => {
    await failedLogin(s, 'nul-user\u0000admin');
    await failedLogin(s, 'nul-line\nFAKE login success');
    expect((await loginRows(s, 'nul-')).map((r) => r.userNo).sort()).toEqual([
      'nul-line\\u000aFAKE login success',
      'nul-user\\u0000admin',
    ]);
  });

  it('takes the client address from X-Forwarded-For only behind a configured proxy', async () => {
    await failedLogin(s, 'xff-direct', '203.0.113.7');
    await failedLogin(proxied, 'xff-proxied', '203.0.113.7');
    const [direct] = await loginRows(s, 'xff-');
    const [viaProxy] = await loginRows(proxied, 'xff-');
    expect(direct.clientIp).toBe('127.0.0.1');
    expect(viaProxy.clientIp).toBe('203.0.113.7');
  });
});

describe('malformed uploads', () => {
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    s = await startTestServer();
    admin = await s.login('admin');
  });

  afterAll(async () => {
    await s?.close();
  });

  const post = async (path: string, menu: string, body: Uint8Array<ArrayBuffer>, contentType: string) => {
    const res = await fetch(`${s.url}${API_PATH}/${path}`, {
      method: 'POST',
      headers: {
        'authentication-info': admin,
        'app-module-number': menu,
        'accept-language': 'zh-CN',
        'content-type': contentType,
      },
      body,
    });
    const text = await res.text();
    return {
      http: res.status,
      body: JSON.parse(text) as { code?: string; msg?: string; errorCode?: string },
    };
  };

  it('refuses a multipart body that never closes with a translated message', async () => {
    const boundary = '----srm-unclosed';
    const unclosed = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello`,
    );
    const type = `multipart/form-data; boundary=${boundary}`;
    for (const [path, menu] of [
      ['ISrmFileService/uploadFile?purpose=file', 'Base.Message.File'],
      ['IBmOrgService/importexcel', 'Base.Basic.Organizational'],
    ]) {
      const { http, body } = await post(path, menu, unclosed, type);
      expect(http, path).toBeLessThan(500);
      expect(body.code ?? body.errorCode, path).not.toBe('0');
      expect(body.msg ?? '', path).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('refuses a workbook whose sheet declares entities, expanding none', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Data').addRow(['Organization code', 'Organization name', 'Status']);
    const zip = await JSZip.loadAsync(Buffer.from(await workbook.xlsx.writeBuffer()));
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    const withDtd = sheet.replace(
      /^<\?xml[^>]*\?>/,
      (decl) => `${decl}<!DOCTYPE worksheet [<!ENTITY boom "BOOM"><!ENTITY boom2 "&boom;&boom;&boom;">]>`,
    );
    zip.file('xl/worksheets/sheet1.xml', withDtd.replace('<sheetData>', '<sheetData><!-- &boom2; -->'));
    const file = await zip.generateAsync({ type: 'nodebuffer' });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'entities.xlsx');
    const res = await fetch(`${s.url}${API_PATH}/IBmOrgService/importexcel`, {
      method: 'POST',
      headers: {
        'authentication-info': admin,
        'app-module-number': 'Base.Basic.Organizational',
        'accept-language': 'zh-CN',
      },
      body: form,
    });
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as { code?: string; msg?: string };
    expect(body.code).not.toBe('0');
    expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
  });
});

describe.each(BOTH_DBS)('passwords on %s', (kind) => {
  const POLICY = 'BaseManage.Security.PasswordPolicy';
  let s: TestServer;
  let admin: string;

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
    admin = await s.login('admin');
  });

  afterAll(async () => {
    await s?.close();
  });

  const changeOwn = (token: string, oldPwd: string, newPwd: string) =>
    s.call('ISupSrmSysUserService/updatepwd', { condition: { oldPwd, newPwd } }, { token });

  async function setPolicy(values: Record<string, unknown>) {
    const got = (
      await s.call('ISysPasswordPolicyService/getPasswordPolicy', {}, { token: admin, menu: POLICY })
    ).body.response.data;
    return s.call(
      'ISysPasswordPolicyService/updatePasswordPolicy',
      { condition: { id: 1, version: got.version, ...values } },
      { token: admin, menu: POLICY },
    );
  }

  it('refuses a common password and one holding a word of the user or company name', async () => {
    const supplier1 = await s.login('supplier1');
    const common = await changeOwn(supplier1, 'demo1234', '1qaz2wsx3edc');
    expect(common.body.code).toBe('10011');
    expect(common.body.msg).toContain('most often used or leaked');
    const upper = await changeOwn(supplier1, 'demo1234', 'QWERTY123456');
    expect(upper.body.code).toBe('10011');
    // supplier1 is "Acme sales desk".
    const named = await changeOwn(supplier1, 'demo1234', 'my-ACME-key-2026');
    expect(named.body.code).toBe('10011');
    expect(named.body.msg).toContain('"acme"');
    const fine = await changeOwn(supplier1, 'demo1234', 'violet-harbour-42');
    expect(fine.body.code).toBe('0');
  });

  it('lets the policy allow passphrases up to 128 characters, not beyond', async () => {
    expect((await setPolicy({ maxLength: 129 })).body.errorCode).toBe('10002');
    expect((await setPolicy({ maxLength: 64 })).body.code).toBe('0');
    const buyer = await s.login('buyer');
    const passphrase = 'correct horse battery staple on a quiet winter morning by the se';
    expect(passphrase.length).toBeGreaterThan(60);
    expect((await changeOwn(buyer, 'demo1234', passphrase)).body.code).toBe('0');
    expect(await s.login('buyer', passphrase)).toBeTruthy();
  });

  it('counts wrong old passwords of a change toward the lock', async () => {
    expect((await setPolicy({ allowMistakeTimes: 3 })).body.code).toBe('0');
    const supplier2 = await s.login('supplier2');
    expect((await changeOwn(supplier2, 'guess-one', 'violet-harbour-42')).body.code).toBe('10014');
    expect((await changeOwn(supplier2, 'guess-two', 'violet-harbour-42')).body.code).toBe('10014');
    expect((await changeOwn(supplier2, 'guess-three', 'violet-harbour-42')).body.code).toBe('10010');
    // Locked: not even the right old password changes it, and the login is refused.
    expect((await changeOwn(supplier2, 'demo1234', 'violet-harbour-42')).body.code).toBe('10010');
    const login = await s.call('ISrmBmLoginService/login', {
      condition: { userNo: 'supplier2', pwd: 'demo1234' },
    });
    expect(login.body.code).toBe('10009');
  });
});

describe.each(BOTH_DBS)('throttling on %s', (kind) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { throttle: { max: 3, windowMinutes: 5 } } });
  });

  afterAll(async () => {
    await s?.close();
  });

  const login = (remoteAddress: string, pwd = 'not-the-password') =>
    s.server.app.inject({
      method: 'POST',
      url: `${API_PATH}/ISrmBmLoginService/login`,
      remoteAddress,
      headers: { 'content-type': 'application/json', 'accept-language': 'zh-CN' },
      payload: { condition: { userNo: 'buyer', pwd } },
    });

  it('blocks a client after its allowed logins in the window, not the account nor other clients', async () => {
    for (let i = 0; i < 3; i++) expect((await login('10.9.9.9')).statusCode).toBe(200);
    const blocked = await login('10.9.9.9', 'demo1234');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(200);
    expect(JSON.parse(blocked.body)).toMatchObject({ errorCode: '10302' });
    expect(JSON.parse(blocked.body).errorMessage).toMatch(/[\u4e00-\u9fff]/);
    // The right password from elsewhere still logs the same user in.
    expect(JSON.parse((await login('10.9.9.10', 'demo1234')).body).code).toBe('0');
    // The count is in the database: another instance on it refuses the client too.
    if (kind === 'postgres') {
      const other = await startTestServer({
        databaseUrl: s.config.databaseUrl,
        config: { throttle: { max: 3, windowMinutes: 5 } },
      });
      try {
        const again = await other.server.app.inject({
          method: 'POST',
          url: `${API_PATH}/ISrmBmLoginService/login`,
          remoteAddress: '10.9.9.9',
          headers: { 'content-type': 'application/json' },
          payload: { condition: { userNo: 'buyer', pwd: 'demo1234' } },
        });
        expect(again.statusCode).toBe(429);
      } finally {
        await other.close();
      }
    }
  });
});

describe('what a supplier may look up', () => {
  let s: TestServer;
  let supplier1: string;
  let buyer: string;

  beforeAll(async () => {
    s = await startTestServer();
    [supplier1, buyer] = await Promise.all([s.login('supplier1'), s.login('buyer')]);
  });

  afterAll(async () => {
    await s?.close();
  });

  const SUPPLIER_MENUS = [undefined, 'Offsite.User.Order', 'Offsite.Delivery.AsnList', 'Index.Dashboard'];
  // Lists no screen a supplier opens uses as a selector: customers and their addresses, notice
  // templates and events, strategies, rules, zones, cells, staff, units, supplier items.
  const NOT_A_SUPPLIERS = [
    'IBmCustomerService/getbmcustomerlistbyparams',
    'IBmCustomerAddressService/getbmcustomeraddresslistbyparams',
    'IBmCustomerItemService/getbmcustomeritemlistbyparams',
    'IBmNoticeTemplateService/getbmnoticetemplatelistbyparams',
    'IBmNoticeConfigService/getbmnoticeconfiglistbyparams',
    'IBmUpperMethodHeadService/getbmuppermethodheadlistbyparams',
    'IBmLotRuleHeadService/getbmlotruleheadlistbyparams',
    'IBmZoneService/getbmzonelistbyparams',
    'IBmWarehouseCellService/getbmwarehousecelllistbyparams',
    'ISysEmployeeService/getsysemployeelistbyparams',
    'IBmUnitService/getbmunitlistbyparams',
    'IBmSupplierItemService/getbmsupplieritemlistbyparams',
    'ISysUserService/getAuthUserList',
  ];

  it('refuses every lookup no screen of the calling menu uses, from any menu or none', async () => {
    for (const call of NOT_A_SUPPLIERS)
      for (const menu of SUPPLIER_MENUS) {
        const r = await s.call(call, { current: 1, size: 20, condition: {} }, { token: supplier1, menu });
        expect(r.body.errorCode, `${call} from ${menu}`).toBe('10005');
      }
  });

  it("answers a screen's selector with the fields the selector shows, valid rows only", async () => {
    const boxRules = await s.call(
      'IBmBoxRuleHeadService/getbmboxruleheadlistbyparams',
      { current: 1, size: 20, condition: {} },
      { token: supplier1, menu: 'Offsite.Delivery.LabelPrint' },
    );
    expect(boxRules.body.code).toBe('0');
    const rows = boxRules.body.response.data.records as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows)
      expect(Object.keys(row).sort()).toEqual(['boxRuleName', 'boxRuleNo', 'id', 'orgNo']);
    // The same list from its own screen keeps every field.
    const screen = await s.call(
      'IBmBoxRuleHeadService/getbmboxruleheadlistbyparams',
      { current: 1, size: 20, condition: {} },
      { token: buyer, menu: 'Base.Barcode.ContainerRule' },
    );
    expect(Object.keys(screen.body.response.data.records[0])).toContain('version');
  });

  it('keeps the dictionary screen from a supplier granted it, and its values in dropdowns', async () => {
    const { db } = s.server.database;
    const role = await db
      .selectFrom('sysRole')
      .select('id')
      .where('roleNo', '=', 'supplier')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('sysRoleMenu')
      .values({ roleId: role.id, menuNo: 'BaseManage.Config.Dictionary', flags: ['isSearch'] })
      .execute();
    const screen = await s.call(
      'IBmEnumService/getsysenumbyparamssearch',
      { condition: {} },
      { token: supplier1, menu: 'BaseManage.Config.Dictionary' },
    );
    expect(screen.body.errorCode).toBe('10005');
    const dropdown = await s.call(
      'IBmEnumService/getsysenumbyparamssearch',
      { condition: { enumMid: 'YES_NO' } },
      { token: supplier1, menu: 'Offsite.User.Order' },
    );
    expect(dropdown.body.code).toBe('0');
    for (const row of dropdown.body.response.data.records)
      expect(Object.keys(row).sort()).toEqual(['enumName', 'enumValue', 'id']);
  });
});

describe('sessions a user sees and ends', () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer();
  });

  afterAll(async () => {
    await s?.close();
  });

  const sessions = async (token: string) => {
    const r = await s.call('ISrmBmLoginService/getMySessions', {}, { token });
    expect(r.body.code, JSON.stringify(r.body)).toBe('0');
    return r.body.response.data as { sessionId: string; current: boolean; clientIp: string }[];
  };
  /** '0' while the session is open; the session-ended code once it is not. */
  const alive = async (token: string) =>
    (await s.call('ISrmBmLoginService/getUserInfo', {}, { token })).body.code;

  it('lists the open sessions with the current one marked, and ends another one of them', async () => {
    const [first, second] = [await s.login('buyer'), await s.login('buyer')];
    const seen = await sessions(second);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.filter((x) => x.current)).toHaveLength(1);
    expect(JSON.stringify(seen)).not.toMatch(/tokenHash|token_hash/);
    const other = seen.find((x) => !x.current && x.sessionId !== undefined)!;
    const mine = seen.find((x) => x.current)!;
    // Another user cannot end it, and is told no more than "not found".
    const supplier = await s.login('supplier1');
    const foreign = await s.call(
      'ISrmBmLoginService/endMySession',
      { condition: { sessionId: mine.sessionId } },
      { token: supplier },
    );
    expect(foreign.body.errorCode ?? foreign.body.code).toBe('10008');
    expect(await alive(second)).toBe('0');
    // Ending the first login's session (the oldest open one) signs that browser out.
    const firstId = (await sessions(first)).find((x) => x.current)!.sessionId;
    expect(other).toBeDefined();
    const ended = await s.call(
      'ISrmBmLoginService/endMySession',
      { condition: { sessionId: firstId } },
      { token: second },
    );
    expect(ended.body.code).toBe('0');
    expect(await alive(first)).toBe('000701');
    expect((await sessions(second)).map((x) => x.sessionId)).not.toContain(firstId);
    const again = await s.call(
      'ISrmBmLoginService/endMySession',
      { condition: { sessionId: firstId } },
      { token: second },
    );
    expect(again.body.errorCode ?? again.body.code).toBe('10008');
  });

  it('ends the oldest sessions beyond the maximum the policy sets, at the next login', async () => {
    const admin = await s.login('admin');
    const POLICY = 'BaseManage.Security.PasswordPolicy';
    const policy = (
      await s.call('ISysPasswordPolicyService/getPasswordPolicy', {}, { token: admin, menu: POLICY })
    ).body.response.data;
    const tooMany = await s.call(
      'ISysPasswordPolicyService/updatePasswordPolicy',
      { condition: { ...policy, maxSessions: 101 } },
      { token: admin, menu: POLICY },
    );
    expect(tooMany.body.errorCode ?? tooMany.body.code, JSON.stringify(tooMany.body)).toMatch(
      /^(10002|10017)$/,
    );
    const set = await s.call(
      'ISysPasswordPolicyService/updatePasswordPolicy',
      { condition: { ...policy, maxSessions: 2 } },
      { token: admin, menu: POLICY },
    );
    expect(set.body.code, JSON.stringify(set.body)).toBe('0');
    const tokens = [];
    for (let i = 0; i < 3; i++) tokens.push(await s.login('supplier2'));
    expect(await alive(tokens[0])).toBe('000701');
    expect(await alive(tokens[1])).toBe('0');
    expect(await alive(tokens[2])).toBe('0');
    expect(await sessions(tokens[2])).toHaveLength(2);
  });
});
