import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import axios from 'axios';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLoadingCounter } from './loading';
import type { Notifier, ReloginTexts } from './notifier';
import { createRequester } from './requester';
import { LOCAL_CODES, RequestError } from './types';

const en = JSON.parse(readFileSync(new URL('../../locales/en-US.json', import.meta.url), 'utf8')) as Record<
  string,
  string
>;

interface Seen {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let base: string;
let handler: Handler;
let seen: Seen[];

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}
const ok = (data: unknown) => ({ status: 200, code: '0', msg: 'success', response: { data } });

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Harness {
  toasts: { message: string; seconds: number }[];
  dialogs: ReloginTexts[];
  navigations: string[];
  cleared: number;
  answer: (confirm: boolean) => void;
  path: string;
  token: string | undefined;
  module: string | undefined;
  loading: ReturnType<typeof createLoadingCounter>;
  api: ReturnType<typeof createRequester>;
}

function harness(): Harness {
  const h = {
    toasts: [],
    dialogs: [],
    navigations: [],
    cleared: 0,
    answer: () => undefined,
    path: '/base/organizational?current=2',
    token: 'tok-1' as string | undefined,
    module: 'Base.Basic.Organizational' as string | undefined,
    loading: createLoadingCounter(),
  } as unknown as Harness;
  const notifier: Notifier = {
    error: (message, seconds) => h.toasts.push({ message, seconds }),
    confirmRelogin: (texts) => {
      h.dialogs.push(texts);
      return new Promise<boolean>((resolve) => {
        h.answer = resolve;
      });
    },
    navigate: (to) => h.navigations.push(to),
  };
  h.api = createRequester({
    http: axios.create({ baseURL: base, adapter: 'fetch' }),
    notifier: () => notifier,
    loading: h.loading,
    clearSession: () => {
      h.cleared += 1;
      h.token = undefined;
    },
    getLanguage: () => 'en-US',
    getModuleNumber: () => h.module,
    currentPath: () => h.path,
    translate: (key) => en[key] ?? key,
  });
  return h;
}

async function failure(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError);
    return error as RequestError;
  }
  throw new Error('expected the call to fail');
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 10));

let h: Harness;
beforeEach(() => {
  seen = [];
  handler = (_req, res) => json(res, 200, ok(null));
  h = harness();
});

describe('transport', () => {
  it('posts to the base path with the four headers and resolves with response.data', async () => {
    handler = (_req, res) => json(res, 200, ok({ records: [{ orgNo: 'O1' }], total: 1 }));
    const data = await h.api.request('IBmOrgService/getbmorglistbyparams', { keyword: 'x' });
    expect(data).toEqual({ records: [{ orgNo: 'O1' }], total: 1 });
    const [req] = seen;
    expect(req.url).toBe('/dapilc/restful/service/ilcwmsplus/IBmOrgService/getbmorglistbyparams');
    expect(req.headers['accept-language']).toBe('en-US');
    expect(req.headers['app-module-number']).toBe('Base.Basic.Organizational');
    expect(req.headers.invokerparam).toBe('1');
    // The session is the browser's HttpOnly cookie: no token from script; the CSRF header instead.
    expect(req.headers['authentication-info']).toBeUndefined();
    expect(req.headers['x-requested-with']).toBe('XMLHttpRequest');
    expect(req.headers['x-session-transport']).toBe('cookie');
    expect(JSON.parse(req.body)).toEqual({ condition: { keyword: 'x' } });
  });

  it('leaves out the module header when there is none, and a per-call module wins', async () => {
    h.module = undefined;
    await h.api.request('IZlLanguageService/getAllZlLanguage');
    expect(seen[0].headers['app-module-number']).toBeUndefined();
    h.module = 'A';
    await h.api.request('X/y', {}, { moduleNumber: 'B' });
    expect(seen[1].headers['app-module-number']).toBe('B');
  });

  it('does not wrap a body that already has condition, a noCondition call, or form data', async () => {
    await h.api.request('X/paged', { current: 2, size: 20, condition: { keyword: 'a' } });
    await h.api.request('X/raw', { a: 1 }, { noCondition: true });
    const form = new FormData();
    form.append('file', new Blob(['abc']), 'a.xlsx');
    await h.api.request('X/importexcel', form);
    await h.api.request('X/none');
    expect(JSON.parse(seen[0].body)).toEqual({ current: 2, size: 20, condition: { keyword: 'a' } });
    expect(JSON.parse(seen[1].body)).toEqual({ a: 1 });
    expect(seen[2].body).toContain('filename="a.xlsx"');
    expect(JSON.parse(seen[3].body)).toEqual({ condition: {} });
  });
});

