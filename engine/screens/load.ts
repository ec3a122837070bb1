// Loads a screen file on demand, validates it with the same validator CI runs and normalises it once.
import type { Screen } from '@schemas/generated/screen';
import { i18n } from '../i18n/i18n';
import { request } from '../request';
import { type FrameLabels, mergeFrameDefinitions } from './frameDefine';
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
  const screen = assertScreen(await load(), file);
  return normaliseScreen(await withCustomFields(screen), file);
}

/**
 * The screen with its module's custom fields (frame-define, DESIGN section 5). A failed fetch or a
 * failed merge means no custom fields, never a broken screen.
 */
async function withCustomFields(screen: Screen): Promise<Screen> {
  const module = screen.module ?? screen.menuNo;
  try {
    const definitions = await request<unknown>(
      'ISysFrameDefineService/getSysFrameDefineListByModule',
      { module },
      { showError: false, loading: false, moduleNumber: screen.menuNo },
    );
    const merged = mergeFrameDefinitions(screen, definitions, module);
    registerLabels(merged.labels);
    return merged.screen;
  } catch {
    return screen;
  }
}

const customLabels: FrameLabels = {};

function addLabels(language: string): void {
  if (!i18n.hasResourceBundle(language, 'translation')) return;
  for (const [key, texts] of Object.entries(customLabels)) {
    const text = texts[language] ?? texts['*'];
    if (text) i18n.addResource(language, 'translation', key, text);
  }
}

/** Custom labels go into every loaded dictionary now and into each one loaded later. */
function registerLabels(labels: FrameLabels): void {
  if (Object.keys(labels).length === 0) return;
  if (Object.keys(customLabels).length === 0) i18n.on('languageChanged', addLabels);
  Object.assign(customLabels, labels);
  for (const language of Object.keys(i18n.store?.data ?? {})) addLabels(language);
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
