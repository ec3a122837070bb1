// The import template ({port}/downExcelTemplate), generated from the resource and its active custom
// fields: one header per importable column in the caller's language (required ones marked with *),
// text columns formatted as text so codes keep their leading zeros, date columns as dates, and every
// dictionary or dropdown column offered as a list (data validation over a hidden sheet of options).
// What an import does with the cells (engine/core/importMode.ts: an empty cell keeps a stored value,
// the marker clears it, nothing is written before the check is confirmed) is said twice: in a note on
// the first header cell and on a sheet of instructions after the data sheet (an import reads the
// first sheet only).
import ExcelJS from 'exceljs';
import { CLEAR_MARKER } from '../../engine/core/importMode.js';
import type { CallContext } from '../registry.js';
import { FIELD_TYPE } from './custom-fields.js';
import { type ImportDecl, importColumns } from './import-columns.js';

/** Rows of the template that carry the validation lists. */
const TEMPLATE_ROWS = 5000;

function columnLetter(index: number): string {
  let n = index;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export async function importTemplate(decl: ImportDecl, ctx: CallContext): Promise<Buffer> {
  const columns = await importColumns(decl, ctx);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(ctx.t('import.templateSheet'));
  const lists = workbook.addWorksheet('lists', { state: 'veryHidden' });
  sheet.columns = columns.map((c) => ({
    header: c.required ? `*${c.label}` : c.label,
    key: c.prop,
    width: Math.min(40, Math.max(14, c.label.length + 6)),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  const keyLabels = columns
    .filter((c) => decl.key.includes(c.prop))
    .map((c) => c.label)
    .join(' + ');
  const instructions = [
    ctx.t('import.instructions.key', { key: keyLabels }),
    ctx.t('import.instructions.update', { marker: CLEAR_MARKER }),
    ctx.t('import.instructions.new'),
    ctx.t('import.instructions.check'),
  ];
  if (columns.length) header.getCell(1).note = instructions.slice(1, 3).join('\n');
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  let listColumn = 0;
  columns.forEach((c, i) => {
    const index = i + 1;
    const letter = columnLetter(index);
    if (c.required) header.getCell(index).font = { bold: true, color: { argb: 'FFC00000' } };
    const column = sheet.getColumn(index);
    const isDate =
      c.field?.type === 'date' || c.field?.type === 'datetime' || c.custom?.fieldType === FIELD_TYPE.date;
    // A decimal column (and a custom number) stays text, like a code: a spreadsheet keeps what is typed
    // into a text cell to the last digit, a number cell only 15 of them (the import reads both exactly).
    const isNumber = c.field?.type === 'integer' || c.field?.type === 'number';
    if (isDate)
      column.numFmt =
        c.field?.type === 'datetime' || c.custom?.dateFormat === 'yyyy-MM-dd HH:mm:ss'
          ? 'yyyy-mm-dd hh:mm:ss'
          : 'yyyy-mm-dd';
    else if (!isNumber && !c.options) column.numFmt = '@';
    if (c.options?.length) {
      listColumn++;
      const listLetter = columnLetter(listColumn);
      c.options.forEach((o, row) => {
        lists.getCell(row + 1, listColumn).value = o.label;
      });
      // biome-ignore lint/suspicious/noExplicitAny: exceljs types dataValidations on Worksheet loosely.
      (sheet as any).dataValidations.add(`${letter}2:${letter}${TEMPLATE_ROWS}`, {
        type: 'list',
        allowBlank: !c.required,
        showErrorMessage: true,
        errorTitle: c.label,
        error: ctx.t('import.pickFromList'),
        formulae: [`lists!$${listLetter}$1:$${listLetter}$${c.options.length}`],
      });
    }
  });
  const help = workbook.addWorksheet(ctx.t('import.instructionsSheet'));
  help.getColumn(1).width = 110;
  instructions.forEach((text, i) => {
    const cell = help.getCell(i + 1, 1);
    cell.value = text;
    cell.alignment = { wrapText: true, vertical: 'top' };
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
