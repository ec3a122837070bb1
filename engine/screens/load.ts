// Loads a screen file on demand (in development validated with the same validator CI runs, once; a
// production build holds only files check:screens passed and ships no validator), merges its module's
// custom fields (fetched at every load) and normalises it; the same inputs give the very same screen.
import type { Screen } from '@schemas/generated/screen';
import { useSyncExternalStore } from 'react';
import { type Dictionaries, type FrameLabels, mergeFrameDefinitions } from '../core/frameDefine';
import { fetchPreviewScreen, listenForScreenSaves, screenPreviewBase } from '../dev/screenPreview';
import { i18n } from '../i18n/i18n';
import { request } from '../request';
import { onChanged } from './changes';
import { displayName, screenMetas } from './meta';
import { normaliseScreen } from './normalise';
import type { NormalisedScreen } from './types';

const files = import.meta.glob<Screen>('@screens/**/*.json', { import: 'default' });
const loaders = new Map(Object.entries(files).map(([key, load]) => [displayName(key), load]));

/** The validated file of each path, loaded once per browser session. */
const validated = new Map<string, Promise<Screen>>();
/** The last merge of each path and what it was made from: the same inputs give the same screen. */
const merged = new Map<string, { inputs: string; screen: NormalisedScreen }>();

function loadValidated(path: string, file: string): Promise<Screen> {
  let pending = validated.get(path);
  if (!pending) {
    // Under the server's live preview (npm start, not production) the file comes as saved on disk.
    const preview = screenPreviewBase();
    if (preview) listenForScreenSaves(preview, reloadScreenFile);
    const load = preview ? () => fetchPreviewScreen<Screen>(preview, file) : loaders.get(file);
    pending = load
      ? load().then((json) =>
          import.meta.env.DEV ? import('./validate').then((v) => v.assertScreen(json, file)) : json,
        )
      : Promise.reject(new Error(`no screen file ${file}`));
    // A failed load is not kept, so the next visit (after a fix, in dev) tries again.
    pending.catch(() => validated.delete(path));
    validated.set(path, pending);
  }
  return pending;
}

/**
 * The screen with its module's custom fields. The file is cached; the definitions are fetched at
 * every load (while the file loads, so the first load waits for no extra round trip), so a change an
 * administrator made shows at the next open of the screen without a reload of the browser.
 */
async function loadFile(path: string, file: string, menuNo: string): Promise<NormalisedScreen> {
  // The custom fields are fetched while the file loads: a screen's module is its menuNo unless it says otherwise.
  const early = fetchDefinitions(menuNo, menuNo);
  const screen = await loadValidated(path, file);
  const module = screen.module ?? screen.menuNo;
  const definitions = module === menuNo ? await early : await fetchDefinitions(module, screen.menuNo);
  const dictionaries = await fetchDictionaries(definitions, screen.menuNo);
  const inputs = JSON.stringify([definitions ?? null, dictionaries]);
  const last = merged.get(path);
  if (last && last.inputs === inputs) return last.screen;
  const normalised = normaliseScreen(withCustomFields(screen, definitions, module, dictionaries), file);
  merged.set(path, { inputs, screen: normalised });
  revisions.set(normalised, ++revision);
  return normalised;
}

/** The enabled frame-define rows of a module; a failed fetch means none, silently. */
function fetchDefinitions(module: string, menuNo: string): Promise<unknown> {
  return request<unknown>(
    'ISysFrameDefineService/getSysFrameDefineListByModule',
    { module },
    { showError: false, loading: false, moduleNumber: menuNo },
  ).catch(() => undefined);
}

/** Largest dictionary a dropdown column resolves to names; a longer one keeps its selector. */
const DICTIONARY_LIMIT = 1000;

/**
 * The values of the dictionaries the module's dropdowns use (enumMid without a data source), so the
 * list and the detail show names, not codes; a dictionary that cannot be fetched is left out.
 */
