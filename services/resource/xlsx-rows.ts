// The rows of a workbook's first sheet, streamed, read through the zip's central directory.
//
// exceljs's streaming WorkbookReader reads the zip in one forward pass and, on Node 18 and later,
// sometimes loses an entry of that pass (exceljs issues #683 and #3064): a sheet is then read without
// its shared strings and every text cell comes back as {sharedString: n}. Here each part is opened
// by its offset in the central directory, in the order the sheet needs them (relationships, workbook,
// shared strings, styles, then the sheet), and exceljs's own part readers parse them; the sheet is
// still consumed row by row, so memory holds the shared strings, never the rows.
import { createRequire } from 'node:module';
import { Transform } from 'node:stream';
import ExcelJS from 'exceljs';

interface ZipFile {
  path: string;
  uncompressedSize: number;
  stream(): NodeJS.ReadableStream;
}

// unzipper is exceljs's own zip reader (it ships no types); only its central-directory reader is used.
const unzipper = createRequire(import.meta.url)('unzipper') as {
  Open: { file(path: string): Promise<{ files: ZipFile[] }> };
};

/** The part readers of exceljs's WorkbookReader, driven here in a fixed order. */
interface PartReaders {
  _parseRels(stream: NodeJS.ReadableStream): Promise<void>;
  _parseWorkbook(stream: NodeJS.ReadableStream): Promise<void>;
  _parseSharedStrings(stream: NodeJS.ReadableStream): AsyncIterable<unknown>;
  _parseStyles(stream: NodeJS.ReadableStream): Promise<void>;
  _parseWorksheet(
    stream: AsyncIterable<unknown>,
    sheetNo: string,
  ): Iterable<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
}

export interface SheetRow {
  number: number;
  values: unknown[];
}

/** The sheet part the workbook lists first (its tab order), else the lowest-numbered one. */
function firstSheetPath(reader: PartReaders, files: ZipFile[]): string | undefined {
  const first = reader.model?.sheets?.[0];
  const rel = first && reader.workbookRels?.find((r) => r.Id === first.rId);
  const target = rel?.Target.replace(/^\/?(xl\/)?/, 'xl/');
  if (target && files.some((f) => f.path === target)) return target;
  return files
    .map((f) => f.path)
    .filter((p) => /^xl\/worksheets\/sheet\d+\.xml$/.test(p))
    .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]))[0];
}

/**
 * The rows of the first sheet; `onProgress` gets the share of the sheet read so far (0 to 1).
 * A file that is not a readable workbook throws.
 */
export async function* firstSheetRows(
  path: string,
  onProgress: (share: number) => void = () => {},
): AsyncGenerator<SheetRow> {
  const { files } = await unzipper.Open.file(path);
  const part = (name: string) => files.find((f) => f.path === name);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    entries: 'ignore',
  }) as unknown as PartReaders;
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
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      read += chunk.length;
      onProgress(Math.min(1, read / size));
      done(null, chunk);
    },
  });
  const sheetNo = /sheet(\d+)\.xml$/.exec(sheet.path)?.[1] ?? '1';
  const stream = sheet.stream().pipe(meter);
  for (const { value } of reader._parseWorksheet(stream as AsyncIterable<unknown>, sheetNo)) {
    for await (const row of value) yield { number: row.number, values: (row.values as unknown[]) ?? [] };
  }
}
