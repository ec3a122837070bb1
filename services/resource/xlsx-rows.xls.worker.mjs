// The parse of an old binary .xls workbook's first sheet (BIFF8, Excel 97-2003, and BIFF5), on a
// worker thread of its own, with SheetJS (the maintained build published as @e965/xlsx). SheetJS reads
// a whole workbook at once, so this thread is started for one file with a bounded heap
// (xlsx-rows.ts): a workbook that would take more memory stops it and is refused as one that expands
// too far, as an .xlsx zip bomb is; the file itself is at most the import's 50 MB, and an .xls has at
// most 65,536 rows.
//
// The rows go to the importing thread in the same shape and chunks as the .xlsx reader's, with the
// same window: row numbers from 1, values from index 1; text as text, numbers as numbers, a formula as
// the result the file holds for it, a number in a date format as the UTC date (the .xlsx reader's rule),
// a number to the 15 significant digits a spreadsheet keeps, errors and empty cells as null. So the
// same sheet saved as .xls or as .xlsx gives the same rows.
//
// Plain JavaScript on purpose: a worker thread starts without the TypeScript loader of its parent.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

// The CommonJS build loads its code pages itself (a BIFF5 file's text is in the workbook's code page).
const XLSX = createRequire(import.meta.url)('@e965/xlsx');
const { path, chunkRows, window } = workerData;
/** .xls sheets end at row 65,536; one more row read means a malformed file, not a longer sheet. */
const MAX_ROWS = 65_537;
const DAY_MS = 86_400_000;

let taken = 0;
let sent = 0;
let wake = () => {};
parentPort.on('message', (message) => {
  if (message === 'take') {
    taken++;
    wake();
  }
});
async function room() {
  while (sent - taken >= window) await new Promise((resolve) => (wake = resolve));
}

/** A date serial as exceljs reads it: days since 1899-12-30 (or 1904-01-01), as a UTC date. */
function serialDate(serial, date1904) {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * DAY_MS));
}

function cellValue(cell, date1904) {
  if (!cell) return null;
  switch (cell.t) {
    case 's':
      return cell.v;
    case 'b':
      return Boolean(cell.v);
    case 'n':
      if (typeof cell.v !== 'number' || !Number.isFinite(cell.v)) return null;
      if (cell.z && XLSX.SSF.is_date(cell.z)) return serialDate(cell.v, date1904);
      // A binary .xls holds the double itself (0.1 + 0.2 computed is 0.30000000000000004); an .xlsx
      // holds it as text, which spreadsheets write to their 15 significant digits: read both alike.
      return Number(cell.v.toPrecision(15));
    case 'd':
      return cell.v instanceof Date ? cell.v : null;
    default:
      // 'e' (an error such as #DIV/0!) and 'z' (a blank cell): no value.
      return null;
  }
}

async function parse() {
  let book;
  try {
    book = XLSX.read(await readFile(path), {
      type: 'buffer',
      dense: true,
      sheets: 0,
      sheetRows: MAX_ROWS,
      cellNF: true,
      cellDates: false,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
    });
  } catch (error) {
    // Password-protected, damaged or a format SheetJS does not read: a workbook we cannot read.
    parentPort.postMessage({ error: String(error?.message ?? error), code: 'importXls' });
    return;
  }
  const sheet = book.Sheets[book.SheetNames[0]];
  const data = sheet?.['!data'] ?? [];
  const date1904 = Boolean(book.Workbook?.WBProps?.date1904);
  let rows = [];
  const post = async (share) => {
    parentPort.postMessage({ rows, share });
    sent++;
    rows = [];
    await room();
  };
  for (let r = 0; r < data.length; r++) {
    const cells = data[r];
    if (!cells?.length) continue;
    const values = [];
    for (let c = 0; c < cells.length; c++) {
      const value = cellValue(cells[c], date1904);
      if (value !== null) values[c + 1] = value;
    }
    if (!values.length) continue;
    rows.push({ number: r + 1, values });
    if (rows.length >= chunkRows) await post(Math.min(1, (r + 1) / data.length));
  }
  await post(1);
  parentPort.postMessage({ done: true });
}

parse().catch((error) => parentPort.postMessage({ error: String(error?.message ?? error) }));