async function fetchDictionaries(definitions: unknown, menuNo: string): Promise<Dictionaries> {
  const mids = new Set<string>();
  if (Array.isArray(definitions))
    for (const d of definitions as Record<string, unknown>[]) {
      if (d?.fieldType === 4 && typeof d.enumMid === 'string' && d.enumMid && !d.dropDownDataSource)
        mids.add(d.enumMid);
    }
  const out: Dictionaries = {};
  await Promise.all(
    [...mids].map(async (enumMid) => {
      try {
        const page = await request<{ records?: Record<string, unknown>[]; total?: number }>(
          'IBmEnumService/getsysenumbyparamssearch',
          { current: 1, size: DICTIONARY_LIMIT, condition: { enumMid, status: '1' } },
          { showError: false, loading: false, moduleNumber: menuNo },
        );
        const records = page?.records;
        if (!Array.isArray(records) || (page.total ?? 0) > DICTIONARY_LIMIT) return;
        out[enumMid] = records
          .filter((r) => typeof r.enumValue === 'string' && typeof r.enumName === 'string')
          .map((r) => {
            const key = `enum.${enumMid}.${r.enumValue}`;
            return {
              value: r.enumValue as string,
              name: r.enumName as string,
              labelKey: i18n.exists(key) ? key : undefined,
            };
          });
      } catch {
        // The dropdown keeps its dictionary selector.
      }
    }),
  );
  return out;
}

/** The screen with its module's custom fields (DESIGN section 5); a failed merge means none. */
function withCustomFields(
  screen: Screen,
  definitions: unknown,
  module: string,
  dictionaries: Dictionaries,
): Screen {
  try {
    const merged = mergeFrameDefinitions(screen, definitions, module, dictionaries);
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

/** Starts loading the file of a route path (validated in development), for a page about to open. */
export function prefetchScreen(path: string): void {
  const entry = screenMetas.find((s) => s.meta.path === path);
  if (entry) loadValidated(path, entry.file).catch(() => undefined);
}

/** The normalised screen of a route path; rejects with ScreenValidationError on a bad file. */
export function loadScreen(path: string): Promise<NormalisedScreen> {
  const entry = screenMetas.find((s) => s.meta.path === path);
  return entry
    ? loadFile(path, entry.file, entry.meta.menuNo)
    : Promise.reject(new Error(`no screen has path ${path}`));
}

// ---- A definition changed: open screens load again -------------------------------------------------

/** The service of the custom-field definitions: a screen of it marked changed means definitions changed. */
export const FRAME_DEFINE_SERVICE = 'ISysFrameDefineService';

let revision = 0;
const revisions = new WeakMap<NormalisedScreen, number>();

/** Changes when a merge gives a screen new content: a page keyed by it is built again. */
export const screenRevision = (screen: NormalisedScreen): number => revisions.get(screen) ?? 0;

let screensVersion = 0;
const versionListeners = new Set<() => void>();

/** Every mounted screen loads again: unchanged ones come back as the very same screen. */
function reloadMounted(): void {
  screensVersion++;
  for (const l of versionListeners) l();
}

/** Custom fields changed in this tab: every mounted screen loads again (and refetches its definitions). */
export function invalidateCustomFields(): void {
  reloadMounted();
}

/**
 * A screen file was saved (the live preview): the pages of that file load it anew and are built
 * again in place; every other page, and what the user typed or picked there, stays as it was.
 */
export function reloadScreenFile(file: string): void {
  for (const s of screenMetas)
    if (s.file === file) {
      validated.delete(s.meta.path);
      merged.delete(s.meta.path);
    }
  reloadMounted();
}

onChanged((path) => {
  if (screenMetas.some((s) => s.meta.path === path && s.meta.service === FRAME_DEFINE_SERVICE))
    invalidateCustomFields();
});

const subscribeVersion = (listener: () => void) => {
  versionListeners.add(listener);
  return () => {
    versionListeners.delete(listener);
  };
};

export const getScreensVersion = () => screensVersion;

/**
 * For ScreenHost: a number that changes when the custom fields or (under the live preview) a screen
 * file changed, to load the screen again.
 */
export function useScreensVersion(): number {
  return useSyncExternalStore(subscribeVersion, getScreensVersion);
}
