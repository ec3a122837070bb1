// `npm test`: every check and every test, stopping at the first step that fails. First, side by side,
// the static checks, the production build of the browser app and the test databases' templates, and,
// once those but the type check have passed, the unit tests beside the type check; then the
// integration and e2e tests in turn, on the templates built here (TEST_TEMPLATES, read by
// tests/support/global-setup.ts), which are dropped when the run ends. Ends with the plain line "N
// passed, N failed" summed over all vitest projects. Test files run in parallel workers: the
// integration files wait on PostgreSQL as much as they compute, so they take more workers than there
// are cores; each e2e worker drives a Chromium of its own, so they take one per core.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTemplates, dropTemplates, type Templates } from '../tests/support/templates.js';

const reportDir = mkdtempSync(join(tmpdir(), 'srm-test-report-'));
let passed = 0;
let failed = 0;

let templates: Templates | undefined;

/** A command with the terminal as its output; true when it passed. */
async function run(title: string, cmd: string, args: string[]): Promise<boolean> {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const child = spawn(cmd, args, {
    stdio: 'inherit',
    env: templates ? { ...process.env, TEST_TEMPLATES: JSON.stringify(templates) } : process.env,
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  console.log(
    `=== ${title}: ${code === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return code === 0;
}

interface Task {
  title: string;
  /** A command, whose output is kept and printed whole when every task has ended. */
  cmd?: string;
  args?: string[];
  env?: NodeJS.ProcessEnv;
  /** Or work done in this process. */
  work?: () => Promise<void>;
}

interface Outcome {
  ok: boolean;
  output: string;
  seconds: number;
}

function runTask(t: Task, started: number): Promise<Outcome> {
  const seconds = () => (Date.now() - started) / 1000;
  if (t.work)
    return t.work().then(
      () => ({ ok: true, output: '', seconds: seconds() }),
      (e: Error) => ({ ok: false, output: `${e.stack ?? e}\n`, seconds: seconds() }),
    );
  return new Promise((resolve) => {
    const child = spawn(t.cmd ?? '', t.args ?? [], { env: { ...process.env, ...t.env } });
    const output: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => output.push(b));
    child.stderr.on('data', (b: Buffer) => output.push(b));
    child.on('close', (code) =>
      resolve({ ok: code === 0, output: Buffer.concat(output).toString(), seconds: seconds() }),
    );
  });
}

function print(t: Task, r: Outcome): void {
  console.log(`\n=== ${t.title}`);
  process.stdout.write(r.output);
  console.log(`=== ${t.title}: ${r.ok ? 'ok' : 'FAILED'} in ${r.seconds.toFixed(1)} s`);
}

/**
 * Tasks that need nothing of each other, run side by side; each one's output is printed whole when all
 * have ended, in the order given. True when every one passed.
 */
async function runTogether(tasks: Task[]): Promise<boolean> {
  const started = Date.now();
  const results = await Promise.all(tasks.map((t) => runTask(t, started)));
  for (const [i, t] of tasks.entries()) print(t, results[i]);
  return results.every((r) => r.ok);
}

const CORES = availableParallelism();
// Integration files wait on PostgreSQL (a database copy from the template takes about half a second of
// disk) and on servers they start in processes of their own, so two more workers than cores keep both
// busy: on two cores, 271 s with three workers, 232 s with four, 257 s with five. The e2e files keep
// Chromium busy on every core: three workers on two cores took longer than two.
const WORKERS: Record<string, number> = {
  unit: CORES,
  integration: CORES + 2,
  e2e: CORES,
};

/** The vitest projects of each step: unit-isolated holds the unit files that replace modules. */
const PROJECTS: Record<string, string[]> = {
  unit: ['unit', 'unit-isolated'],
  integration: ['integration'],
  e2e: ['e2e'],
};

async function vitest(project: string): Promise<boolean> {
  const out = join(reportDir, `${project}.json`);
  const ok = await run(`${project} tests`, 'npx', [
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

const TYPE_CHECK: Task = {
  title: 'type check (tsc)',
  cmd: 'npx',
  args: ['tsc', '--noEmit', '-p', 'tsconfig.json'],
};

/** What runs beside the type check, each on what the other core has. */
const BESIDE_TYPE_CHECK: Task[] = [
  // npm run check, every step: screen files, locales, the types made from schemas/ and (on a
  // throwaway database) from services/db/migrations/, the screen schema's reference page.
  {
    title: 'npm run check (screens, locales, generated files)',
    cmd: 'npx',
    args: ['tsx', 'scripts/check.ts', '--all'],
  },
  { title: 'format and lint (biome)', cmd: 'npx', args: ['biome', 'check', '.'] },
  // The production app whatever NODE_ENV the shell has (Vite builds the development one under any
  // other); the e2e tests serve it.
  { title: 'build the browser app', cmd: 'npx', args: ['vite', 'build'], env: { NODE_ENV: 'production' } },
  {
    title: 'test databases: the PostgreSQL template and the PGlite folder',
    work: async () => {
      templates = await buildTemplates({ pglite: true });
    },
  },
];

/**
 * The type check takes one core for over a minute, longer than the other static tasks together take
 * the other core: the unit tests start as soon as those have passed, and the type check's output is
 * printed when it ends.
 */
async function staticChecksAndUnitTests(): Promise<boolean> {
  const typeCheck = runTask(TYPE_CHECK, Date.now());
  const ok = (await runTogether(BESIDE_TYPE_CHECK)) && (await vitest('unit'));
  const typed = await typeCheck;
  print(TYPE_CHECK, typed);
  return ok && typed.ok;
}

const steps: (() => Promise<boolean>)[] = [
  staticChecksAndUnitTests,
  () => vitest('integration'),
  () => vitest('e2e'),
];

let ok = true;
try {
  for (const step of steps) {
    if (!(await step())) {
      ok = false;
      break;
    }
  }
} finally {
  if (templates) await dropTemplates(templates);
}
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
