// Serving the built app and what goes over the wire compressed: client routes get index.html (never
// cached, a new nonce every time), hashed assets are cached for good and sent as the build compressed
// them (brotli or gzip, as the request accepts), a missing asset is a 404 (never HTML in its place), a
// rebuild is served without a restart; API answers of 1 kB and more are compressed, smaller ones and
// files that are compressed already (xlsx) are not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATH, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

/** A script of some kB, as the build writes it, with the copies the build's compression makes. */
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;

describe.each(POSTGRES_ONLY)('the built browser app on %s', (kind) => {
  let s: TestServer;
  let dir: string;
  let admin: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    s.server.app.inject({ method: 'GET', url, headers });
  const call = (path: string, body: unknown, headers: Record<string, string>) =>
    s.server.app.inject({
      method: 'POST',
      url: `${API_PATH}/${path}`,
      headers: {
        'content-type': 'application/json',
        'accept-language': 'en-US',
        'authentication-info': admin,
        ...headers,
      },
      payload: JSON.stringify(body),
    });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'srm-static-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><meta property="csp-nonce" nonce="__CSP_NONCE__" /><title>portal</title>',
    );
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'rows-3c4d.js'), SCRIPT);
    writeFileSync(join(dir, 'assets', 'rows-3c4d.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(dir, 'assets', 'rows-3c4d.js.gz'), gzipSync(SCRIPT));
    writeFileSync(join(dir, '.vite', 'manifest.json'), '{}');
    s = await startTestServer({ database: kind, staticDir: dir });
    admin = await s.login('admin');
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers client routes with the app page, never cached, with a nonce of its own each time', async () => {
    const nonces = new Set<string>();
    for (const path of ['/', '/base/organizational', '/login?redirect=%2Fdashboard']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = await res.text();
      expect(html).toContain('<title>portal</title>');
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(nonce).toMatch(/^[0-9a-f]{16,}$/);
      expect(res.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
  });

  it('caches hashed assets, serves ones built after start, and 404s missing ones', async () => {
    const asset = await fetch(`${s.url}/assets/app-1a2b.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    writeFileSync(join(dir, 'assets', 'app-9z8y.js'), 'console.log(2)');
    expect(await (await fetch(`${s.url}/assets/app-9z8y.js`)).text()).toBe('console.log(2)');
    const missing = await fetch(`${s.url}/assets/app-gone.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toContain('text/plain');
  });

  it('sends an asset as the build compressed it: brotli, gzip or as it is, as the request accepts', async () => {
    const br = await get('/assets/rows-3c4d.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 3);

    const gz = await get('/assets/rows-3c4d.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/rows-3c4d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);

    for (const res of [br, gz, plain]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toContain('accept-encoding');
      // The security headers stay on every answer.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // The copies are no addresses of their own, nor is the build's manifest.
    for (const path of ['/assets/rows-3c4d.js.br', '/assets/rows-3c4d.js.gz', '/.vite/manifest.json'])
      expect((await get(path)).statusCode).toBe(404);
  });

  it('compresses a large API answer, which stays the same JSON, and leaves a small one alone', async () => {
    const menus = { condition: { appNo: 'PC' } };
    const plain = await call('ISysMenuService/getsysmenulist', menus, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);

    const br = await call('ISysMenuService/getsysmenulist', menus, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.body));

    const gz = await call('ISysMenuService/getsysmenulist', menus, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(plain.body));

    for (const res of [plain, br, gz]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }

    const small = await call('ISrmBmLoginService/getAuth', {}, { 'accept-encoding': 'gzip, br' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body).code).toBe('0');
  });

  it('sends an xlsx download as it is: a workbook is compressed already', async () => {
    const res = await call(
      'IBmOrgService/exportexcel',
      { condition: {} },
      { 'accept-encoding': 'gzip, br', 'app-module-number': 'Base.Basic.Organizational' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-encoding']).toBeUndefined();
    // A zip archive, as written: 'PK\x03\x04'.
    expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  });

  it('keeps API errors as JSON', async () => {
    const res = await fetch(`${s.url}/dapilc/restful/service/ilcwmsplus/Nope/x`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ errorCode: '10003' });
  });
});
