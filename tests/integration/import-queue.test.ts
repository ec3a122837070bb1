// Imports take turns on an instance (config.importsAtOnce): with one slot, an upload sent while another
// import runs waits for it; it hears its place in the line on its live channel before its check
// starts, and both end as they would alone.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_PROTOCOL } from '../../services/http/import-routes.js';
import { API_PATH, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';
import { listen } from '../support/ws.js';

const PORT = 'IBmOrgService';
const MENU = 'Base.Basic.Organizational';

async function workbook(prefix: string, rows: number): Promise<Blob> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(['Organization code', 'Organization name', 'Status']);
  for (let i = 1; i <= rows; i++)
    sheet.addRow([`${prefix}${String(i).padStart(5, '0')}`, `Org ${i}`, 'Valid']);
  return new Blob([new Uint8Array(await book.xlsx.writeBuffer())]);
}

describe.each(POSTGRES_ONLY)('imports taking turns on %s', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false, importsAtOnce: 1 } });
    admin = await s.login('admin');
  });
  afterAll(async () => {
    await s?.close();
  });

  const progressOf = (uid: string, portKey: string) =>
    listen(`${s.url.replace('http', 'ws')}/productWebSocket/${uid}${portKey}`, [WS_PROTOCOL, admin]);

  const upload = async (file: Blob, portKey: string) => {
    const form = new FormData();
    form.append('portKey', portKey);
    form.append('file', file, `${portKey}.xlsx`);
    const res = await fetch(`${s.url}${API_PATH}/${PORT}/importexcel`, {
      method: 'POST',
      headers: { 'authentication-info': admin, 'app-module-number': MENU, 'accept-language': 'en-US' },
      body: form,
    });
    return (await res.json()).response.data as { status: string; inserted: number };
  };

  it('runs one at a time: the second waits, told its place, then checks and imports in full', async () => {
    const uid = (await s.call('ISrmBmLoginService/getUserInfo', {}, { token: admin })).body.response.data
      .id as string;
    const big = await progressOf(uid, `${PORT}Big`);
    const small = await progressOf(uid, `${PORT}Small`);
    const [bigFile, smallFile] = await Promise.all([workbook('QBIG', 12000), workbook('QSMALL', 5)]);
    // The small one is sent once the big one holds the slot (its check has begun), whatever the speed
    // of the machine: sent together, the small one could end before the big one's upload was in. The
    // big one is big enough (12,000 rows) to hold the slot well past the small one's upload: with
    // 3,000 it was once done before the small one arrived.
    const bigDone = upload(bigFile, `${PORT}Big`);
    await expect
      .poll(() => big.messages.some((m) => m.startsWith('$check|')), { timeout: 20_000 })
      .toBe(true);
    const smallDone = await upload(smallFile, `${PORT}Small`);
    expect(await bigDone).toMatchObject({ status: 'imported', inserted: 12000 });
    expect(smallDone).toMatchObject({ status: 'imported', inserted: 5 });
    // The small one waited, and heard so before its own check began; the big one never waited.
    const { messages } = small;
    expect(messages).toContain('$queue|1');
    expect(messages.indexOf('$queue|1')).toBeLessThan(messages.findIndex((m) => m.startsWith('$check|')));
    expect(big.messages.some((m) => m.startsWith('$queue|'))).toBe(false);
    big.ws.close();
    small.ws.close();
  });
});
