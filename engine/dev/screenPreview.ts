// The live preview of screen files under `npm start` (services/http/screen-preview.ts): when the page
// carries <meta name="screen-preview" content="/dapilc/screen-preview">, screens are fetched from the
// server as they are on disk instead of from the build, and a saved screen file is loaded again by the
// pages that show it, in place: no page load, the other tabs keep what the user typed (load.ts). A
// production server sends no marker, so nothing here runs.
// Route metadata (paths, titles, menus) still comes from the build: a new screen or a new path needs
// `npm run build`.

/** The preview's base address, or undefined when the server offers none. */
export function screenPreviewBase(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector('meta[name="screen-preview"]')?.getAttribute('content') ?? undefined;
}

/** A screen file as it is on disk now (`screens/base/x.json`). */
export async function fetchPreviewScreen<T>(base: string, file: string): Promise<T> {
  const answer = await fetch(`${base}/file?file=${encodeURIComponent(file)}`, { cache: 'no-store' });
  if (!answer.ok) throw new Error(`no screen file ${file}`);
  return (await answer.json()) as T;
}

let listening = false;

/** Calls `saved` with the file (`screens/base/x.json`) each time a screen file is saved; listens once per page. */
export function listenForScreenSaves(base: string, saved: (file: string) => void) {
  if (listening || typeof EventSource === 'undefined') return;
  listening = true;
  const events = new EventSource(`${base}/events`);
  events.onmessage = (event) => {
    const file = (JSON.parse(String(event.data)) as { file?: unknown }).file;
    if (typeof file === 'string') saved(file);
  };
}
