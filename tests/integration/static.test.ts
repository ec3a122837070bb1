// Serving the built app: client routes get index.html (never cached), hashed assets are cached for
// good, a missing asset is a 404 (never HTML in its place), and a rebuild is served without a restart.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

describe('the built browser app', () => {
  let s: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'srm-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), 'console.log(1)');
    s = await startTestServer({ staticDir: dir });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers client routes with the app page, never cached', async () => {
    for (const path of ['/', '/base/organizational', '/login?redirect=%2Fdashboard']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>portal</title>');
    }
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
