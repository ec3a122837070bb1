// The xlsx of an export, written on a worker thread (see xlsx-writer.ts): rows arrive in batches, the
// workbook's bytes go back as they are made. exceljs's streaming writer keeps only the current rows.
//
// Plain JavaScript on purpose: a worker thread starts without the TypeScript loader of its parent
// (tsx, vitest), so this file must run on Node as it is. It needs only exceljs.
import { PassThrough } from 'node:stream';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

let workbook;
let sheet;
let finished;
/** Indexes of the columns holding exact decimals (SheetColumn.decimal). */
let decimals = [];

// exceljs gives every new cell a style object of its own and works each one's style id out afresh
// (rendering the style as XML to look it up): about half the time of writing a row. A cell given one
// of these shared objects is looked up once, since exceljs remembers the objects it has seen. Times
// show with their time of day, not exceljs's default month-day-year.
const PLAIN = {};
const DATE_TIME = { numFmt: 'yyyy-mm-dd hh:mm:ss' };
const styleOf = (cell) => {
  cell.style = cell.value instanceof Date ? DATE_TIME : PLAIN;
};

// An exact decimal (canonical text, engine/core/decimal.ts) is written as a number cell whose value is
// that very text, so the spreadsheet can sum it and the file holds every digit: exceljs would write
// a JavaScript number's own text, which drops the digits after the 15th to 17th.
const DECIMAL = /^-?\d+(\.\d+)?$/;
function exactNumber(row, index, text) {
  if (typeof text !== 'string' || !DECIMAL.test(text)) return;
  const cell = row.getCell(index + 1);
  cell.model = { address: cell.address, type: ExcelJS.ValueType.Number, value: text, style: PLAIN };
}

function start({ sheetName, columns }) {
  decimals = columns.flatMap((c, i) => (c.decimal ? [i] : []));
  const out = new PassThrough();
  // Copies: a small Buffer may share Node's pool, which must not travel to the other thread.
  out.on('data', (chunk) => parentPort.postMessage({ bytes: new Uint8Array(chunk) }));
  finished = new Promise((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map(({ header, key, width }) => ({ header, key, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
}

async function end() {
  sheet.commit();
  await workbook.commit();
  await finished;
}

parentPort.on('message', (message) => {
  try {
    if (message.start) {
      start(message.start);
    } else if (message.rows) {
      for (const values of message.rows) {
        const row = sheet.addRow(values);
        row.eachCell(styleOf);
        for (const index of decimals) exactNumber(row, index, values[index]);
        row.commit();
      }
      parentPort.postMessage({ wrote: message.rows.length });
    } else if (message.end) {
      end().then(
        () => parentPort.postMessage({ done: true }),
        (error) => parentPort.postMessage({ error: String(error?.message ?? error) }),
      );
    }
  } catch (error) {
    parentPort.postMessage({ error: String(error?.message ?? error) });
  }
});
