// The row types of the tables, as Kysely sees them, are generated from the migrations into
// generated.ts (`npm run db:types`, scripts/generate-db-types.ts). The code imports them from here.
import type { BmStrategyHead } from './generated.js';

export type { DB } from './generated.js';

/** The kinds of warehouse strategy: the values the check constraint of bm_strategy_head allows. */
export type StrategyKind = BmStrategyHead['strategyKind'];
