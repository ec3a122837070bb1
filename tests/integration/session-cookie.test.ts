// The browser's session as an HttpOnly cookie, and the CSRF header that must come with it
// (services/http/session-cookie.ts): the login that asks for a cookie gets one and no token, calls on
// the cookie work only with the header, another site's form post changes nothing, logout clears the
// cookies and ends what they held, the live channel takes the cookie from the portal's own pages only,
// and a machine client's header token works as before.
import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, SIGNED_IN_COOKIE } from '../../engine/core/sessionCookie.js';
import { NOTICE_PROTOCOL, NOTICE_SOCKET_PATH } from '../../services/notify/live.js';
import { API_PATH, DEMO_PASSWORD, startTestServer, type TestServer } from '../support/server.js';

const MENU = 'Base.Basic.Organizational';
const BROWSER = { 'x-requested-with': 'XMLHttpRequest', 'x-session-transport': 'cookie' };

interface Ws {
  on(event: string, listener: (...args: unknown[]) => void): void;
  close(): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (
  url: string,
  protocols: string[],
  options: { origin?: string; headers?: Record<string, string> },
) => Ws;

/** Opens a socket: 'open', or the HTTP status it was refused with. */
function handshake(
  url: string,
  protocols: string[],
  cookie: string,
  origin?: string,
): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols, { ...(origin ? { origin } : {}), headers: { cookie } });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => resolve((res as { statusCode: number }).statusCode));
    ws.on('error', reject);
  });
}

interface Sent {
  headers?: Record<string, string>;
  cookie?: string;
  menu?: string;
  raw?: string;
  contentType?: string;
}

async function post(s: TestServer, call: string, body: unknown, o: Sent = {}) {
  const res = await s.server.app.inject({
    method: 'POST',
    url: `${API_PATH}/${call}`,
    headers: {
      'content-type': o.contentType ?? 'application/json',
      'accept-language': 'en-US',
      ...(o.cookie ? { cookie: o.cookie } : {}),
      ...(o.menu ? { 'app-module-number': o.menu } : {}),
      ...o.headers,
    },
    payload: o.raw ?? JSON.stringify(body),
  });
  let parsed: unknown = res.body;
  try {
    parsed = JSON.parse(res.body);
  } catch {}
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape came back.
  return { http: res.statusCode, body: parsed as any, cookies: res.cookies };
}

/** A browser's login: cookie mode, with the CSRF header. */
function browserLogin(s: TestServer, userNo: string, cookie?: string) {
  return post(
    s,
    'ISrmBmLoginService/login',
    { condition: { userNo, pwd: DEMO_PASSWORD } },
    { headers: BROWSER, cookie },
  );
}

function cookieHeader(name: string, value: string): string {
  return `${name}=${value}; ${SIGNED_IN_COOKIE}=1`;
}

async function orgCount(s: TestServer, orgNo: string): Promise<number> {
  const r = await sql<{ n: string }>`select count(*) as n from bm_org where org_no = ${orgNo}`.execute(
    s.server.database.db,
  );
  return Number(r.rows[0].n);
}

async function sessionCount(s: TestServer): Promise<number> {
  const r = await sql<{ n: string }>`select count(*) as n from sys_session`.execute(s.server.database.db);
  return Number(r.rows[0].n);
}

