// Loads a screen file on demand, validates it with the same validator CI runs and normalises it once.
import type { Screen } from '@schemas/generated/screen';
import { displayName, screenMetas } from './meta';
import { normaliseScreen } from './normalise';
import type { NormalisedScreen } from './types';
import { assertScreen } from './validate';

const files = import.meta.glob<Screen>('@screens/**/*.json', { import: 'default' });
const loaders = new Map(Object.entries(files).map(([key, load]) => [displayName(key), load]));

const cache = new Map<string, Promise<NormalisedScreen>>();

async function loadFile(file: string): Promise<NormalisedScreen> {
  const load = loaders.get(file);
  if (!load) throw new Error(`no screen file ${file}`);
  return normaliseScreen(assertScreen(await load(), file), file);
}

/** The normalised screen of a route path; rejects with ScreenValidationError on a bad file. */
export function loadScreen(path: string): Promise<NormalisedScreen> {
  let pending = cache.get(path);
  if (!pending) {
    const entry = screenMetas.find((s) => s.meta.path === path);
    pending = entry ? loadFile(entry.file) : Promise.reject(new Error(`no screen has path ${path}`));
    // A failed load is not kept, so the next visit (after a fix, in dev) tries again.
    pending.catch(() => cache.delete(path));
    cache.set(path, pending);
  }
  return pending;
}
