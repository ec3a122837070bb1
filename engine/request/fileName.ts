/** Reads the file name of a download from its content-disposition header (RFC 6266, filename* first). */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed escape falls back to the plain filename below
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  if (!plain) return undefined;
  const raw = (plain[2] ?? plain[1]).trim();
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