describe('the browser session cookie', () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer();
  });

  afterAll(async () => {
    await s?.close();
  });

  it('sets an HttpOnly SameSite=Strict cookie and its marker on a browser login, and answers no token', async () => {
    const r = await browserLogin(s, 'admin');
    expect(r.body.code).toBe('0');
    expect(r.body.response.data).toMatchObject({ userNo: 'admin' });
    expect(r.body.response.data).not.toHaveProperty('token');
    const session = r.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(session?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // plain HTTP here: not Secure (a browser would drop a Secure cookie set over HTTP)
    expect(session?.secure).toBeFalsy();
    const marker = r.cookies.find((c) => c.name === SIGNED_IN_COOKIE);
    expect(marker).toMatchObject({ value: '1', sameSite: 'Strict', path: '/' });
    expect(marker?.httpOnly).toBeFalsy();
  });

  it('answers a machine client the token and sets no cookie', async () => {
    const r = await post(s, 'ISrmBmLoginService/login', {
      condition: { userNo: 'admin', pwd: DEMO_PASSWORD },
    });
    expect(typeof r.body.response.data.token).toBe('string');
    expect(r.cookies).toEqual([]);
  });

  it('refuses a cookie login without the CSRF header and opens no session', async () => {
    const before = await sessionCount(s);
    const r = await post(
      s,
      'ISrmBmLoginService/login',
      { condition: { userNo: 'admin', pwd: DEMO_PASSWORD } },
      { headers: { 'x-session-transport': 'cookie' } },
    );
    expect(r).toMatchObject({ http: 403, body: { errorCode: '10303' } });
    expect(r.body.errorMessage).toContain('X-Requested-With');
    expect(r.cookies).toEqual([]);
    expect(await sessionCount(s)).toBe(before);
  });

  it('takes the cookie as the session with the CSRF header, and refuses a change without it', async () => {
    const login = await browserLogin(s, 'admin');
    const token = login.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const cookie = cookieHeader(SESSION_COOKIE, token);

    const list = await post(
      s,
      'IBmOrgService/getbmorglistbyparams',
      { condition: {} },
      { cookie, menu: MENU, headers: BROWSER },
    );
    expect(list.body.code).toBe('0');
    expect(list.body.response.data.total).toBeGreaterThan(0);

    const bare = await post(
      s,
      'IBmOrgService/getbmorglistbyparams',
      { condition: {} },
      { cookie, menu: MENU },
    );
    expect(bare).toMatchObject({ http: 403, body: { errorCode: '10303' } });

    const add = await post(
      s,
      'IBmOrgService/addbmorg',
      { condition: { orgNo: 'CSRF1', orgName: 'Without the header' } },
      { cookie, menu: MENU, headers: { 'x-requested-with': 'fetch' } },
    );
    expect(add).toMatchObject({ http: 403, body: { errorCode: '10303' } });
    expect(await orgCount(s, 'CSRF1')).toBe(0);

    // The same call from the portal's page goes through: the refusal was the header's alone.
    const added = await post(
      s,
      'IBmOrgService/addbmorg',
      { condition: { orgNo: 'CSRF2', orgName: 'With the header' } },
      { cookie, menu: MENU, headers: BROWSER },
    );
    expect(added.body.code).toBe('0');
    expect(await orgCount(s, 'CSRF2')).toBe(1);
  });

  it("refuses another site's form posts that carry the cookie, in the caller's language", async () => {
    const login = await browserLogin(s, 'admin');
    const cookie = cookieHeader(SESSION_COOKIE, login.cookies.find((c) => c.name === SESSION_COOKIE)!.value);
    // The JSON-in-a-text-form trick: a form with enctype="text/plain" whose one field spells JSON.
    const text = await post(s, 'IBmOrgService/addbmorg', undefined, {
      cookie,
      menu: MENU,
      contentType: 'text/plain',
      raw: '{"condition":{"orgNo":"CSRF3","orgName":"x","pad":"=x"}}',
      headers: { origin: 'https://evil.example', 'accept-language': 'zh-CN' },
    });
    expect(text).toMatchObject({ http: 403, body: { errorCode: '10303' } });
    expect(text.body.errorMessage).toMatch(/[\u4e00-\u9fff]/);
    const form = await post(s, 'IBmOrgService/addbmorg', undefined, {
      cookie,
      menu: MENU,
      contentType: 'application/x-www-form-urlencoded',
      raw: 'condition[orgNo]=CSRF3&condition[orgName]=x',
      headers: { origin: 'https://evil.example' },
    });
    expect(form.http).toBeGreaterThanOrEqual(400);
    expect(form.http).toBeLessThan(500);
    expect(await orgCount(s, 'CSRF3')).toBe(0);
  });

  it('clears both cookies at logout, and the old cookie is refused afterwards', async () => {
    const login = await browserLogin(s, 'buyer');
    const token = login.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const cookie = cookieHeader(SESSION_COOKIE, token);
    const out = await post(s, 'ISrmBmLoginService/logout', {}, { cookie, headers: BROWSER });
    expect(out.body.code).toBe('0');
    for (const name of [SESSION_COOKIE, SIGNED_IN_COOKIE]) {
      const cleared = out.cookies.find((c) => c.name === name);
      expect(cleared?.value).toBe('');
      expect(cleared?.maxAge).toBe(0);
    }
    // A second tab still sending the old cookie hears why its session ended.
    const after = await post(s, 'ISrmBmLoginService/getUserInfo', {}, { cookie, headers: BROWSER });
    expect(after.body).toMatchObject({ code: '000701', response: { data: { reason: 'loggedOut' } } });
    // Nor does the token work in the header.
    const header = await s.call('ISrmBmLoginService/getUserInfo', {}, { token });
    expect(header.body.code).toBe('000701');
  });

  it('clears the cookies when a call finds their session timed out', async () => {
    const login = await browserLogin(s, 'supplier1');
    const token = login.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    await sql`update sys_session set last_seen_at = now() - interval '30 days'
      where user_id = (select id from sys_user where user_no = 'supplier1')`.execute(s.server.database.db);
    const r = await post(
      s,
      'ISrmBmLoginService/getUserInfo',
      {},
      {
        cookie: cookieHeader(SESSION_COOKIE, token),
        headers: BROWSER,
      },
    );
    expect(r).toMatchObject({ http: 401, body: { errorCode: '10004' } });
    for (const name of [SESSION_COOKIE, SIGNED_IN_COOKIE])
      expect(r.cookies.find((c) => c.name === name)?.maxAge).toBe(0);
  });

  it('ends the session a browser still held when it logs in again', async () => {
    const first = await browserLogin(s, 'buyer');
    const old = first.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    const second = await browserLogin(s, 'buyer', cookieHeader(SESSION_COOKIE, old));
    const renewed = second.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
    expect(renewed).not.toBe(old);
    expect((await s.call('ISrmBmLoginService/getUserInfo', {}, { token: old })).body.code).toBe('000701');
    expect((await s.call('ISrmBmLoginService/getUserInfo', {}, { token: renewed })).body.code).toBe('0');
  });

  it("keeps a machine client's header token working without the CSRF header", async () => {
    const token = await s.login('admin');
    const r = await s.call('IBmOrgService/getbmorglistbyparams', { condition: {} }, { token, menu: MENU });
    expect(r.body.code).toBe('0');
    const added = await s.call(
      'IBmOrgService/addbmorg',
      { condition: { orgNo: 'HDR1', orgName: 'By header' } },
      { token, menu: MENU },
    );
    expect(added.body.code).toBe('0');
  });

  it("opens the inbox's live channel on the cookie from the portal's own page only", async () => {
    const login = await browserLogin(s, 'buyer');
    const cookie = cookieHeader(SESSION_COOKIE, login.cookies.find((c) => c.name === SESSION_COOKIE)!.value);
    const url = `${s.url.replace('http', 'ws')}${NOTICE_SOCKET_PATH}`;
    expect(await handshake(url, [NOTICE_PROTOCOL], cookie, s.url)).toBe('open');
    expect(await handshake(url, [NOTICE_PROTOCOL], cookie, 'https://evil.example')).toBe(403);
    // Only browsers send cookies by themselves, and every browser says where the page is from.
    expect(await handshake(url, [NOTICE_PROTOCOL], cookie)).toBe(403);
    expect(await handshake(url, [NOTICE_PROTOCOL], '', s.url)).toBe(401);
  });
});

describe('the session cookie over HTTPS', () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer({ config: { https: true } });
  });

  afterAll(async () => {
    await s?.close();
  });

  it('is Secure and __Host- prefixed, and only that name is taken as the session', async () => {
    const r = await browserLogin(s, 'admin');
    const session = r.cookies.find((c) => c.name === SECURE_SESSION_COOKIE);
    expect(session).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
    expect(session?.domain).toBeUndefined();
    expect(r.cookies.find((c) => c.name === SIGNED_IN_COOKIE)).toMatchObject({ secure: true });
    const ok = await post(
      s,
      'ISrmBmLoginService/getUserInfo',
      {},
      {
        cookie: cookieHeader(SECURE_SESSION_COOKIE, session!.value),
        headers: BROWSER,
      },
    );
    expect(ok.body.code).toBe('0');
    // A cookie without the prefix may have been planted over plain HTTP: not a session here.
    const planted = await post(
      s,
      'ISrmBmLoginService/getUserInfo',
      {},
      {
        cookie: cookieHeader(SESSION_COOKIE, session!.value),
        headers: BROWSER,
      },
    );
    expect(planted).toMatchObject({ http: 401, body: { errorCode: '10004' } });
  });
});
