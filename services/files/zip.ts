// The names in a zip's central directory (APPNOTE 4.3.12-4.3.16), read by byte range: the end record
// in the last 64 KiB, then the directory it points to. Nothing is decompressed. A file whose end record
// or directory is missing or points outside the file is not a zip.

export type ReadRange = (start: number, end: number) => Promise<Buffer>;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
/** Far more than any document or app package needs; a larger directory is refused, not read. */
const MAX_DIRECTORY = 16 * 1024 * 1024;

/** Entry names, or undefined when the bytes are not a readable (non-zip64) zip. */
export async function zipEntryNames(read: ReadRange, size: number): Promise<string[] | undefined> {
  if (size < EOCD_MIN) return undefined;
  const tailStart = Math.max(0, size - EOCD_MIN - MAX_COMMENT);
  const tail = await read(tailStart, size);
  let at = -1;
  for (let i = tail.length - EOCD_MIN; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD && i + EOCD_MIN + tail.readUInt16LE(i + 20) === tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) return undefined;
  const entries = tail.readUInt16LE(at + 10);
  const dirSize = tail.readUInt32LE(at + 12);
  const dirOffset = tail.readUInt32LE(at + 16);
  // Zip64 (more than 65535 entries or 4 GB) is beyond every kind we accept.
  if (entries === 0xffff || dirSize === 0xffffffff || dirOffset === 0xffffffff) return undefined;
  if (dirSize > MAX_DIRECTORY || dirOffset + dirSize > tailStart + at) return undefined;
  const dir = await read(dirOffset, dirOffset + dirSize);
  if (dir.length !== dirSize) return undefined;
  const names: string[] = [];
  let p = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > dir.length || dir.readUInt32LE(p) !== CENTRAL) return undefined;
    const nameLength = dir.readUInt16LE(p + 28);
    const extraLength = dir.readUInt16LE(p + 30);
    const commentLength = dir.readUInt16LE(p + 32);
    const end = p + 46 + nameLength;
    if (end > dir.length) return undefined;
    names.push(dir.toString('utf8', p + 46, end));
    p = end + extraLength + commentLength;
  }
  return names;
}
