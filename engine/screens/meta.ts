// Route metadata of every screen file. '?meta' is served by scripts/vite-screen-meta.ts: only these
// keys, not the whole file, so this module stays small however many screens there are.
import type { Screen } from '@schemas/generated/screen';

export type ScreenMeta = Pick<
  Screen,
  'name' | 'kind' | 'path' | 'menuNo' | 'titleKey' | 'parentPath' | 'service'
>;

const metas = import.meta.glob<ScreenMeta>('@screens/**/*.json', {
  eager: true,
  query: '?meta',
  import: 'default',
});

/** The glob's keys name the file however Vite resolved the alias; people want screens/... */
export const displayName = (key: string) => key.slice(key.lastIndexOf('screens/'));

export const screenMetas: { file: string; meta: ScreenMeta }[] = Object.entries(metas)
  .map(([key, meta]) => ({ file: displayName(key), meta }))
  .sort((a, b) => a.file.localeCompare(b.file));