describe('error catalogue (spec 000 section 8)', () => {
  it('HTTP status other than 200 without an error body: "Server internal exception" for 5 seconds', async () => {
    handler = (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>bad gateway</html>');
    };
    const error = await failure(h.api.request('X/y'));
    expect(error.httpStatus).toBe(502);
    expect(error.message).toBe('Server internal exception');
    expect(h.toasts).toEqual([{ message: 'Server internal exception', seconds: 5 }]);
  });

  it('an error body shows its errorMessage for 5 seconds and rejects with its code', async () => {
    handler = (_req, res) => json(res, 403, { errorCode: '10005', errorMessage: 'No permission (isAdd).' });
    const error = await failure(h.api.request('X/y'));
    expect(error.code).toBe('10005');
    expect(error.httpStatus).toBe(403);
    expect(h.toasts).toEqual([{ message: 'No permission (isAdd).', seconds: 5 }]);
  });

  it("replaces 'Unknown!' with the server-internal-exception text", async () => {
    handler = (_req, res) => json(res, 500, { errorCode: 'Unknown!', errorMessage: 'Unknown!' });
    await failure(h.api.request('X/y'));
    handler = (_req, res) => json(res, 200, { status: 500, code: '1', msg: 'Unknown!', response: null });
    await failure(h.api.request('X/y'));
    expect(h.toasts.map((t) => t.message)).toEqual([
      'Server internal exception',
      'Server internal exception',
    ]);
  });

  it('an envelope status other than 200 fails the call with msg as a 5-second toast', async () => {
    handler = (_req, res) =>
      json(res, 200, { status: 409, code: '10007', msg: 'Changed by someone else', response: null });
    const error = await failure(h.api.request('X/y'));
    expect(error.code).toBe('10007');
    expect(error.envelopeStatus).toBe(409);
    expect(h.toasts).toEqual([{ message: 'Changed by someone else', seconds: 5 }]);
  });

  it("a refusal's response data (a batch's refused rows) reaches the caller with the error", async () => {
    const refused = [{ id: 'a', docNo: 'NT1', message: 'no text' }];
    handler = (_req, res) =>
      json(res, 200, { status: 409, code: '10141', msg: '1 of 2 refused', response: { data: { refused } } });
    const error = await failure(h.api.request('X/y'));
    expect(error).toMatchObject({ code: '10141', envelopeStatus: 409, data: { refused } });
    handler = (_req, res) => json(res, 200, { status: 409, code: '10007', msg: 'stale', response: null });
    expect((await failure(h.api.request('X/y'))).data).toBeUndefined();
  });

  it("falls back to 'Error' when the failure carries no message", async () => {
    handler = (_req, res) => json(res, 200, { status: 400, code: '99', msg: '', response: null });
    await failure(h.api.request('X/y'));
    expect(h.toasts[0].message).toBe('Error');
  });

  it('an HTTP 200 answer that is not an envelope fails as a server fault', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><html></html>');
    };
    const error = await failure(h.api.request('X/y'));
    expect(error.code).toBe(LOCAL_CODES.badAnswer);
    expect(h.toasts[0].message).toBe('Server internal exception');
  });

  it('showRepeatError false hides 50M01 only; showError false hides the others', async () => {
    handler = (_req, res) =>
      json(res, 200, { status: 409, code: '50M01', msg: 'O1 already exists', response: null });
    await failure(h.api.request('X/y', {}, { showRepeatError: false }));
    expect(h.toasts).toEqual([]);
    await failure(h.api.request('X/y', {}, { showError: false }));
    expect(h.toasts.map((t) => t.message)).toEqual(['O1 already exists']);
    handler = (_req, res) => json(res, 200, { status: 409, code: '10007', msg: 'stale', response: null });
    const error = await failure(h.api.request('X/y', {}, { showError: false, showRepeatError: true }));
    expect(error.message).toBe('stale');
    await failure(h.api.request('X/y', {}, { showRepeatError: false }));
    expect(h.toasts.map((t) => t.message)).toEqual(['O1 already exists', 'stale']);
  });

  it('no response: the error message is shown', async () => {
    const dead = createServer();
    await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((resolve) => dead.close(() => resolve()));
    const api = createRequester({
      http: axios.create({ baseURL: `http://127.0.0.1:${port}`, adapter: 'fetch' }),
      notifier: () => ({
        error: (m, s) => h.toasts.push({ message: m, seconds: s }),
        confirmRelogin: async () => false,
        navigate: () => undefined,
      }),
      loading: h.loading,
      clearSession: () => undefined,
      getLanguage: () => 'en-US',
      getModuleNumber: () => undefined,
      currentPath: () => '/',
      translate: (k) => en[k] ?? k,
    });
    const error = await failure(api.request('X/y'));
    expect(error.code).toBe(LOCAL_CODES.network);
    expect(error.httpStatus).toBeUndefined();
    expect(h.toasts).toEqual([{ message: error.message, seconds: 5 }]);
    expect(error.message.length).toBeGreaterThan(0);
  });

  it('a call that outlives its timeout fails with the timeout message', async () => {
    handler = (_req, res) => setTimeout(() => json(res, 200, ok(1)), 400);
    const error = await failure(h.api.request('X/slow', {}, { timeout: 50 }));
    expect(error.code).toBe(LOCAL_CODES.timeout);
    expect(h.toasts[0].message).toMatch(/timeout/i);
  });
});

