// The pieces of the content check that read hostile bytes: file names, zip directories and OLE
// compound files. Malformed, truncated or looping input must come back as "not this kind", never hang
// or throw.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { doc, xls } from '../../tests/support/file-fixtures.js';
import { cfbStreamNames } from './cfb.js';
import { extensionOf } from './kinds.js';
import { cleanFileName } from './names.js';
import { zipEntryNames } from './zip.js';

const reader = (b: Buffer) => async (start: number, end: number) => b.subarray(start, end);

describe('file names', () => {
  it('keeps the last path segment without control characters, bidi overrides or leading dots', () => {
    expect(cleanFileName('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(cleanFileName('C:\\Users\\x\\report.pdf')).toBe('report.pdf');
    expect(cleanFileName('a\u0000b\r\n.txt')).toBe('ab.txt');
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('  ..hidden.pdf ')).toBe('hidden.pdf');
    expect(cleanFileName('送货单.pdf')).toBe('送货单.pdf');
    expect(cleanFileName('../')).toBe('');
  });

  it('cuts a long name to 255 characters and keeps its extension', () => {
    const name = cleanFileName(`${'名'.repeat(300)}.xlsx`);
    expect([...name]).toHaveLength(255);
    expect(extensionOf(name)).toBe('xlsx');
  });

  it('takes the extension after the last dot, lower case', () => {
    expect(extensionOf('a.tar.PDF')).toBe('pdf');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('.pdf')).toBe('');
  });
});

describe('zip directories', () => {
  it('lists the entries of a real zip', async () => {
    const zip = new JSZip();
    zip.file('AndroidManifest.xml', 'x');
    zip.file('classes.dex', 'y');
    const b = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(await zipEntryNames(reader(b), b.length)).toEqual(['AndroidManifest.xml', 'classes.dex']);
  });

  it('answers undefined for truncated or garbage bytes', async () => {
    const zip = new JSZip();
    zip.file('a.txt', 'hello');
    const b = await zip.generateAsync({ type: 'nodebuffer' });
    const cut = b.subarray(0, b.length - 10);
    expect(await zipEntryNames(reader(cut), cut.length)).toBeUndefined();
    const garbage = Buffer.alloc(4096, 0x50);
    expect(await zipEntryNames(reader(garbage), garbage.length)).toBeUndefined();
    // An end record pointing past itself.
    const bad = Buffer.from(b);
    bad.writeUInt32LE(0x7fffffff, bad.length - 6);
    expect(await zipEntryNames(reader(bad), bad.length)).toBeUndefined();
  });
});

describe('OLE compound files', () => {
  it('names the streams of a .doc and an .xls', async () => {
    const d = doc();
    expect(await cfbStreamNames(reader(d), d.length)).toEqual(['WordDocument']);
    const x = xls();
    expect(await cfbStreamNames(reader(x), x.length)).toEqual(['Workbook']);
  });

  it('refuses a directory chain that loops or points outside the file', async () => {
    const looping = doc();
    // FAT entry of the directory sector (1) points back at itself.
    looping.writeUInt32LE(1, 512 + 4);
    expect(await cfbStreamNames(reader(looping), looping.length)).toBeUndefined();
    const outside = doc();
    outside.writeUInt32LE(99_999, 0x30);
    expect(await cfbStreamNames(reader(outside), outside.length)).toBeUndefined();
    const truncated = doc().subarray(0, 700);
    expect(await cfbStreamNames(reader(truncated), truncated.length)).toBeUndefined();
  });
});
