// Small real files of every kind an upload accepts, and the disguised ones it must refuse. The JPEGs
// are committed (tests/fixtures/files, encoded by Chromium's canvas); the rest are written here by the
// libraries that write such files for real (pdfkit, exceljs, JSZip) or, for the binary Office
// format, by a compound-file writer that follows [MS-CFB].
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import PDFDocument from 'pdfkit';

const DIR = fileURLToPath(new URL('../fixtures/files/', import.meta.url));

/** A 16×16 JPEG. */
export const jpg = (): Buffer => readFileSync(`${DIR}pixel.jpg`);
/** A 96×96 JPEG for avatars. */
export const avatarJpg = (): Buffer => readFileSync(`${DIR}avatar.jpg`);

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real PNG of `size`×`size` RGB pixels; `noise` makes it incompressible (to reach a byte size). */
export function png(size = 8, noise = false): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  let seed = 12345;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size * 3; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      row[1 + x] = noise ? seed >> 16 : (x * 7 + y * 3) & 0xff;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows), { level: noise ? 0 : 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function pdf(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A6' });
    const parts: Buffer[] = [];
    doc.on('data', (b: Buffer) => parts.push(b));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.on('error', reject);
    doc.text('Delivery note ASN-0001');
    doc.end();
  });
}

export const txt = (): Buffer => Buffer.from('Lieferschein / 送货单 / Phiếu giao hàng\r\nline 2\n', 'utf8');

export async function xlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Sheet1').addRow(['itemNo', 'qty']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const CONTENT_TYPES_NS = 'http://schemas.openxmlformats.org/package/2006/content-types';

/** A Word document with the parts Word itself needs; `main` swaps the main part's content type. */
export async function docx(
  main = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="${CONTENT_TYPES_NS}"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${main}"/></Types>`,
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  zip.file(
    'word/document.xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Quality report</w:t></w:r></w:p></w:body></w:document>',
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A macro-enabled Word document (.docm): a docx in every way but its main part's type. */
export const docm = () => docx('application/vnd.ms-word.document.macroEnabled.main+xml');

/** An Android package: a zip holding the binary manifest, compiled code and resources. */
export async function apk(): Promise<Buffer> {
  const zip = new JSZip();
  // Binary XML starts with the chunk type RES_XML_TYPE (0x0003) and its header size (0x0008).
  zip.file(
    'AndroidManifest.xml',
    Buffer.from([0x03, 0x00, 0x08, 0x00, 0x40, 0, 0, 0, ...new Array(56).fill(0)]),
  );
  zip.file('classes.dex', Buffer.concat([Buffer.from('dex\n035\0', 'latin1'), Buffer.alloc(104)]));
  zip.file('resources.arsc', Buffer.from([0x02, 0x00, 0x0c, 0x00, 0x0c, 0, 0, 0, 0, 0, 0, 0]));
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A plain zip with the name of an app package (no manifest, no code). */
export async function plainZip(): Promise<Buffer> {
  const zip = new JSZip();
  zip.file('readme.txt', 'not an app');
  return zip.generateAsync({ type: 'nodebuffer' });
}

const FREE = 0xffffffff;
const END = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;

/**
 * An OLE compound file (version 3, 512-byte sectors) holding one stream of `size` bytes: a .doc with
 * 'WordDocument', an .xls with 'Workbook'. The stream is at least 4096 bytes, so it lives in regular
 * sectors (no mini stream).
 */
export function cfb(streamName: string, size = 4096): Buffer {
  const sectors = Math.ceil(size / 512);
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 0x18); // minor version
  header.writeUInt16LE(0x0003, 0x1a); // major version 3
  header.writeUInt16LE(0xfffe, 0x1c); // byte order
  header.writeUInt16LE(9, 0x1e); // sector shift: 512
  header.writeUInt16LE(6, 0x20); // mini sector shift: 64
  header.writeUInt32LE(1, 0x2c); // one FAT sector
  header.writeUInt32LE(1, 0x30); // directory at sector 1
  header.writeUInt32LE(4096, 0x38); // mini stream cutoff
  header.writeUInt32LE(END, 0x3c); // no mini FAT
  header.writeUInt32LE(END, 0x44); // no DIFAT sectors
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE, 0x4c + i * 4);

  const fat = Buffer.alloc(512, 0xff);
  fat.writeUInt32LE(FAT_SECTOR, 0);
  fat.writeUInt32LE(END, 4);
  for (let i = 0; i < sectors; i++) fat.writeUInt32LE(i === sectors - 1 ? END : 3 + i, (2 + i) * 4);

  const dir = Buffer.alloc(512);
  const entry = (index: number, name: string, type: number, child: number, start: number, length: number) => {
    const at = index * 128;
    dir.write(name, at, 'utf16le');
    dir.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    dir[at + 0x42] = type;
    dir[at + 0x43] = 1; // black
    dir.writeUInt32LE(FREE, at + 0x44);
    dir.writeUInt32LE(FREE, at + 0x48);
    dir.writeUInt32LE(child, at + 0x4c);
    dir.writeUInt32LE(start, at + 0x74);
    dir.writeUInt32LE(length, at + 0x78);
  };
  entry(0, 'Root Entry', 5, 1, END, 0);
  entry(1, streamName, 2, FREE, 2, size);
  for (const i of [2, 3]) {
    dir.writeUInt32LE(FREE, i * 128 + 0x44);
    dir.writeUInt32LE(FREE, i * 128 + 0x48);
    dir.writeUInt32LE(FREE, i * 128 + 0x4c);
  }
  const stream = Buffer.alloc(sectors * 512);
  stream.write('\xec\xa5', 0, 'latin1'); // a Word FIB starts with wIdent 0xA5EC
  return Buffer.concat([header, fat, dir, stream]);
}

export const doc = () => cfb('WordDocument');
export const xls = () => cfb('Workbook');
/** A compound file that is neither (an installer package has other streams). */
export const otherCfb = () => cfb('SummaryInformation');

/** The start of a Windows program. */
export function exe(): Buffer {
  const b = Buffer.alloc(1024);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  b.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  return b;
}

export const html = (): Buffer =>
  Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');

/** Binary data (NUL bytes, invalid UTF-8). */
export const binary = (): Buffer => Buffer.from([0x00, 0x01, 0xff, 0xfe, 0x80, 0x81, 0x00, 0x42, 0xc3]);
