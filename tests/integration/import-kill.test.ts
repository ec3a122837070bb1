// A server process killed in the middle of an import (SIGKILL: no shutdown, no rollback sent) leaves
// no imported row once it is started again, on PostgreSQL and on embedded PGlite alike; sending the
// same file again then imports every row exactly once.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { WS_PROTOCOL } from '../../services/http/import-routes.js';
import { startProcess } from '../support/process.js';
import { API_PATH, BOTH_DBS, DEMO_PASSWORD, templateCopy } from '../support/server.js';

const MENU = 'Base.Basic.Organizational';
const PORT_NAME = 'IBmOrgService';
// Six batches of 2,000: the kill comes once half the rows are read, when the first three batches are
// written (the reading waits for the writes once it is two batches ahead of them).
const ROWS = 12_000;

interface Ws {
  on(event: string, listener: (data: unknown) => void): Ws;
  once(event: string, listener: (data: unknown) => void): Ws;
  terminate(): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, protocols?: string[]) => Ws;

async function call(url: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${url}${API_PATH}/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en-US',
      'app-module-number': MENU,
      ...(token ? { 'authentication-info': token } : {}),
    },
    body: JSON.stringify(body),
  });
  return res.json();
}

async function workbook(): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(['Organization code', 'Organization name', 'Status']);
  for (let i = 1; i <= ROWS; i++) sheet.addRow([`KILL${String(i).padStart(6, '0')}`, `Org ${i}`, 'Valid']);
  return new Blob([new Uint8Array(await book.xlsx.writeBuffer())]);
}

function upload(url: string, token: string, file: Blob) {
  const form = new FormData();
  form.append('file', file, 'kill.xlsx');
  return fetch(`${url}${API_PATH}/${PORT_NAME}/importexcel`, {
    method: 'POST',
    headers: { 'authentication-info': token, 'app-module-number': MENU, 'accept-language': 'en-US' },
    body: form,
  });
}

const killedCount = (url: string, token: string) =>
  call(
    url,
    'IBmOrgService/getbmorglistbyparams',
    { current: 1, size: 1, condition: { orgNoIndistinct: 'KILL' } },
    token,
  ).then((r) => r.response.data.total as number);

describe.each(BOTH_DBS)('an import killed midway, on %s', (kind) => {
  it('leaves no row after the restart, and the retry imports each row once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'srm-kill-'));
    const pgDb = await templateCopy(kind, dataDir);
    const env = { DATA_DIR: dataDir, ...(pgDb.url ? { DATABASE_URL: pgDb.url } : {}) };
    let server = await startProcess(env);
    try {
      const file = await workbook();
      const login = await call(server.url, 'ISrmBmLoginService/login', {
        condition: { userNo: 'admin', pwd: DEMO_PASSWORD },
      });
      let token = login.response.data.token as string;
      const uid = (await call(server.url, 'ISrmBmLoginService/getUserInfo', {}, token)).response.data.id;

      // Killed halfway through the rows, with three batches written in the open transaction.
      const socket = new WebSocket(
        `${server.url.replace('http', 'ws')}/productWebSocket/${uid}${PORT_NAME}`,
        [WS_PROTOCOL, token],
      );
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      const killedAt = new Promise<number>((resolve) =>
        socket.on('message', (data) => {
          const m = /^\$check\|\d+\|(\d+)$/.exec(String(data));
          if (m && Number(m[1]) >= ROWS / 2) {
            server.child.kill('SIGKILL');
            resolve(Number(m[1]));
          }
        }),
      );
      const answer = upload(server.url, token, file).catch((err: Error) => err);
      expect(await killedAt).toBeLessThan(ROWS);
      expect(await answer).toBeInstanceOf(Error);
      socket.terminate();
      await server.exited;
      server = await startProcess(env);
      token = (
        await call(server.url, 'ISrmBmLoginService/login', {
          condition: { userNo: 'admin', pwd: DEMO_PASSWORD },
        })
      ).response.data.token;
      expect(await killedCount(server.url, token)).toBe(0);
      const retry = await (await upload(server.url, token, file)).json();
      expect(retry.response.data).toMatchObject({
        status: 'imported',
        total: ROWS,
        inserted: ROWS,
        updated: 0,
      });
      expect(await killedCount(server.url, token)).toBe(ROWS);
    } finally {
      server.child.kill('SIGKILL');
      await pgDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
