// What the benchmarks on a million order lines share: the lines still missing of `lines`, filled through
// the integration API by the simulator's scale mode (a replay of what is there already), with progress.
import { sql } from 'kysely';
import type { Db } from '../../services/db/database.js';
import { SCALE_ORGS } from './catalogue.js';
import { integrationClient, portalLogin } from './client.js';
import { runScale } from './modes.js';
import { createKey, ensureScaleParties } from './setup.js';

export async function fillOrderLines(
  db: Db,
  url: string,
  o: { lines: number; today: string; keyName: string },
): Promise<void> {
  const have = Number(
    (
      await sql<{ n: string }>`select count(*) as n from srm_purchase where purchase_no like '46%'`.execute(
        db,
      )
    ).rows[0].n,
  );
  if (have >= o.lines) return;
  const session = await portalLogin(url, 'admin', 'demo1234');
  await ensureScaleParties(session);
  // A key of its own for each fill: a database filled part of the way before keeps the earlier one.
  const key = await createKey(session, have ? `${o.keyName}-${have}` : o.keyName, SCALE_ORGS);
  const started = performance.now();
  let shown = 0;
  const totals = await runScale(integrationClient(url, key), {
    lines: o.lines,
    seed: 42,
    today: o.today,
    batchLines: 1000,
    parallel: 2,
    progress: (t) => {
      if (t.lines - shown < 100_000) return;
      shown = t.lines;
      const sec = (performance.now() - started) / 1000;
      console.log(`  filled ${t.lines} lines, ${(t.lines / sec).toFixed(0)} lines/s`);
    },
  });
  const sec = (performance.now() - started) / 1000;
  console.log(
    `fill: ${totals.lines} lines (${totals.created} orders created) through the API in ${sec.toFixed(0)} s, ${(totals.lines / sec).toFixed(0)} lines/s`,
  );
}
