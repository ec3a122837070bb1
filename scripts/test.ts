// `npm test`: every check and every test, stopping at the first step that fails: the static checks side
// by side, then the unit, integration and e2e tests in turn. Ends with the plain line "N passed, N
// failed" summed over all vitest projects. Test files run in parallel workers:
// the integration files wait on PostgreSQL as much as they compute, so they take more workers than
// there are cores; each e2e worker drives a Chromium of its own, so they take one per core.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';

const reportDir = mkdtempSync(join(tmpdir(), 'srm-test-report-'));
let passed = 0;
let failed = 0;

function run(title: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return r.status === 0;
}

interface Check {
  title: string;
  cmd: string;
  args: string[];
}

/**
 * Checks that need a core each and nothing of each other, run side by side; each one's output is
 * printed whole when all have ended, in the order given. True when every one passed.
 */
async function runTogether(checks: Check[]): Promise<boolean> {
  const started = Date.now();
  const results = await Promise.all(
    checks.map(
      (c) =>
        new Promise<{ ok: boolean; output: string; seconds: number }>((resolve) => {
          const child = spawn(c.cmd, c.args, { env: process.env });
          const output: Buffer[] = [];
          child.stdout.on('data', (b: Buffer) => output.push(b));
          child.stderr.on('data', (b: Buffer) => output.push(b));
          child.on('close', (code) =>
            resolve({
              ok: code === 0,
              output: Buffer.concat(output).toString(),
              seconds: (Date.now() - started) / 1000,
            }),
          );
        }),
    ),
  );
  checks.forEach((c, i) => {
    const r = results[i];
    console.log(`\n=== ${c.title}`);
    process.stdout.write(r.output);
    console.log(`=== ${c.title}: ${r.ok ? 'ok' : 'FAILED'} in ${r.seconds.toFixed(1)} s`);
  });
  return results.every((r) => r.ok);
}

const CORES = availableParallelism();
const WORKERS: Record<string, number> = {
  unit: CORES,
  integration: CORES + 1,
  e2e: CORES,
};

/** The vitest projects of each step: unit-isolated holds the unit files that replace modules. */
const PROJECTS: Record<string, string[]> = {
  unit: ['unit', 'unit-isolated'],
  integration: ['integration'],
  e2e: ['e2e'],
};

function vitest(project: string): boolean {
  const out = join(reportDir, `${project}.json`);
  const ok = run(`${project} tests`, 'npx', [
    'vitest',
    'run',
    ...PROJECTS[project].flatMap((p) => ['--project', p]),
    `--maxWorkers=${WORKERS[project]}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
    };
    passed += report.numPassedTests;
    failed += report.numFailedTests;
  } else if (!ok) {
    failed += 1;
  }
  return ok;
}

const steps: (() => boolean | Promise<boolean>)[] = [
  // Side by side: the type check takes one core for most of a minute, the other two share the other.
  () =>
    runTogether([
      // npm run check, every step: screen files, locales, the types made from schemas/ and (on a
      // throwaway database) from services/db/migrations/, the screen schema's reference page.
      {
        title: 'npm run check (screens, locales, generated files)',
        cmd: 'npx',
        args: ['tsx', 'scripts/check.ts', '--all'],
      },
      { title: 'format and lint (biome)', cmd: 'npx', args: ['biome', 'check', '.'] },
      { title: 'type check (tsc)', cmd: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
    ]),
  () => vitest('unit'),
  () => vitest('integration'),
  // The production app whatever NODE_ENV the shell has (Vite builds the development one under any other).
  () => run('build the browser app', 'npx', ['vite', 'build'], { NODE_ENV: 'production' }),
  () => vitest('e2e'),
];

let ok = true;
for (const step of steps) {
  if (!(await step())) {
    ok = false;
    break;
  }
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
