// Every screen file must pass the engine's own validator; an error names the file and the JSON pointer.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatScreenError, validateScreen } from '@engine/screens/validate';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return jsonFiles(full);
    return name.endsWith('.json') ? [full] : [];
  });
}

const files = jsonFiles(join(root, 'screens')).sort();
const load = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('screens/', () => {
  it('holds screen files', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files.map((f) => [relative(root, f), f]))('%s is a valid screen', (name, file) => {
    const errors = validateScreen(load(file), name);
    expect(errors.map(formatScreenError), errors.map(formatScreenError).join('\n')).toEqual([]);
  });

  it.each(files.map((f) => [relative(root, f), f]))(
    '%s points $schema at the screen schema',
    (_name, file) => {
      const ref = load(file).$schema;
      expect(typeof ref).toBe('string');
      expect(resolve(dirname(file), ref as string)).toBe(join(root, 'schemas', 'screen.schema.json'));
    },
  );

  it('has unique route names and paths', () => {
    const screens = files.map(
      (f) => ({ ...load(f), file: relative(root, f) }) as Record<string, unknown> & { file: string },
    );
    for (const key of ['name', 'path'] as const) {
      const seen = new Map<unknown, string>();
      for (const s of screens) {
        expect(seen.has(s[key]), `${s.file}: ${key} ${String(s[key])} also in ${seen.get(s[key])}`).toBe(
          false,
        );
        seen.set(s[key], s.file);
      }
    }
  });
});

describe('validator errors on broken fixtures', () => {
  const fixture = (name: string) => {
    const file = `tests/fixtures/screens/${name}`;
    return validateScreen(load(join(root, file)), file).map((e) => `${e.pointer}: ${e.message}`);
  };

  it('names the file and the pointer', () => {
    const file = 'tests/fixtures/screens/missing-column-prop.json';
    const errors = validateScreen(load(join(root, file)), file);
    expect(errors).toEqual([{ file, pointer: '/list/columns/1/prop', message: 'is required' }]);
    expect(formatScreenError(errors[0])).toBe(`${file}#/list/columns/1/prop: is required`);
  });

  it('reports an unknown widget with the allowed names', () => {
    const errors = fixture('unknown-widget.json');
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^\/form\/groups\/0\/fields\/1\/widget: must be one of: "input", "textarea"/);
  });

  it('reports a navigation action without target and an unknown property', () => {
    expect(fixture('bad-action.json')).toEqual([
      '/list/actions/1/target: is required',
      '/list/actions/2/colour: is not a known property here',
    ]);
  });

  it('reports the error inside the options form the author chose', () => {
    expect(fixture('bad-options.json')).toEqual([
      '/list/columns/0/options/1/labelKey: is required',
      '/list/columns/1/options: must be one of: "status", "yesNo", "yesNoNumber"',
    ]);
  });

  it('checks what the schema cannot: duplicates, rule fields, enum options, :id', () => {
    expect(fixture('bad-rule.json')).toEqual([
      '/form/groups/0/fields/1/prop: duplicate prop "start"',
      '/form/rules/0/other: names no field of the form ("end")',
      '/path: a modify form needs a route parameter naming the record: :id, or a single parameter named after the field a list row holds the id under (an order line opens its order with :headId)',
    ]);
  });

  it('requires the part the kind needs', () => {
    expect(fixture('list-without-list.json')).toEqual(['/list: is required', '/calls/list: is required']);
  });
});
