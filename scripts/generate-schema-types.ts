// Generates TypeScript types from every schemas/*.schema.json into schemas/generated/.
// `--check` writes nothing and exits 1 when a committed file is stale (the tests run it).
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
    out.set(join(outDir, file.replace('.schema.json', '.ts')), ts);
  }
  return out;
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
