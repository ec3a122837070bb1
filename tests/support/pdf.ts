// Reads a PDF the way a viewer starts to: the cross-reference table must point at every object it
// lists, the page tree must count the pages it holds, and every compressed stream must inflate. On top
// of that it extracts what a test asserts on: the text of each page (through each font's ToUnicode map)
// and the filled rectangles (what barcodes are drawn of). Only the subset of PDF that pdfkit writes.
import { inflateSync } from 'node:zlib';

interface PdfObject {
  dict: string;
  stream?: Buffer;
}

export interface PdfPage {
  /** The page's text, one line per text object, in drawing order. */
  text: string;
  /** Rectangles of `re` operators, in the page's top-left user space (pdfkit flips the y axis once). */
  rects: { x: number; y: number; w: number; h: number }[];
  width: number;
  height: number;
}

export interface ParsedPdf {
  version: string;
  pages: PdfPage[];
  /** The /Count of the page tree's root. */
  pageCount: number;
  /** Image XObjects (a drawn barcode is vectors, never an image). */
  images: number;
  info: Record<string, string>;
}

function fail(problem: string): never {
  throw new Error(`not a well-formed PDF: ${problem}`);
}

function readObjects(buf: Buffer): { objects: Map<number, PdfObject>; trailer: string } {
  const tail = buf.subarray(Math.max(0, buf.length - 64)).toString('latin1');
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!m) fail('no startxref at the end');
  const xrefAt = Number(m[1]);
  const text = buf.toString('latin1');
  if (!text.startsWith('xref', xrefAt)) fail('startxref does not point at an xref table');
  const lines = text.slice(xrefAt).split(/\r?\n/);
  const objects = new Map<number, PdfObject>();
  let i = 1;
  while (/^\d+ \d+$/.test(lines[i] ?? '')) {
    const [first, count] = lines[i].split(' ').map(Number);
    i++;
    for (let k = 0; k < count; k++, i++) {
      const entry = /^(\d{10}) (\d{5}) ([nf])\s*$/.exec(lines[i] ?? '');
      if (!entry) fail(`bad xref entry ${lines[i]}`);
      if (entry[3] !== 'n') continue;
      const num = first + k;
      const at = Number(entry[1]);
      const head = `${num} ${Number(entry[2])} obj`;
      if (!text.startsWith(head, at)) fail(`object ${num} is not at offset ${at}`);
      const end = text.indexOf('endobj', at);
      if (end < 0) fail(`object ${num} has no endobj`);
      const body = text.slice(at + head.length, end);
      const streamAt = body.indexOf('stream');
      if (streamAt < 0) {
        objects.set(num, { dict: body.trim() });
        continue;
      }
      const dict = body.slice(0, streamAt).trim();
      const length = /\/Length (\d+)/.exec(dict);
      if (!length) fail(`object ${num}: a stream without a direct /Length`);
      const dataAt = at + head.length + streamAt + 'stream'.length + (body[streamAt + 6] === '\r' ? 2 : 1);
      let data = buf.subarray(dataAt, dataAt + Number(length[1]));
      if (!text.startsWith('endstream', dataAt + Number(length[1]) + 1)) fail(`object ${num}: wrong /Length`);
      if (/\/Filter \/FlateDecode/.test(dict)) data = inflateSync(data);
      objects.set(num, { dict, stream: data });
    }
  }
  if (lines[i] !== 'trailer') fail('no trailer after the xref table');
  return { objects, trailer: lines.slice(i + 1).join('\n') };
}

const ref = (dict: string, key: string): number | undefined => {
  const m = new RegExp(`/${key} (\\d+) 0 R`).exec(dict);
  return m ? Number(m[1]) : undefined;
};

/** Glyph code (4 hex digits) to text, from a ToUnicode CMap. */
function toUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const hex = (h: string) =>
    String.fromCodePoint(...(h.replace(/\s/g, '').match(/.{4}/g) ?? []).map((x) => Number.parseInt(x, 16)));
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const line of block[1].split('\n')) {
      const m = /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(\[.*\]|<[0-9a-f]+>)/i.exec(line);
      if (!m) continue;
      const start = Number.parseInt(m[1], 16);
      const end = Number.parseInt(m[2], 16);
      if (m[3].startsWith('[')) {
        const targets = [...m[3].matchAll(/<([0-9a-f\s]+)>/gi)].map((t) => t[1]);
        targets.forEach((t, k) => {
          map.set((start + k).toString(16).padStart(4, '0'), hex(t));
        });
      } else {
        const base = Number.parseInt(m[3].slice(1, -1), 16);
        for (let c = start; c <= end; c++)
          map.set(c.toString(16).padStart(4, '0'), String.fromCodePoint(base + c - start));
      }
    }
  }
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1].matchAll(/<([0-9a-f]{4})>\s*<([0-9a-f]+)>/gi))
      map.set(m[1].toLowerCase(), hex(m[2]));
  }
  return map;
}

