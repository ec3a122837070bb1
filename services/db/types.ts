// The row types of the tables, as Kysely sees them, are generated from the migrations into
// generated.ts (`npm run db:types`, scripts/generate-db-types.ts). The code imports them from here.
import type { BmStrategyHead } from './generated.js';

export type { DB } from './generated.js';

/** Every table's id is a uuid; the pattern, for ids inside other text (a news image's address). */
export const UUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID = new RegExp(`^${UUID_PATTERN}$`, 'i');

/** Whether `text` could be an id: checked before it reaches a uuid column, where anything else is a database error. */
export const isUuid = (text: string): boolean => UUID.test(text);

/** The kinds of warehouse strategy: the values the check constraint of bm_strategy_head allows. */
export type StrategyKind = BmStrategyHead['strategyKind'];
