// Editor support and the schema's reference: every property of the screen schema has a description
// (the editor's tooltip), every example is valid, the committed .vscode/ maps the schema onto screen
// files and reads check:screens' findings, and screens/REFERENCE.md is generated fresh from the schema.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import flagSchema from '../../schemas/flag.schema.json';
import screenSchema from '../../schemas/screen.schema.json';
import { formatProblem } from '../../scripts/check-screens';
import { referenceIsFresh, screenReference } from '../../scripts/generate-screen-reference';

const root = fileURLToPath(new URL('../..', import.meta.url));
type Node = Record<string, unknown>;

/** Every declared property (not the constraints of if/then/else) and every node with examples. */
function walk(node: unknown, path: string, visit: (node: Node, path: string) => void): void {
  if (Array.isArray(node)) {
    node.forEach((n, i) => {
      walk(n, `${path}/${i}`, visit);
    });
  } else if (node && typeof node === 'object') {
    visit(node as Node, path);
    for (const [k, v] of Object.entries(node))
      if (k !== 'if' && k !== 'then' && k !== 'else' && k !== 'examples') walk(v, `${path}/${k}`, visit);
  }
}

describe('the screen schema documents itself', () => {
  it('gives every property a description', () => {
    const missing: string[] = [];
    walk(screenSchema, '#', (node, path) => {
      const props = node.properties as Record<string, Node> | undefined;
      if (props && typeof props === 'object' && !Array.isArray(props))
        for (const [name, p] of Object.entries(props))
          if (typeof p?.description !== 'string' || !p.description)
            missing.push(`${path}/properties/${name}`);
    });
    expect(missing).toEqual([]);
  });

  it('has examples where the shape is not obvious, each valid against its own schema', () => {
    const ajv = new Ajv({ strict: false, allowUnionTypes: true });
    ajv.addFormat('regex', () => true);
    ajv.addSchema(flagSchema);
    ajv.addSchema(screenSchema);
    const examples: { path: string; value: unknown }[] = [];
    walk(screenSchema, '#', (node, path) => {
      if (Array.isArray(node.examples)) for (const value of node.examples) examples.push({ path, value });
    });
    expect(examples.length).toBeGreaterThanOrEqual(20);
    const invalid = examples.filter(({ path, value }) => {
      const validate = ajv.getSchema(`${screenSchema.$id}${path}`);
      return !validate?.(value);
    });
    expect(invalid.map((e) => e.path)).toEqual([]);
  });
});

describe('editor support (.vscode/)', () => {
  const settings = JSON.parse(readFileSync(join(root, '.vscode/settings.json'), 'utf8'));
  const tasks = JSON.parse(readFileSync(join(root, '.vscode/tasks.json'), 'utf8'));

  it('maps the screen schema onto every screen file', () => {
    expect(settings['json.schemas']).toContainEqual({
      fileMatch: ['/screens/**/*.json'],
      url: './schemas/screen.schema.json',
    });
  });

  it('runs the check with a problem matcher that reads its findings', () => {
    const task = tasks.tasks.find((t: { label: string }) => t.label === 'check');
    expect(task.command).toBe('npm run check');
    const { regexp, file, line, column, message } = task.problemMatcher.pattern;
    const finding = formatProblem({
      file: 'screens/base/my-orgs.json',
      line: 12,
      column: 9,
      pointer: '/list/columns/3/prop',
      message: '"orgColour" is not a field of bmOrg: did you mean "orgName"?',
    });
    const m = new RegExp(regexp).exec(finding);
    expect(m && [m[file], m[line], m[column], m[message]]).toEqual([
      'screens/base/my-orgs.json',
      '12',
      '9',
      '"orgColour" is not a field of bmOrg: did you mean "orgName"?',
    ]);
  });
});

describe('screens/REFERENCE.md', () => {
  it('is generated fresh from the schema (npm run docs:screens)', () => {
    expect(referenceIsFresh()).toBe(true);
  });

  it('lists every property of every object with its description', () => {
    const page = screenReference(screenSchema as never);
    const field = (screenSchema as { definitions: { field: { properties: Record<string, Node> } } })
      .definitions.field.properties;
    for (const [name, p] of Object.entries(field)) {
      expect(page).toContain(`| \`${name}\``);
      expect(page).toContain(String(p.description).slice(0, 40).replace(/\|/g, '\\|'));
    }
  });
});
