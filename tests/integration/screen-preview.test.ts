// The live preview under npm start: outside production the server serves a screen file as it is on
// disk and pushes an event when it is saved; the page it serves carries the marker the app reads. A
// real socket, since the event stream is the subject; no database is needed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerScreenPreview, screenPreviewEnabled } from '../../services/http/screen-preview';

const dir = mkdtempSync(join(tmpdir(), 'screens-'));
let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  mkdirSync(join(dir, 'base'));
  writeFileSync(join(dir, 'base/orgs.json'), '{"titleKey": "title.before"}\n');
  app = Fastify();
  await registerScreenPreview(app, { prefix: '/dapilc', screensDir: dir });
  app.get('/', (_req, reply) =>
    reply.type('text/html; charset=utf-8').send('<html><head></head><body></body></html>'),
  );
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The next event of the stream, as its data. */
function nextEvent(): Promise<{ file: string }> {
  return new Promise((resolve, reject) => {
    const req = get(`${url}/dapilc/screen-preview/events`, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        const data = /^data: (.*)$/m.exec(buffer);
        if (data) {
          req.destroy();
          resolve(JSON.parse(data[1]));
        }
        // The comment line says the stream is open: now the save.
        else if (buffer.includes(': screen preview'))
          setTimeout(() => writeFileSync(join(dir, 'base/orgs.json'), '{"titleKey": "title.after"}\n'), 100);
      });
    });
    req.on('error', reject);
  });
}

describe('the screen preview', () => {
  it('serves a screen file as it is on disk, and only screen files', async () => {
    const answer = await app.inject({ url: '/dapilc/screen-preview/file?file=screens/base/orgs.json' });
    expect(answer.json()).toEqual({ titleKey: 'title.before' });
    for (const file of ['screens/../package.json', 'screens/base/orgs.txt', '/etc/passwd'])
      expect(
        (await app.inject({ url: `/dapilc/screen-preview/file?file=${encodeURIComponent(file)}` }))
          .statusCode,
      ).toBe(404);
  });

  it('tells the page when a screen file is saved, and the next fetch has the new file', async () => {
    const started = Date.now();
    expect(await nextEvent()).toEqual({ file: 'screens/base/orgs.json' });
    expect(Date.now() - started).toBeLessThan(2000);
    const answer = await app.inject({ url: '/dapilc/screen-preview/file?file=screens/base/orgs.json' });
    expect(answer.json()).toEqual({ titleKey: 'title.after' });
  });

  it('marks the page it serves, with no script', async () => {
    const page = (await app.inject({ url: '/' })).body;
    expect(page).toContain('<meta name="screen-preview" content="/dapilc/screen-preview"></head>');
    expect(page).not.toContain('<script');
  });

  it('is off in production whatever SCREEN_PREVIEW says, and under the test runner unless asked for', () => {
    expect(screenPreviewEnabled({ NODE_ENV: 'production', SCREEN_PREVIEW: 'on' })).toBe(false);
    expect(screenPreviewEnabled({ NODE_ENV: 'test' })).toBe(false);
    expect(screenPreviewEnabled({ NODE_ENV: 'test', SCREEN_PREVIEW: 'on' })).toBe(true);
    expect(screenPreviewEnabled({})).toBe(true);
    expect(screenPreviewEnabled({ SCREEN_PREVIEW: 'off' })).toBe(false);
  });
});
