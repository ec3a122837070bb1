// The parse of one workbook's first sheet, on a worker thread (see xlsx-rows.ts for why the parts are
// read through the zip's central directory). The rows go to the importing thread in chunks; the worker
// stays at most a few chunks ahead of what that thread has taken, so memory holds a bounded window of
// rows however long the sheet is. One worker parses one workbook at a time and then waits for the next,
// so an import does not pay for starting a thread and loading exceljs.
//
// Plain JavaScript on purpose: a worker thread starts without the TypeScript loader of its parent
// (tsx, vitest), so this file must run on Node as it is. It needs only exceljs and its zip reader.
import { createRequire } from 'node:module';
import { Transform } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

const unzipper = createRequire(import.meta.url)('unzipper');
const { chunkRows, window } = workerData;

let taken = 0;
let sent = 0;
let wake = () => {};
parentPort.on('message', (message) => {
  if (message === 'take') {
    taken++;
    wake();
  } else if (typeof message?.parse === 'string') {
    taken = 0;
    sent = 0;
    parse(message.parse).then(
      () => parentPort.postMessage({ done: true }),
      (error) => parentPort.postMessage({ error: String(error?.message ?? error) }),
    );
  }
});
/** Waits until the importing thread holds fewer than `window` chunks it has not taken. */
async function room() {
  while (sent - taken >= window) await new Promise((resolve) => (wake = resolve));
}

// exceljs reads every number cell through parseFloat, which keeps 15 to 17 significant digits. A
// number cell whose text holds more (an exact decimal of up to 19 digits that an export wrote) is
// noted here, by row and column, from the sheet's XML as it streams past, and the row takes the exact
// text back in place of the float (import-cells.ts reads text exactly). Only plain number cells
// (<c r=".." [s=".."] [t="n"]><v>digits</v></c>) with more than 15 significant digits are noted.
const NUMBER_CELL = /<c r="([A-Z]{1,3})(\d+)"([^>]*)><v>(-?\d+(?:\.\d+)?)<\/v><\/c>/g;
/** Long enough to hold any cell element that a chunk's end cuts in two. */
const CARRY = 256;

const columnNumber = (letters) => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);

function significantDigits(text) {
  const digits = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '');
  return (text.includes('.') ? digits.replace(/0+$/, '') : digits).length;
}

/** A pass-through of the sheet's bytes that notes the exact text of long number cells in `exact`. */
function exactNumbers(exact, onBytes) {
  let carry = '';
  return new Transform({
    transform(chunk, _enc, done) {
      onBytes(chunk.length);
      // latin1 keeps one character per byte: the markup scanned is ASCII, and no character is cut.
      const text = carry + chunk.toString('latin1');
      let end = 0;
      NUMBER_CELL.lastIndex = 0;
      for (let m = NUMBER_CELL.exec(text); m; m = NUMBER_CELL.exec(text)) {
        end = NUMBER_CELL.lastIndex;
        const type = /\bt="([^"]*)"/.exec(m[3])?.[1];
        if ((type === undefined || type === 'n') && significantDigits(m[4]) > 15)
          exact.set(`${m[2]}:${columnNumber(m[1])}`, m[4]);
      }
      carry = text.slice(Math.max(end, text.length - CARRY));
      done(null, chunk);
    },
  });
}

// exceljs reads a number in a date format as a date, but leaves a formula's result a number: a date a
// cell computes (=A2+30) would be read as its serial. Its result is made the date here, by exceljs's own
// rules (a format with date or time letters outside quotes and brackets; days from 1899-12-30, or
// 1904-01-01, as a UTC date), so a computed date reads as a typed one, as the .xls reader does.
const isDateFormat = (format) =>
  typeof format === 'string' && /[ymdhMsb]+/.test(format.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
const serialDate = (serial, date1904) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

/** The sheet part the workbook lists first (its tab order), else the lowest-numbered one. */
function firstSheetPath(reader, files) {
  const first = reader.model?.sheets?.[0];
  const rel = first && reader.workbookRels?.find((r) => r.Id === first.rId);
  const target = rel?.Target.replace(/^\/?(xl\/)?/, 'xl/');
  if (target && files.some((f) => f.path === target)) return target;
  return files
    .map((f) => f.path)
    .filter((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))[0];
}

async function parse(path) {
  const { files } = await unzipper.Open.file(path);
  const part = (name) => files.find((f) => f.path === name);
  // exceljs's own part readers, driven in the order the sheet needs them.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  });
  const rels = part('xl/_rels/workbook.xml.rels');
  if (rels) await reader._parseRels(rels.stream());
  const workbook = part('xl/workbook.xml');
  if (workbook) await reader._parseWorkbook(workbook.stream());
  const shared = part('xl/sharedStrings.xml');
  if (shared) for await (const _ of reader._parseSharedStrings(shared.stream()));
  const styles = part('xl/styles.xml');
  if (styles) await reader._parseStyles(styles.stream());

  const sheetPath = firstSheetPath(reader, files);
  const sheet = sheetPath ? part(sheetPath) : undefined;
  if (!sheet) return;
  const size = Math.max(1, sheet.uncompressedSize);
  let read = 0;
  const exact = new Map();
  const meter = exactNumbers(exact, (bytes) => {
    read += bytes;
  });
  const sheetNo = /sheet(\d+)\.xml$/.exec(sheet.path)?.[1] ?? '1';
  let rows = [];
  const post = async () => {
    parentPort.postMessage({ rows, share: Math.min(1, read / size) });
    sent++;
    rows = [];
    await room();
  };
  const date1904 = Boolean(reader.properties?.model?.date1904);
  for (const { value } of reader._parseWorksheet(sheet.stream().pipe(meter), sheetNo)) {
    for await (const row of value) {
      const values = row.values ?? [];
      for (let column = 1; column < values.length; column++) {
        const v = values[column];
        if (typeof v?.result === 'number' && 'formula' in v && isDateFormat(row.getCell(column).numFmt))
          values[column] = { ...v, result: serialDate(v.result, date1904) };
      }
      if (exact.size)
        values.forEach((v, column) => {
          const key = `${row.number}:${column}`;
          const text = exact.get(key);
          if (text === undefined) return;
          exact.delete(key);
          if (typeof v === 'number') values[column] = text;
        });
      rows.push({ number: row.number, values });
      if (rows.length >= chunkRows) await post();
    }
  }
  read = size;
  await post();
}