describe('re-login dialog (10004 and 000701)', () => {
  const expired = (_req: IncomingMessage, res: ServerResponse) =>
    json(res, 401, { errorCode: '10004', errorMessage: 'Your session has expired, please log in again.' });

  it('opens one warning confirm for many failing calls, saying the session expired, and no toast', async () => {
    handler = expired;
    const errors = await Promise.all([1, 2, 3].map(() => failure(h.api.request('X/y'))));
    expect(errors.map((e) => e.code)).toEqual(['10004', '10004', '10004']);
    expect(h.dialogs).toHaveLength(1);
    expect(h.dialogs[0]).toEqual({
      title: en['session.expiredTitle'],
      content: en['session.expiredText'],
      okText: en['login.confirmBtn1'],
      cancelText: en['login.confirmBtn2'],
    });
    expect(h.toasts).toEqual([]);
  });

  it('words a 000701 for the reason the server names, and an unnamed one as the session ended', async () => {
    const ended = (reason?: string) => (_req: IncomingMessage, res: ServerResponse) =>
      json(res, 200, {
        status: 401,
        code: '000701',
        msg: 'Your session has ended.',
        response: reason ? { data: { reason } } : null,
      });
    const seen: { title: string; content: string }[] = [];
    for (const reason of ['accountDisabled', 'passwordChanged', 'loggedOut', 'somethingNew', undefined]) {
      handler = ended(reason);
      await failure(h.api.request('X/y'));
      const { title, content } = h.dialogs[h.dialogs.length - 1];
      seen.push({ title, content });
      h.answer(false);
      await flush();
    }
    expect(seen).toEqual([
      { title: en['session.disabledTitle'], content: en['session.disabledText'] },
      { title: en['session.passwordChangedTitle'], content: en['session.passwordChangedText'] },
      { title: en['session.loggedOutTitle'], content: en['session.loggedOutText'] },
      { title: en['login.confirmLogOut'], content: en['login.confirmTip'] },
      { title: en['login.confirmLogOut'], content: en['login.confirmTip'] },
    ]);
    // Said, never asked: what happened is a statement, the buttons are the choice.
    for (const { title, content } of seen) expect(`${title} ${content}`).not.toContain('?');
    expect(en['login.confirmLogOut']).not.toMatch(/confirm/i);
  });

  it('confirm clears the token and goes to /login with the full path as redirect', async () => {
    handler = expired;
    await failure(h.api.request('X/y'));
    h.answer(true);
    await flush();
    expect(h.cleared).toBe(1);
    expect(h.navigations).toEqual([
      `/login?redirect=${encodeURIComponent('/base/organizational?current=2')}`,
    ]);
    // the next expiry may ask again: the dialog is one at a time, not once per page load
    await failure(h.api.request('X/y'));
    expect(h.dialogs).toHaveLength(2);
  });

  it('cancel stays on the page and keeps the token', async () => {
    handler = (_req, res) =>
      json(res, 200, { status: 401, code: '000701', msg: 'You have been logged out', response: null });
    await failure(h.api.request('X/y'));
    expect(h.dialogs).toHaveLength(1);
    h.answer(false);
    await flush();
    expect(h.cleared).toBe(0);
    expect(h.token).toBe('tok-1');
    expect(h.navigations).toEqual([]);
  });

  it('never opens on the login page', async () => {
    handler = expired;
    h.path = '/login?redirect=%2Fdashboard';
    await failure(h.api.request('X/y'));
    expect(h.dialogs).toEqual([]);
  });
});

