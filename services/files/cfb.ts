// The stream names of an OLE compound file ([MS-CFB]), the container of the binary Office formats:
// a .doc holds a 'WordDocument' stream, an .xls a 'Workbook' (or the older 'Book'). Read by byte
// range: the header, the sectors of the directory chain and only the FAT sectors that chain needs.
// Anything out of bounds, looping or malformed means "not a compound file".
import type { ReadRange } from './zip.js';

const MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const END_OF_CHAIN = 0xfffffffe;
const MAX_REGULAR = 0xfffffffa;
const HEADER_DIFAT = 109;
/** More directory sectors than any real document has (each holds 4 or 32 entries). */
const MAX_DIRECTORY_SECTORS = 4096;
const STREAM = 2;

export async function cfbStreamNames(read: ReadRange, size: number): Promise<string[] | undefined> {
  if (size < 512) return undefined;
  const header = await read(0, 512);
  if (!header.subarray(0, 8).equals(MAGIC)) return undefined;
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return undefined;
  const sectorSize = 1 << shift;
  const sectorCount = Math.ceil((size - sectorSize) / sectorSize);
  const fatSectors = header.readUInt32LE(0x2c);
  const firstDir = header.readUInt32LE(0x30);
  let difatNext = header.readUInt32LE(0x44);
  const perSector = sectorSize / 4;
  if (fatSectors > sectorCount) return undefined;

  const sector = async (n: number): Promise<Buffer | undefined> => {
    if (n > MAX_REGULAR || n >= sectorCount) return undefined;
    const start = (n + 1) * sectorSize;
    const data = await read(start, start + sectorSize);
    return data.length === sectorSize ? data : undefined;
  };

  // Where each FAT sector is: the first 109 in the header, the rest in the DIFAT chain (read lazily).
  const difat: number[] = [];
  for (let i = 0; i < HEADER_DIFAT; i++) difat.push(header.readUInt32LE(0x4c + i * 4));
  const fatSectorNo = async (index: number): Promise<number | undefined> => {
    if (index >= fatSectors) return undefined;
    let guard = 0;
    while (index >= difat.length) {
      if (difatNext > MAX_REGULAR || ++guard > sectorCount) return undefined;
      const data = await sector(difatNext);
      if (!data) return undefined;
      for (let i = 0; i < perSector - 1; i++) difat.push(data.readUInt32LE(i * 4));
      difatNext = data.readUInt32LE((perSector - 1) * 4);
    }
    return difat[index];
  };
  const next = async (n: number): Promise<number | undefined> => {
    const fatNo = await fatSectorNo(Math.floor(n / perSector));
    if (fatNo === undefined) return undefined;
    const fat = await sector(fatNo);
    return fat?.readUInt32LE((n % perSector) * 4);
  };

  const names: string[] = [];
  const seen = new Set<number>();
  let current = firstDir;
  while (current !== END_OF_CHAIN) {
    if (seen.has(current) || seen.size >= MAX_DIRECTORY_SECTORS) return undefined;
    seen.add(current);
    const data = await sector(current);
    if (!data) return undefined;
    for (let at = 0; at < sectorSize; at += 128) {
      const nameBytes = data.readUInt16LE(at + 0x40);
      if (data[at + 0x42] !== STREAM || nameBytes < 2 || nameBytes > 64) continue;
      names.push(data.toString('utf16le', at, at + nameBytes - 2));
    }
    const following = await next(current);
    if (following === undefined) return undefined;
    current = following;
  }
  return names;
}
