import { randomBytes } from 'node:crypto';
import { PassThrough, Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { openXlsxWriter } from './xlsx-writer';

const columns = [
  { header: 'Code', key: 'code', width: 12 },
  { header: 'Qty', key: 'qty', width: 12 },
];

async function readBack(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet('Export')!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { rows, bold: sheet.getRow(1).font?.bold, sheet };
}

describe('openXlsxWriter', () => {
  it('writes every row in order behind a bold header, and ends the stream', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer = openXlsxWriter(out, 'Export', columns);
    for (let b = 0; b < 5; b++)
      await writer.rows(Array.from({ length: 1000 }, (_, i) => [`R${b * 1000 + i + 1}`, b * 1000 + i + 1]));
    await writer.end();
    expect(out.writableEnded).toBe(true);
    const { rows, bold } = await readBack(Buffer.concat(chunks));
    expect(bold).toBe(true);
    expect(rows[0]).toEqual(['Code', 'Qty']);
    expect(rows).toHaveLength(5001);
    expect(rows.slice(1).map((r) => r[1])).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
  });

  it('writes times as dates with their time of day, and text and numbers as they are', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer = openXlsxWriter(out, 'Export', columns);
    const when = new Date(Date.UTC(2026, 10, 26, 9, 30, 15));
    await writer.rows([
      ['A1', 7],
      [when, 2.5],
    ]);
    await writer.end();
    const { sheet } = await readBack(Buffer.concat(chunks));
    expect(sheet.getCell('A2').value).toBe('A1');
    expect(sheet.getCell('B2').value).toBe(7);
    expect(sheet.getCell('A3').value).toEqual(when);
    expect(sheet.getCell('A3').numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet.getCell('B3').value).toBe(2.5);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
  });

  it('writes exact decimals as number cells carrying every digit of their text', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer = openXlsxWriter(out, 'Export', [
      { header: 'Code', key: 'code', width: 12 },
      { header: 'Qty', key: 'qty', width: 12, decimal: true },
    ]);
    await writer.rows([
      ['-1', '1234567890123.12345'],
      ['A', '-0.3'],
      ['B', 'not a number'],
      ['C', null],
    ]);
    await writer.end();
    const bytes = Buffer.concat(chunks);
    const xml = await (await JSZip.loadAsync(bytes)).file('xl/worksheets/sheet1.xml')!.async('string');
    expect(xml).toMatch(/<c r="B2"( s="\d+")?><v>1234567890123.12345<\/v><\/c>/);
    const { sheet } = await readBack(bytes);
    // A number a spreadsheet sums (as close as its floats get), text in other columns as it was.
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.Number);
    expect(sheet.getCell('B3').value).toBe(-0.3);
    expect(sheet.getCell('A2').value).toBe('-1');
    expect(sheet.getCell('B4').value).toBe('not a number');
    expect(sheet.getCell('B5').value).toBe(null);
  });

  it('stops taking rows while the reader takes no bytes, and goes on when it does', async () => {
    const chunks: Buffer[] = [];
    let held: (() => void)[] | undefined = [];
    const out = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        if (held) held.push(done);
        else done();
      },
    });
    const writer = openXlsxWriter(out, 'Export', columns);
    const BATCHES = 200;
    let sent = 0;
    const loop = (async () => {
      for (; sent < BATCHES; sent++)
        await writer.rows(Array.from({ length: 500 }, (_, i) => [randomBytes(24).toString('hex'), i]));
    })();
    // Wait until the reader holds bytes and the loop has stood still for half a second.
    let last = -1;
    while (sent !== last || !chunks.length) {
      last = sent;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(sent).toBeLessThan(BATCHES);
    const waiting = held!;
    held = undefined;
    for (const done of waiting) done();
    await loop;
    await writer.end();
    expect((await readBack(Buffer.concat(chunks))).rows).toHaveLength(BATCHES * 500 + 1);
  }, 60_000);

  it('stops with an error when the reader goes away (a cancelled download)', async () => {
    const out = new Writable({ write() {} });
    const writer = openXlsxWriter(out, 'Export', columns);
    const loop = (async () => {
      for (let b = 0; b < 200; b++)
        await writer.rows(Array.from({ length: 500 }, (_, i) => [randomBytes(24).toString('hex'), i]));
    })();
    loop.catch(() => {});
    while (!out.writableNeedDrain) await new Promise((resolve) => setTimeout(resolve, 20));
    out.destroy();
    await expect(loop).rejects.toThrow('closed');
    await writer.abort();
  }, 60_000);
});
