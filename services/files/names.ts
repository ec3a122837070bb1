// The original name of an upload is data: shown in lists and sent back in content-disposition, never
// used to name anything on a disk (the bytes live in the database under a generated id). It is still
// cleaned, so what users see is the file's own name and nothing a browser or a spreadsheet misreads.

const MAX_NAME = 255;

/**
 * The last path segment (browsers send only that; a hand-made request may send '../../x' or
 * 'C:\\x'), without control characters (NUL included: PostgreSQL text cannot hold it), bidirectional
 * overrides (which make 'gpj.exe' look like 'exe.jpg') and surrounding spaces or dots; at most 255
 * characters, keeping the extension. '' when nothing is left.
 */
export function cleanFileName(raw: string): string {
  const segment = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = segment
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^[\s.]+|\s+$/g, '');
  const chars = [...cleaned];
  if (chars.length <= MAX_NAME) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 ? [...cleaned.slice(dot)] : [];
  if (ext.length > 16) return chars.slice(0, MAX_NAME).join('');
  return chars.slice(0, MAX_NAME - ext.length).join('') + ext.join('');
}
