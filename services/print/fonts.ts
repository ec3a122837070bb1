// The fonts of every printed document: Noto Sans SC (SIL Open Font License, the dependency
// @expo-google-fonts/noto-sans-sc), whose glyphs cover simplified and traditional Chinese, Latin and
// Vietnamese (every precomposed letter; it lacks some combining marks, so texts are NFC-normalised
// before they are drawn). Read once per process; pdfkit embeds only the glyphs a document uses.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const REGULAR = 'NotoSansSC-Regular';
export const BOLD = 'NotoSansSC-Bold';

const FILES = {
  [REGULAR]: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  [BOLD]: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

const loaded = new Map<string, Buffer>();

/** The font files by name, read on first use (about 10 MB each). */
export function fontData(name: keyof typeof FILES): Buffer {
  let data = loaded.get(name);
  if (!data) {
    data = readFileSync(require.resolve(FILES[name]));
    loaded.set(name, data);
  }
  return data;
}

/** What the fonts can draw: composed forms, no control characters. */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  return text.normalize('NFC').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}
