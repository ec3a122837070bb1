// Every screen file's row operations must normalise (a toolbar kind needs its toolbar action) and
// point where they say: a view's detail at a detail screen, a custom target at a screen.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it } from 'vitest';
import { jsonFiles } from '../../scripts/tooling/screens';
import { normaliseScreen } from './normalise';
import { recordIdOf } from './rowActions';
import { assertScreen } from './validate';

const root = fileURLToPath(new URL('../..', import.meta.url));
const screens = jsonFiles(join(root, 'screens')).map((file) => {
  const name = relative(root, file);
  return {
    name,
    screen: normaliseScreen(assertScreen(JSON.parse(readFileSync(file, 'utf8')) as Screen, name), name),
  };
});
const withRows = screens.filter((s) => (s.screen.list?.rowActions.length ?? 0) > 0);
const kindAt = (path: string) => screens.find((s) => s.screen.path === path)?.screen.kind;

describe('row operations of the screen files', () => {
  it('the organisation list has some', () => {
    expect(withRows.map((s) => s.name)).toContain('screens/base/organizational.json');
  });

  it.each(withRows.map((s) => [s.name, s.screen] as const))('%s points at real screens', (_name, screen) => {
    for (const a of screen.list!.rowActions) {
      if (a.kind === 'view') expect(kindAt(a.detail), a.detail).toBe('detail');
      if (a.kind === 'run' && a.action.target) expect(kindAt(a.action.target), a.action.target).toBeDefined();
      if (a.kind === 'rows') expect(a.call).toMatch(/^I[A-Za-z]+Service\/[A-Za-z]+$/);
    }
  });
});

describe('the record a page opens', () => {
  it("is the path's :id, or its one parameter of another name", () => {
    expect(recordIdOf({ id: 'a' })).toBe('a');
    expect(recordIdOf({ headId: 'h' })).toBe('h');
    expect(recordIdOf({ '*': 'orders/acceptance/h', headId: 'h' })).toBe('h');
    expect(recordIdOf({})).toBeUndefined();
    expect(recordIdOf({ a: '1', b: '2' })).toBeUndefined();
  });
});
