// `npm run docs:screens`: the reference of the screen schema, screens/REFERENCE.md, generated from
// schemas/screen.schema.json: every object with every property, its type, description and example.
// `--check` writes nothing and exits 1 when the committed page is stale (npm run check and npm test run it).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Schema = Record<string, unknown> & {
  type?: string | string[];
  $ref?: string;
  enum?: unknown[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  description?: string;
  examples?: unknown[];
  pattern?: string;
  definitions?: Record<string, Schema>;
};

const root = fileURLToPath(new URL('..', import.meta.url));
export const REFERENCE_FILE = 'screens/REFERENCE.md';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const anchor = (name: string) => name.toLowerCase().replace(/[^a-z0-9-]/g, '');

/** A property's type in words: a link to a definition, the allowed values, an array of what. */
export function typeOf(s: Schema): string {
  if (s.$ref) {
    const name = s.$ref.split('/').at(-1) ?? s.$ref;
    if (s.$ref.startsWith('#/definitions/')) return `[${name}](#${anchor(name)})`;
    return name.replace(/\.schema\.json.*$/, '');
  }
  if (s.enum) return s.enum.map((v) => `\`${JSON.stringify(v)}\``).join(', ');
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives) return alternatives.map(typeOf).join(' or ');
  const type = Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? 'any');
  if (type === 'array' && s.items) return `${typeOf(s.items)} list`;
  if (type === 'object' && !s.properties && typeof s.additionalProperties === 'object')
    return `map of ${typeOf(s.additionalProperties)}`;
  return type;
}

const example = (s: Schema) => (s.examples?.length ? `\`${JSON.stringify(s.examples[0])}\`` : '');

/** One section per object: its description, example and a table of its properties. */
function section(title: string, s: Schema, out: string[], nested: [string, Schema][]): void {
  out.push(`## ${title}`, '');
  if (s.description) out.push(s.description, '');
  if (s.examples?.length)
    out.push('Example:', '', '```json', JSON.stringify(s.examples[0], null, 2), '```', '');
  const props = Object.entries(s.properties ?? {});
  if (!props.length) {
    out.push(`Type: ${typeOf(s)}.`, '');
    return;
  }
  const required = new Set(s.required ?? []);
  out.push('| property | type | description | example |', '| --- | --- | --- | --- |');
  for (const [name, p] of props) {
    // An inline object (or list of objects) with properties of its own gets a section of its own.
    const inner = p.properties ? p : p.items?.properties ? p.items : undefined;
    const sub = `${title}.${name}`;
    if (inner) nested.push([sub, inner]);
    const type = inner ? `[object${p.items ? ' list' : ''}](#${anchor(sub)})` : typeOf(p);
    out.push(
      `| \`${name}\`${required.has(name) ? ' (required)' : ''} | ${cell(type)} | ${cell(p.description ?? '')} | ${cell(example(p))} |`,
    );
  }
  out.push('');
}

export function screenReference(schema: Schema): string {
  const out: string[] = [
    '# Screen schema reference',
    '',
    '<!-- Generated from schemas/screen.schema.json by npm run docs:screens: edit the schema, not this page. -->',
    '',
    'Every property a screen file may hold, generated from `schemas/screen.schema.json` (the guide is',
    '[README.md](README.md)). Your editor shows the same descriptions as tooltips (`.vscode/settings.json`).',
    '',
  ];
  const queue: [string, Schema][] = [['screen', schema]];
  for (const [name, def] of Object.entries(schema.definitions ?? {})) queue.push([name, def]);
  while (queue.length) {
    const nested: [string, Schema][] = [];
    const [title, s] = queue.shift()!;
    section(title, s, out, nested);
    queue.unshift(...nested);
  }
  return `${out.join('\n').trimEnd()}\n`;
}

/** The page as biome formats it (its tables aligned), so the committed file passes the linter. */
function formatted(markdown: string): string {
  const r = spawnSync('npx', ['biome', 'format', `--stdin-file-path=${REFERENCE_FILE}`], {
    cwd: root,
    input: markdown,
    encoding: 'utf8',
  });
  return r.status === 0 && r.stdout ? r.stdout : markdown;
}

export function referenceIsFresh(): boolean {
  return readFileSync(`${root}${REFERENCE_FILE}`, 'utf8') === build();
}

function build(): string {
  const schema = JSON.parse(readFileSync(`${root}schemas/screen.schema.json`, 'utf8')) as Schema;
  return formatted(screenReference(schema));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const page = build();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(`${root}${REFERENCE_FILE}`, 'utf8');
    } catch {}
    if (current !== page) {
      console.error(`${REFERENCE_FILE} is stale: run npm run docs:screens`);
      process.exit(1);
    }
    console.log(`${REFERENCE_FILE} is fresh`);
  } else {
    writeFileSync(`${root}${REFERENCE_FILE}`, page);
    console.log(`wrote ${REFERENCE_FILE}`);
  }
}
