// `npm run check:a11y [-- --no-build] [--db pglite|postgres] [--verbose]`
// The WCAG 2.1 A/AA check (axe-core) over the walk of e2e/support/a11yWalk.ts: the login page, the
// administrator's page kinds and dialogs, and the supplier's order line list, on a server of its own
// with the built app. Prints per stop the rules broken and the elements affected (goal: 0 everywhere),
// then the totals; --verbose prints each rule and its elements as well. Builds the app first unless
// --no-build (or E2E_DIST names a build). Exits 1 when anything is found.
import { spawnSync } from 'node:child_process';
import { type A11yViolation, a11yViolations, describeViolations } from '../e2e/support/a11y.js';
import { type Scan, seedA11yData, walkAdmin, walkLogin, walkSupplier } from '../e2e/support/a11yWalk.js';
import { startPortal } from '../e2e/support/portal.js';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

if (!process.argv.includes('--no-build') && !process.env.E2E_DIST) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const verbose = process.argv.includes('--verbose');
const found: { stop: string; violations: A11yViolation[] }[] = [];
const portal = await startPortal({
  database: arg('db', 'pglite') as 'pglite' | 'postgres',
  config: { scheduler: false },
});
let failed: unknown;
try {
  await seedA11yData(portal.server.server.database.db);
  const scan: Scan = async (page, stop, within) => {
    found.push({ stop, violations: await a11yViolations(page, within) });
    process.stderr.write(`  scanned ${stop}\n`);
  };
  for (const walk of [walkLogin, walkAdmin, walkSupplier]) {
    try {
      await walk(portal, scan);
    } catch (e) {
      // A walk that cannot go on (a page that does not show) is reported, and the others still run.
      failed = e;
      process.stderr.write(`walk ${walk.name} stopped: ${(e as Error).message}\n`);
    }
  }
} finally {
  await portal.close().catch((e) => process.stderr.write(`${(e as Error).message}\n`));
}

const width = Math.max(...found.map((f) => f.stop.length), 4);
console.log(`${'page'.padEnd(width)} | rules | elements | rule ids`);
console.log(`${'-'.repeat(width)} | ----- | -------- | --------`);
let rules = 0;
let elements = 0;
for (const { stop, violations } of found) {
  const n = violations.reduce((sum, v) => sum + v.nodes.length, 0);
  rules += violations.length;
  elements += n;
  console.log(
    `${stop.padEnd(width)} | ${String(violations.length).padStart(5)} | ${String(n).padStart(8)} | ${violations.map((v) => v.rule).join(', ')}`,
  );
  if (verbose && violations.length) console.log(describeViolations(violations));
}
console.log(`${found.length} pages: ${rules} rule violations, ${elements} elements`);
if (failed) console.log(`the walk stopped early: ${(failed as Error).message.split('\n')[0]}`);
process.exit(rules || failed ? 1 : 0);
