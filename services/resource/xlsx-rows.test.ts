import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';
import { firstSheetRows } from './xlsx-rows';

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
});
