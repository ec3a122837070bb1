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

async function loadFile(file: string, menuNo: string): Promise<NormalisedScreen> {
  const load = loaders.get(file);
  if (!load) throw new Error(`no screen file ${file}`);
  // The custom fields are fetched while the file loads: a screen's module is its menuNo unless it says otherwise.
  const early = fetchDefinitions(menuNo, menuNo);
  const screen = assertScreen(await load(), file);
  const module = screen.module ?? screen.menuNo;
  const definitions = module === menuNo ? await early : await fetchDefinitions(module, screen.menuNo);
  return normaliseScreen(withCustomFields(screen, definitions, module), file);
}

/** The enabled frame-define rows of a module; a failed fetch means none, silently. */
function fetchDefinitions(module: string, menuNo: string): Promise<unknown> {
  return request<unknown>(
    'ISysFrameDefineService/getSysFrameDefineListByModule',
    { module },
    { showError: false, loading: false, moduleNumber: menuNo },
  ).catch(() => undefined);
}

/** The screen with its module's custom fields (DESIGN section 5); a failed merge means none. */
function withCustomFields(screen: Screen, definitions: unknown, module: string): Screen {
  try {
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
    pending = entry
      ? loadFile(entry.file, entry.meta.menuNo)
      : Promise.reject(new Error(`no screen has path ${path}`));
    // A failed load is not kept, so the next visit (after a fix, in dev) tries again.
    pending.catch(() => cache.delete(path));
    cache.set(path, pending);
  }
  return pending;
}
