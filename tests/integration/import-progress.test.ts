// Two server instances on one PostgreSQL database, as behind a load balancer: the live channel of an
// upload that one instance runs reaches its user's socket on the other instance, and nobody else's.
// The uploading instance is a process of its own, so nothing but the database can carry the messages.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WS_PROTOCOL } from '../../services/http/import-routes.js';
import { type ServerProcess, startProcess } from '../support/process.js';
import { API_PATH, startTestServer, type TestServer, templateCopy } from '../support/server.js';
import { listen } from '../support/ws.js';

const PORT = 'IBmOrgService';
const MENU = 'Base.Basic.Organizational';
const fixture = (name: string) => readFileSync(new URL(`../fixtures/import/${name}`, import.meta.url));

const progressOf = (server: TestServer, uid: string, token: string) =>
  listen(`${server.url.replace('http', 'ws')}/productWebSocket/${uid}${PORT}`, [WS_PROTOCOL, token]);

describe('the live channel across instances (PostgreSQL)', () => {
  let database: Awaited<ReturnType<typeof templateCopy>>;
  let a: ServerProcess;
  let b: TestServer;
  beforeAll(async () => {
    database = await templateCopy('postgres');
    a = await startProcess({ DATABASE_URL: database.url ?? '' });
    b = await startTestServer({ database: 'postgres', databaseUrl: database.url });
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    a?.child.kill('SIGKILL');
    await a?.exited;
    await database?.drop();
  });

  it("an upload on one instance is heard by its user's socket on the other, and by no one else", async () => {
    const admin = await b.login('admin');
    const supplier = await b.login('supplier1');
    const uid = async (token: string) =>
      (await b.call('ISrmBmLoginService/getUserInfo', {}, { token })).body.response.data.id as string;
    const mine = await progressOf(b, await uid(admin), admin);
    const theirs = await progressOf(b, await uid(supplier), supplier);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(fixture('good.xlsx'))]), 'good.xlsx');
    const res = await fetch(`${a.url}${API_PATH}/${PORT}/importexcel`, {
      method: 'POST',
      headers: { 'authentication-info': admin, 'app-module-number': MENU, 'accept-language': 'en-US' },
      body: form,
    });
    expect((await res.json()).response.data.status).toBe('imported');
    await vi.waitFor(() => expect(mine.messages.some((m) => m.startsWith('$import|100|'))).toBe(true), {
      timeout: 10_000,
    });
    // In the order the importing instance published them.
    const at = (prefix: string) => mine.messages.findIndex((m) => m.startsWith(prefix));
    expect(at('$check|0|')).toBeLessThan(at('checkSuccess'));
    expect(at('checkSuccess')).toBeLessThan(at('✔'));
    expect(at('✔')).toBeLessThan(at('$import|100|'));
    expect(theirs.messages).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });
});
