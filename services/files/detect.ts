// Does the content agree with the extension? Checked twice: on the first bytes, before anything is
// stored (a program renamed .pdf is refused there), and on the stored whole for the kinds whose proof
// lies further in (the directory of an Office or Android package, the end of a text).
import { fileTypeFromBlob, fileTypeFromBuffer } from 'file-type/node';
import { cfbStreamNames } from './cfb.js';
import { FILE_KINDS, type FileExt } from './kinds.js';
import type { ContentReader } from './store.js';
import { zipEntryNames } from './zip.js';

/** Enough for `file-type` to name every binary kind we accept from the start of a file. */
export const HEAD_BYTES = 64 * 1024;

const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** The first bytes (up to HEAD_BYTES, or the whole file when smaller) agree with the extension. */
export async function headAgrees(ext: FileExt, head: Buffer): Promise<boolean> {
  const rule = FILE_KINDS[ext].rule;
  switch (rule.kind) {
    case 'binary': {
      const found = await fileTypeFromBuffer(head);
      return !!found && rule.detected.includes(found.ext);
    }
    case 'text':
      // The text check runs on every piece as it arrives (TextCheck).
      return true;
    case 'cfb':
      return head.subarray(0, 8).equals(CFB_MAGIC);
    case 'ooxml':
    case 'zip':
      return head.subarray(0, 4).equals(ZIP_MAGIC);
  }
}

/** The stored whole agrees with the extension (after headAgrees). */
export async function contentAgrees(ext: FileExt, reader: ContentReader): Promise<boolean> {
  const rule = FILE_KINDS[ext].rule;
  const read = (start: number, end: number) => reader.read(start, end);
  switch (rule.kind) {
    case 'binary':
    case 'text':
      return true;
    case 'cfb': {
      const names = await cfbStreamNames(read, reader.size);
      return !!names?.some((n) => rule.streams.includes(n));
    }
    case 'zip': {
      const names = await zipEntryNames(read, reader.size);
      return !!names && rule.entries.every((entry) => names.some((n) => entry.test(n)));
    }
    case 'ooxml': {
      // A well-formed package (its directory readable, its content types present) whose main part is
      // exactly this kind: a .docx renamed .xlsx, or a macro-enabled .docm renamed .docx, is refused.
      const names = await zipEntryNames(read, reader.size);
      if (!names?.includes('[Content_Types].xml')) return false;
      const found = await fileTypeFromBlob(storedBlob(reader));
      return found?.ext === rule.detected;
    }
  }
}

/**
 * The stored content as the part of a Blob that `file-type` reads (size and byte ranges), so it reads
 * a zip by its central directory: packages written with data descriptors (JSZip, many Office writers)
 * cannot be read front to back.
 */
function storedBlob(reader: ContentReader): Blob {
  const slice = (start = 0, end = reader.size) => ({
    arrayBuffer: async () => {
      const bytes = await reader.read(start, end);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
    },
  });
  return { size: reader.size, type: '', slice } as unknown as Blob;
}

/** Valid UTF-8 without NUL, checked piece by piece as the upload arrives. */
export class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private failed = false;

  /** False as soon as the text so far cannot be UTF-8 text. */
  push(piece: Buffer): boolean {
    if (this.failed) return false;
    try {
      if (piece.includes(0)) throw new Error('NUL');
      this.decoder.decode(piece, { stream: true });
    } catch {
      this.failed = true;
    }
    return !this.failed;
  }

  /** False when the text ends inside a character. */
  end(): boolean {
    if (this.failed) return false;
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}
