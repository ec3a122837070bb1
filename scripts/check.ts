// `npm run check`: the implementer's check, about ten seconds, in one process: every screen file
// (check:screens), the locale files (every key used, menu titles included, in all four languages), the
// TypeScript types generated from schemas/ and the screen schema's reference page fresh, and the row
// types generated from the migrations fresh when a migration is newer than them (that check migrates
// a throwaway PGlite database, 10-40 s, so it runs only when it can have something to say; `--all`
// runs it always, as `npm test` does). Prints each step's time and the total; exit code 1 on any
// finding. `--double` checks the screens twice over (a copy under other paths), the benchmark of
// twice today's screens.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface CheckStep {
  title: string;
  run: () => Promise<boolean>;
}

/** Whether some migration is newer than services/db/generated.ts (so the row types may be stale). */
export function migrationsNewerThanDbTypes(): boolean {
  const out = join(root, 'services/db/generated.ts');
  if (!existsSync(out)) return true;
  const made = statSync(out).mtimeMs;
  const dir = join(root, 'services/db/migrations');
  return readdirSync(dir).some((f) => statSync(join(dir, f)).mtimeMs > made);
}

export function checkSteps(args: string[]): CheckStep[] {
  const all = args.includes('--all');
  const steps: CheckStep[] = [
    {
      title: 'screens',
      run: async () => (await import('./check-screens.js')).runScreenCheck(args),
    },
    {
      title: 'locales',
      run: async () => {
        const { checkLocales } = await import('./check-locales.js');
        const problems = checkLocales(root);
        for (const p of problems) console.log(`locales/*.json ${p.key}: ${p.message}`);
        return problems.length === 0;
      },
    },
    {
      title: 'schema types',
      run: async () => {
        const { generateAll } = await import('./generate-schema-types.js');
        const stale = [...(await generateAll())]
          .filter(([path, ts]) => !existsSync(path) || readFileSync(path, 'utf8') !== ts)
          .map(([path]) => path);
        for (const path of stale) console.log(`${path}: stale: run npm run schemas`);
        return stale.length === 0;
      },
    },
    {
      title: 'schema reference',
      run: async () => {
        const { referenceIsFresh, REFERENCE_FILE } = await import('./generate-screen-reference.js');
        const fresh = referenceIsFresh();
        if (!fresh) console.log(`${REFERENCE_FILE}: stale: run npm run docs:screens`);
        return fresh;
      },
    },
  ];
  if (all || migrationsNewerThanDbTypes())
    steps.push({
      title: 'db types',
      run: async () => {
        const { generateDbTypes, OUT_FILE } = await import('./generate-db-types.js');
        const fresh = readFileSync(OUT_FILE, 'utf8') === (await generateDbTypes());
        if (!fresh) console.log('services/db/generated.ts: stale: run npm run db:types');
        return fresh;
      },
    });
  else steps.push({ title: 'db types (no migration newer than them: skipped)', run: async () => true });
  return steps;
}

/** Runs every step (a failure does not stop the others), printing each one's time; true when all pass. */
export async function runChecks(args: string[]): Promise<boolean> {
  const started = performance.now();
  let ok = true;
  for (const step of checkSteps(args)) {
    const t0 = performance.now();
    const passed = await step.run();
    ok &&= passed;
    console.log(
      `--- ${step.title}: ${passed ? 'ok' : 'FAILED'} (${((performance.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
  console.log(`check ${ok ? 'passed' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return ok;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  process.exit((await runChecks(process.argv.slice(2))) ? 0 : 1);
}
