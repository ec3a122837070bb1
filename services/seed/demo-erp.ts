// The demo's ERP: `npm start` on a database seeded for the demo runs the ERP simulator's demo load
// (`npm run erp:simulate -- --once`: several hundred orders of all three types for both demo suppliers,
// and the warehouse's receipts of shipped notices) once the server listens, in a process of its own
// that reaches the portal only through its API, as a buyer's ERP would. A marker row, written when the
// load has ended well, keeps later starts from loading it again (a second load would be a replay
// anyway: nothing changes). DEMO_ERP=off, or no demo seed, leaves it out.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/database.js';
import { seedOnce } from './once.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MARKER = 'demo-erp';

/**
 * Loads the simulator's demo into the portal at `url` unless an earlier start did; settles with what
 * happened. `args` are passed on to the simulator (a test loads fewer orders).
 */
export async function feedDemoErp(
  db: Db,
  url: string,
  log: (line: string) => void,
  args: string[] = [],
): Promise<'loaded' | 'done before' | 'failed'> {
  const marker = await db.selectFrom('sysSeed').select('name').where('name', '=', MARKER).executeTakeFirst();
  if (marker) return 'done before';
  log(`erp simulator: loading the demo orders into ${url}`);
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/erp-simulate.ts',
      '--once',
      '--admin',
      'admin:demo1234',
      '--url',
      url,
      ...args,
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => {
      // The key the simulator made is printed for its user; the server's log keeps only its prefix.
      for (const line of chunk.toString().split('\n'))
        if (line.trim())
          log(`erp simulator: ${line.trim().replace(/(srm_[0-9a-f]{8}_)[A-Za-z0-9_-]+/g, '$1…')}`);
    });
  const code = await new Promise<number | null>((resolve) => {
    child.once('error', () => resolve(-1));
    child.once('exit', resolve);
  });
  if (code !== 0) {
    log(`erp simulator: ended with ${code}; the next start tries again`);
    return 'failed';
  }
  await seedOnce(db, MARKER);
  return 'loaded';
}
