// The annotated copy of a checked workbook, for download: the uploaded sheet as it was, each bad cell
// filled red with the reasons in a last column "Errors", and each field an update would change filled
// amber with "field: old → new" in a column "Changes" before it. Written as a stream (exceljs), from a
// second read of the file, so memory holds the errors and one short string per changed row.
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CallContext } from '../registry.js';
import { escapeCell } from './export.js';
import { plain } from './import-cells.js';
import { type Checker, type RowError, unpackChanges } from './import-check.js';
import { firstSheetRows } from './xlsx-rows.js';

const ERROR_FILL = 'FFFFC7CE';
const ERROR_TEXT = 'FF9C0006';
const CHANGE_FILL = 'FFFFEB9C';
const CHANGE_TEXT = 'FF7F6000';

export const isEmptyRow = (values: unknown[]) =>
  values.every((v) => {
    const p = plain(v);
    return p === null || (typeof p === 'string' && p.trim() === '');
  });

/** Is there anything to annotate: errors, or fields an update changes. */
export const hasAnnotations = (c: Checker) => c.errors.length > 0 || c.changes.size > 0;

const shown = (value: unknown) => {
  const p = plain(value);
  if (p instanceof Date) return p.toISOString().slice(0, 10);
  return p === null || p === undefined ? '' : String(p);
};

export async function annotate(path: string, c: Checker, t: CallContext['t']): Promise<Buffer> {
  const byRow = new Map<number, RowError[]>();
  for (const e of c.errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e]);
  const labelIndex = new Map([...c.header].map(([index, column]) => [column.label, index]));
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Import');
  let changeColumn = 0;
  let errorColumn = 0;
  let headerRow = 0;
  const fill = (argb: string) => ({ type: 'pattern' as const, pattern: 'solid' as const, fgColor: { argb } });
  for await (const row of firstSheetRows(path)) {
    const values = row.values.map((v) => escapeCell(plain(v)));
    if (!headerRow && !isEmptyRow(row.values)) {
      headerRow = row.number;
      // row.values is 1-based: index 0 is always empty.
      let width = Math.max(values.length - 1, ...c.header.keys());
      if (c.changes.size) {
        changeColumn = ++width;
        values[changeColumn] = t('import.changesColumn');
      }
      if (c.errors.length) {
        errorColumn = ++width;
        values[errorColumn] = t('import.errorColumn');
      }
      const written = sheet.getRow(row.number);
      written.values = values as ExcelJS.CellValue[];
      written.font = { bold: true };
      written.commit();
      continue;
    }
    const errors = byRow.get(row.number);
    const packed = c.changes.get(row.number);
    const changes = packed ? unpackChanges(packed) : [];
    if (errors) values[errorColumn] = errors.map((e) => `${e.column}: ${e.reason}`).join('\n');
    if (changes.length)
      values[changeColumn] = changes
        .map((ch) => {
          const label = c.header.get(ch.index)?.label ?? '';
          const now = ch.cleared ? t('import.cleared') : shown(row.values[ch.index]);
          return `${label}: ${ch.old ?? t('import.empty')} → ${now}`;
        })
        .join('\n');
    const written = sheet.getRow(row.number);
    written.values = values as ExcelJS.CellValue[];
    for (const ch of changes) written.getCell(ch.index).fill = fill(CHANGE_FILL);
    if (changes.length) written.getCell(changeColumn).font = { color: { argb: CHANGE_TEXT } };
    if (errors) {
      for (const e of errors) {
        const index = labelIndex.get(e.column);
        if (index !== undefined) written.getCell(index).fill = fill(ERROR_FILL);
      }
      written.getCell(errorColumn).font = { color: { argb: ERROR_TEXT } };
    }
    written.commit();
  }
  if (changeColumn) sheet.getColumn(changeColumn).width = 50;
  if (errorColumn) sheet.getColumn(errorColumn).width = 60;
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}
