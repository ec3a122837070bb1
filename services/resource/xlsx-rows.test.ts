import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { firstSheetRows } from './xlsx-rows';
import { openXlsxWriter } from './xlsx-writer';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../tests/fixtures/import/${name}`, import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'xlsx-rows-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function rows(path: string, onProgress?: (share: number) => void) {
  const out: unknown[][] = [];
  for await (const row of firstSheetRows(path, onProgress)) out.push(row.values.slice(1));
  return out;
}

describe('firstSheetRows', () => {
  it('gives the text of shared strings on every read (exceljs one-pass reader lost them about 1 in 100)', async () => {
    // The LibreOffice workbook keeps its text in shared strings.
    const path = fixture('good.xlsx');
    const first = await rows(path);
    expect(typeof first[0][0]).toBe('string');
    for (let i = 0; i < 400; i++) {
      const again = await rows(path);
      expect(again).toEqual(first);
    }
  }, 60_000);

  it('reads the sheet listed first in the workbook, whatever the part numbers, and reports progress to 1', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Data').addRow(['code', 'name']);
    workbook.getWorksheet('Data')?.addRow(['A1', 'first']);
    workbook.addWorksheet('Options').addRow(['not', 'this']);
    // Swap the two sheet parts: the first tab's rows now live in sheet2.xml.
    const zip = await JSZip.loadAsync(await workbook.xlsx.writeBuffer());
    const one = await zip.file('xl/worksheets/sheet1.xml')!.async('nodebuffer');
    const two = await zip.file('xl/worksheets/sheet2.xml')!.async('nodebuffer');
    zip.file('xl/worksheets/sheet1.xml', two);
    zip.file('xl/worksheets/sheet2.xml', one);
    const rels = await zip.file('xl/_rels/workbook.xml.rels')!.async('string');
    zip.file(
      'xl/_rels/workbook.xml.rels',
      rels
        .replace('worksheets/sheet1.xml', 'worksheets/sheetX.xml')
        .replace('worksheets/sheet2.xml', 'worksheets/sheet1.xml')
        .replace('worksheets/sheetX.xml', 'worksheets/sheet2.xml'),
    );
    const path = join(work, 'swapped.xlsx');
    writeFileSync(path, await zip.generateAsync({ type: 'nodebuffer' }));
    const shares: number[] = [];
    expect(await rows(path, (s) => shares.push(s))).toEqual([
      ['code', 'name'],
      ['A1', 'first'],
    ]);
    expect(shares.at(-1)).toBe(1);
  });

  it('streams a long sheet in order, stops the parse when the loop is left early, and reads again after', async () => {
    const path = join(work, 'long.xlsx');
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path });
    const sheet = writer.addWorksheet('Data');
    for (let i = 1; i <= 5000; i++) sheet.addRow([`R${i}`, i]).commit();
    sheet.commit();
    await writer.commit();

    const all = await rows(path);
    expect(all).toHaveLength(5000);
    expect(all.map((r) => r[1])).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));

    const firstTen: unknown[] = [];
    for await (const row of firstSheetRows(path)) {
      firstTen.push(row.values[1]);
      if (firstTen.length === 10) break;
    }
    expect(firstTen).toEqual(Array.from({ length: 10 }, (_, i) => `R${i + 1}`));
    expect(await rows(path)).toEqual(all);
  });

  it('gives back the exact text of long decimals an export wrote as number cells, across chunks', async () => {
    const path = join(work, 'decimals.xlsx');
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer = openXlsxWriter(out, 'Export', [
      { header: 'Code', key: 'code', width: 12 },
      { header: 'Qty', key: 'qty', width: 12, decimal: true },
    ]);
    const long = [
      '1234567890123.12345',
      '-99999999999999.99999',
      '1234567890123456789',
      '0.1234567890123456',
    ];
    const values = Array.from({ length: 6000 }, (_, i) => (i % 7 === 0 ? long[i % 4] : `${i}.${i % 10}5`));
    await writer.rows(values.map((v, i) => [`R${i}`, v]));
    await writer.end();
    writeFileSync(path, Buffer.concat(chunks));
    const read = await rows(path);
    expect(read[0]).toEqual(['Code', 'Qty']);
    // Up to 15 significant digits a float holds the value exactly; longer ones come back as their text.
    expect(read.slice(1).map((r) => String(r[1]))).toEqual(values);
    expect(read.slice(1).filter((r) => typeof r[1] === 'string')).toHaveLength(
      values.filter((_v, i) => i % 7 === 0).length,
    );
  });

  it('reads an old binary .xls as the same sheet saved as .xlsx: formulas, dates, numbers, text', async () => {
    // LibreOffice saved one sheet twice (scripts/make-import-fixtures.ts).
    const plainRows = async (path: string) =>
      (await rows(path)).map((r) =>
        r.map((v) => (v && typeof v === 'object' && 'result' in v ? v.result : v)),
      );
    const xls = await plainRows(fixture('legacy.xls'));
    expect(xls).toEqual(await plainRows(fixture('legacy.xlsx')));
    const [, first, second] = xls;
    // Text computed by a formula, a number computed (0.1 + 0.2, as a spreadsheet shows it), a typed
    // date and one computed (=G2+30), as UTC dates.
    expect(first.slice(0, 2)).toEqual(['0099', 'Legacy one']);
    expect(first.slice(6, 9)).toEqual([
      new Date('2025-01-01T00:00:00Z'),
      new Date('2025-01-31T00:00:00Z'),
      0.3,
    ]);
    expect(second[4]).toBe('total 3.0');
  });

  it('throws for a file that is not a workbook, and the next workbook still reads', async () => {
    const path = join(work, 'not-a-workbook.xlsx');
    writeFileSync(path, 'plain text, not a zip');
    await expect(rows(path)).rejects.toThrow();
    expect(await rows(fixture('good.xlsx'))).not.toHaveLength(0);
  });
});
