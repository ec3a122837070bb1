// The committed types in schemas/generated/ must be what `npm run schemas` writes today.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { generateAll } from '../../scripts/generate-schema-types';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('generated schema types', () => {
  it('are committed and fresh (run `npm run schemas` when this fails)', async () => {
    const generated = await generateAll();
    expect(generated.size).toBeGreaterThan(0);
    const stale = [...generated]
      .filter(([path, ts]) => !existsSync(path) || readFileSync(path, 'utf8') !== ts)
      .map(([path]) => relative(root, path));
    expect(stale, `stale: ${stale.join(', ')}`).toEqual([]);
  });

  it('cover the screen schema', async () => {
    const generated = await generateAll();
    const screen = [...generated].find(([path]) => path.endsWith('screen.ts'))?.[1] ?? '';
    expect(screen).toContain('export type Screen');
    expect(screen).toContain('export interface Column');
  });
});
