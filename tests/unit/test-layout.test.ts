// The unit project loads modules once per worker; a file that replaces modules with vi.mock must load
// them afresh, so it is named *.isolated.test.ts and runs in the unit-isolated project (vite.config.ts).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function testFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.') || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) testFiles(path, out);
    else if (/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

describe('unit test files', () => {
  it('replace modules only in files named *.isolated.test.ts', () => {
    const shared = ['tests/unit', 'engine', 'services', 'scripts']
      .flatMap((d) => testFiles(join(ROOT, d)))
      .filter((f) => !/\.isolated\.test\.tsx?$/.test(f));
    const mocking = shared
      .filter((f) => /\bvi\.(mock|doMock)\(/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f));
    expect(mocking).toEqual([]);
  });
});
