// Is an uploaded file a workbook we may read? Decided by its content, not its name: an old binary
// .xls is an OLE compound file holding a 'Workbook' (or, before Excel 97, 'Book') stream, read by
// xlsx-rows.ts on a worker thread of its own; another compound file (a password-protected .xlsx is
// one) is refused with its own message. Anything else that is not an OOXML zip with a workbook part
// is refused, and a zip whose parts would expand far beyond a real spreadsheet (a
// decompression bomb) is refused from its central directory before one byte is inflated. The
// directory's sizes are only what the file claims, so every part is then inflated once and its real
// bytes counted: a part that inflates past its declared size, or parts past the limit in all, stop
// the reading at once and are refused. No spreadsheet part needs a document type declaration, so an
// XML part that declares one (entities are how XML expands) is refused as well.
import { open, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { AppError } from '../errors.js';
import { cfbStreamNames } from '../files/cfb.js';

// unzipper (exceljs's own zip reader) ships no types; only its central-directory reader is used.
const unzipper = createRequire(import.meta.url)('unzipper') as {
  Open: { file(path: string): Promise<{ files: ZipEntry[] }> };
};

/** Text that starts a document type declaration or an entity declaration in XML. */
const DECLARATIONS = ['<!DOCTYPE', '<!ENTITY'];
const XML_PART = /\.(xml|rels|vml)$/i;

/** Spec 000 section 5: at most 50 MB. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** A real 50 MB workbook expands to a few hundred MB of XML; far beyond that is a bomb. */
const MAX_EXPANDED_BYTES = 1536 * 1024 * 1024;
/** Sheet XML compresses 10 to 30 times; a large part squeezed more than this is padding. */
const MAX_RATIO = 200;
const RATIO_FROM_BYTES = 8 * 1024 * 1024;
const MAX_ENTRIES = 5000;

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

export const IMPORT_EXTENSIONS = ['.xls', '.xlsx'] as const;

export function checkImportName(fileName: string): void {
  const lower = fileName.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((ext) => lower.endsWith(ext))) throw new AppError('importFileType');
}

interface ZipEntry {
  path: string;
  type: 'File' | 'Directory';
  compressedSize: number;
  uncompressedSize: number;
  stream(): NodeJS.ReadableStream & AsyncIterable<Buffer>;
}

/** The streams of an .xls that hold its sheets: BIFF8 (Excel 97 and later), BIFF5 (Excel 5 and 95). */
const XLS_STREAMS = ['Workbook', 'Book'];

/** An .xls: a compound file with a workbook stream; a compound file without one is refused. */
async function checkXls(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const size = (await stat(path)).size;
    const read = async (start: number, end: number) => {
      const length = Math.max(0, Math.min(end, size) - start);
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, start);
      return buffer.subarray(0, bytesRead);
    };
    const names = await cfbStreamNames(read, size);
    if (!names) throw new AppError('importNotSpreadsheet');
    if (names.includes('EncryptedPackage')) throw new AppError('importXls');
    if (!names.some((n) => XLS_STREAMS.includes(n))) throw new AppError('importNotSpreadsheet');
  } finally {
    await handle.close();
  }
}

/** Checks an uploaded workbook; answers which kind it is. */
export async function checkWorkbookFile(path: string): Promise<'xls' | 'xlsx'> {
  const handle = await open(path, 'r');
  const head = Buffer.alloc(8);
  try {
    await handle.read(head, 0, 8, 0);
  } finally {
    await handle.close();
  }
  if (head.equals(OLE2)) {
    await checkXls(path);
    return 'xls';
  }
  if (!head.subarray(0, 4).equals(ZIP)) throw new AppError('importNotSpreadsheet');
  let files: ZipEntry[];
  try {
    files = (await unzipper.Open.file(path)).files;
  } catch {
    throw new AppError('importNotSpreadsheet');
  }
  const names = new Set(files.map((f) => f.path));
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml'))
    throw new AppError('importNotSpreadsheet');
  if (files.length > MAX_ENTRIES) throw new AppError('importBomb');
  let expanded = 0;
  for (const f of files) {
    expanded += f.uncompressedSize;
    if (
      f.uncompressedSize > RATIO_FROM_BYTES &&
      f.uncompressedSize > MAX_RATIO * Math.max(1, f.compressedSize)
    )
      throw new AppError('importBomb');
    // 0xFFFFFFFF: a zip64 size we do not read; no real spreadsheet part comes close to 4 GB.
    if (f.uncompressedSize >= 0xffffffff) throw new AppError('importBomb');
  }
  if (expanded > MAX_EXPANDED_BYTES) throw new AppError('importBomb');
  await inflateCounting(files);
  return 'xlsx';
}

/** Inflates every part once, counting real bytes and looking for declarations in the XML parts. */
async function inflateCounting(files: ZipEntry[]): Promise<void> {
  let total = 0;
  for (const f of files) {
    if (f.type === 'Directory') continue;
    const xml = XML_PART.test(f.path);
    let seen = 0;
    let tail = '';
    try {
      for await (const chunk of f.stream()) {
        seen += chunk.length;
        total += chunk.length;
        if (seen > f.uncompressedSize || total > MAX_EXPANDED_BYTES) throw new AppError('importBomb');
        if (xml) {
          const text = tail + chunk.toString('latin1');
          if (DECLARATIONS.some((d) => text.includes(d))) throw new AppError('importDtd');
          tail = text.slice(-8);
        }
      }
    } catch (err) {
      if (err instanceof AppError) throw err;
      // A part that cannot be inflated (a corrupt or unsupported stream) is not a workbook we read.
      throw new AppError('importNotSpreadsheet');
    }
  }
}