describe('blob calls', () => {
  it('resolves with a File named by content-disposition', async () => {
    handler = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/vnd.ms-excel',
        'content-disposition': `attachment; filename="x.xls"; filename*=UTF-8''${encodeURIComponent('组织.xlsx')}`,
      });
      res.end('PK-bytes');
    };
    const file = await h.api.request<File>('IBmOrgService/exportexcel', {}, { responseType: 'blob' });
    expect(file).toBeInstanceOf(Blob);
    expect(file.name).toBe('组织.xlsx');
    expect(await file.text()).toBe('PK-bytes');
  });

  it("a failed blob shows the error body's errorMessage; a download with non-200 resolves false", async () => {
    handler = (_req, res) => json(res, 403, { errorCode: '10005', errorMessage: 'No export permission.' });
    const error = await failure(h.api.request('X/exportexcel', {}, { responseType: 'blob' }));
    expect(error.code).toBe('10005');
    const saved: File[] = [];
    expect(await h.api.download('X/exportexcel', {}, (f) => saved.push(f))).toBe(false);
    expect(saved).toEqual([]);
    expect(h.toasts.map((t) => t.message)).toEqual(['No export permission.', 'No export permission.']);
  });

  it('a blob call answered with a refusal envelope fails with its msg', async () => {
    handler = (_req, res) => json(res, 200, { status: 404, code: '10008', msg: 'Not found', response: null });
    const error = await failure(h.api.request('X/exportexcel', {}, { responseType: 'blob' }));
    expect(error.code).toBe('10008');
    expect(h.toasts[0].message).toBe('Not found');
  });

  it('a successful download hands the file over and resolves true', async () => {
    handler = (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename=a.pdf',
      });
      res.end('%PDF');
    };
    const saved: File[] = [];
    expect(await h.api.download('X/print', {}, (f) => saved.push(f))).toBe(true);
    expect(saved.map((f) => f.name)).toEqual(['a.pdf']);
  });

  it('a blob call the server answers with data (an export that became a job) hands the data back, saving nothing', async () => {
    handler = (_req, res) =>
      json(res, 200, {
        status: 200,
        code: '0',
        msg: 'ok',
        response: { data: { exportJobId: 'j1', total: 9 } },
      });
    const saved: File[] = [];
    expect(await h.api.fetchFile('X/exportexcel', {}, (f) => saved.push(f))).toEqual({
      data: { exportJobId: 'j1', total: 9 },
    });
    expect(await h.api.download('X/exportexcel', {}, (f) => saved.push(f))).toBe(false);
    expect(saved).toEqual([]);
  });
});

describe('loading indicator', () => {
  it('is active during a call and cleared on success, refusal, HTTP error and no answer', async () => {
    const states: boolean[] = [];
    h.loading.subscribe(() => states.push(h.loading.active));
    handler = (_req, res) => json(res, 200, ok(1));
    await h.api.request('X/y');
    handler = (_req, res) => json(res, 200, { status: 409, code: '10007', msg: 'm', response: null });
    await failure(h.api.request('X/y'));
    handler = (_req, res) => json(res, 500, { errorCode: 'Unknown!', errorMessage: 'x' });
    await failure(h.api.request('X/y', {}, { responseType: 'blob' }));
    handler = (_req, res) => setTimeout(() => json(res, 200, ok(1)), 200);
    await failure(h.api.request('X/y', {}, { timeout: 20 }));
    expect(states).toEqual([true, false, true, false, true, false, true, false]);
    expect(h.loading.active).toBe(false);
  });

  it('calls flagged loading: false do not touch it', async () => {
    const states: boolean[] = [];
    h.loading.subscribe(() => states.push(h.loading.active));
    await h.api.request('X/y', {}, { loading: false });
    expect(states).toEqual([]);
  });
});
