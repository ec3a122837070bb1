// Generates TypeScript types from every schemas/*.schema.json into schemas/generated/.
// `--check` writes nothing and exits 1 when a committed file is stale (the tests run it).
// A titled enum (a schema's root, or one of its definitions) is also exported as a const array of its
// values in order, named after its title (FlagName: FLAG_NAMES, BaseFlag: BASE_FLAGS), so code that
// needs the values at run time reads them from the schema too.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile, type JSONSchema } from 'json-schema-to-typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const schemaDir = join(root, 'schemas');
const outDir = join(schemaDir, 'generated');

export async function generateAll(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const files = readdirSync(schemaDir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort();
  for (const file of files) {
    const schema = JSON.parse(readFileSync(join(schemaDir, file), 'utf8')) as JSONSchema;
    const ts = await compile(schema, schema.title ?? file, {
      cwd: schemaDir,
      bannerComment: `/* Generated from schemas/${file} by \`npm run schemas\`. Do not edit by hand. */`,
      additionalProperties: false,
      strictIndexSignatures: true,
      unreachableDefinitions: true,
      style: { singleQuote: true, printWidth: 110 },
    });
    out.set(join(outDir, file.replace('.schema.json', '.ts')), ts + enumValues(schema, ts));
  }
  return out;
}

interface TitledEnum {
  title?: string;
  enum?: unknown[];
}

/** FlagName: FLAG_NAMES. */
const constName = (title: string) => `${title.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase()}S`;

/** The const arrays of a schema's titled enums (see the top of this file). */
function enumValues(schema: JSONSchema, ts: string): string {
  const definitions = Object.values((schema.definitions ?? {}) as Record<string, TitledEnum>);
  const titled = [schema as TitledEnum, ...definitions].filter(
    (s): s is Required<TitledEnum> => typeof s.title === 'string' && Array.isArray(s.enum),
  );
  return titled
    .map((s) => {
      const name = constName(s.title);
      const items = s.enum.map((v) => `  ${JSON.stringify(v).replace(/^"(.*)"$/, "'$1'")},\n`).join('');
      const values = `export const ${name} = [\n${items}] as const;\n`;
      // json-schema-to-typescript leaves out definitions of a schema that is not an object.
      const type = ts.includes(`export type ${s.title} =`)
        ? ''
        : `export type ${s.title} = (typeof ${name})[number];\n`;
      return `\n/** The values of ${s.title}, in order. */\n${values}${type}`;
    })
    .join('');
}

async function main() {
  const check = process.argv.includes('--check');
  const generated = await generateAll();
  if (!existsSync(outDir)) mkdirSync(outDir, { recursive: true });
  const stale: string[] = [];
  for (const [path, ts] of generated) {
    const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
    if (current === ts) continue;
    if (check) stale.push(path);
    else writeFileSync(path, ts);
  }
  if (stale.length) {
    console.error(`Stale generated types (run \`npm run schemas\`):\n${stale.join('\n')}`);
    process.exit(1);
  }
  console.log(check ? 'generated types are fresh' : `generated ${generated.size} type files`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
