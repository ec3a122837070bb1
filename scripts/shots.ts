// `npm run shots`: the e2e project with its screenshots for people to look at (never compared), into
// SHOTS (default /tmp/shots). The test suite itself takes none.
import { spawnSync } from 'node:child_process';

const shots = process.env.SHOTS || '/tmp/shots';
const env = { ...process.env, SHOTS: shots };
const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit', env });
if (build.status !== 0) process.exit(build.status ?? 1);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'e2e', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env,
});
console.log(`\nScreenshots in ${shots}`);
process.exit(run.status ?? 1);