function pageOf(objects: Map<number, PdfObject>, dict: string): PdfPage {
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(dict);
  const resourcesRef = ref(dict, 'Resources');
  const resources = resourcesRef !== undefined ? (objects.get(resourcesRef)?.dict ?? '') : dict;
  const fonts = new Map<string, Map<string, string>>();
  const fontDict = /\/Font <<([^>]*)>>/.exec(resources)?.[1] ?? '';
  for (const m of fontDict.matchAll(/\/(\w+) (\d+) 0 R/g)) {
    const font = objects.get(Number(m[2]));
    const cmapRef = font ? ref(font.dict, 'ToUnicode') : undefined;
    const cmap = cmapRef !== undefined ? objects.get(cmapRef)?.stream?.toString('latin1') : undefined;
    fonts.set(m[1], cmap ? toUnicode(cmap) : new Map());
  }
  const contentsRef = ref(dict, 'Contents');
  const content =
    (contentsRef !== undefined ? objects.get(contentsRef)?.stream : undefined)?.toString('latin1') ?? '';
  const lines: string[] = [];
  for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
    let font = new Map<string, string>();
    let line = '';
    for (const op of block[1].matchAll(/\/(\w+) [\d.]+ Tf|\[(.*?)\] TJ|<([0-9a-f]*)> Tj/gi)) {
      if (op[1]) font = fonts.get(op[1]) ?? new Map();
      const strings =
        op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-f]*)>/gi)].map((s) => s[1]) : [op[3] ?? ''];
      for (const s of strings)
        for (const code of s.match(/.{4}/g) ?? []) line += font.get(code.toLowerCase()) ?? '\ufffd';
    }
    lines.push(line);
  }
  const rects = [...content.matchAll(/(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re\b/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    w: Number(m[3]),
    h: Number(m[4]),
  }));
  return { text: lines.join('\n'), rects, width: Number(box?.[1] ?? 0), height: Number(box?.[2] ?? 0) };
}

/** Parses and checks a PDF; throws when its structure is broken. */
export function parsePdf(buf: Buffer): ParsedPdf {
  const header = /^%PDF-(\d\.\d)/.exec(buf.subarray(0, 16).toString('latin1'));
  if (!header) fail('no %PDF- header');
  const { objects, trailer } = readObjects(buf);
  const rootRef = ref(trailer, 'Root');
  const root = rootRef !== undefined ? objects.get(rootRef) : undefined;
  if (!root || !/\/Type \/Catalog/.test(root.dict)) fail('the trailer /Root is not a catalog');
  const pagesRef = ref(root.dict, 'Pages');
  const tree = pagesRef !== undefined ? objects.get(pagesRef) : undefined;
  if (!tree || !/\/Type \/Pages/.test(tree.dict)) fail('the catalog has no page tree');
  const pageCount = Number(/\/Count (\d+)/.exec(tree.dict)?.[1] ?? -1);
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(tree.dict)?.[1].matchAll(/(\d+) 0 R/g) ?? [])].map((m) =>
    Number(m[1]),
  );
  const pages = kids.map((k) => {
    const page = objects.get(k);
    if (!page || !/\/Type \/Page\b/.test(page.dict)) fail(`page ${k} is missing`);
    return pageOf(objects, page.dict);
  });
  const info: Record<string, string> = {};
  const infoRef = ref(trailer, 'Info');
  const infoDict = infoRef !== undefined ? (objects.get(infoRef)?.dict ?? '') : '';
  for (const m of infoDict.matchAll(/\/(\w+) (\d+) 0 R/g))
    info[m[1]] = pdfString(objects.get(Number(m[2]))?.dict ?? '');
  const images = [...objects.values()].filter((o) => /\/Subtype \/Image/.test(o.dict)).length;
  return { version: header[1], pages, pageCount, images, info };
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

/** A PDF string object, (literal) or <hex>, PDFDocEncoding or UTF-16BE after a byte order mark. */
function pdfString(body: string): string {
  const trimmed = body.trim();
  const hex = /^<([0-9a-f]*)>$/i.exec(trimmed);
  const literal = /^\((.*)\)$/s.exec(trimmed);
  const bytes = hex
    ? Buffer.from(hex[1], 'hex')
    : literal
      ? Buffer.from(
          literal[1].replace(/\\([0-7]{1,3}|.)/gs, (_m, e: string) =>
            /^[0-7]/.test(e) ? String.fromCharCode(Number.parseInt(e, 8)) : (ESCAPES[e] ?? e),
          ),
          'latin1',
        )
      : Buffer.from(trimmed, 'latin1');
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  return bytes.toString('latin1');
}
