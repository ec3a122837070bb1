// Who is calling the integration API: the key in `Authorization: Bearer <key>`, looked up by its hash
// among the keys not revoked. A user's session token is no key, and a key is no session: neither opens
// the other's door.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { hashKey } from '../modules/ISysApiKeyService.js';

export interface ApiClient {
  keyId: string;
  keyName: string;
  entities: ReadonlySet<string>;
  orgs: ReadonlySet<string>;
}

const split = (list: string) => new Set(list.split(',').filter(Boolean));

/** The client of a request, counted as used; 10150 when the key is missing, unknown or revoked. */
export async function clientOf(db: Db, authorization: string | undefined): Promise<ApiClient> {
  const key = /^Bearer (srm_[0-9a-f]{8}_[A-Za-z0-9_-]{43})$/.exec(authorization ?? '')?.[1];
  if (!key) throw new AppError('integrationKey');
  const row = await db
    .updateTable('sysApiKey')
    .set({ lastUsed: new Date(), requestCount: sql`request_count + 1` })
    .where('keyHash', '=', hashKey(key))
    .where('statusCode', '=', '1')
    .returning(['id', 'keyName', 'entities', 'orgNos'])
    .executeTakeFirst();
  if (!row) throw new AppError('integrationKey');
  return { keyId: row.id, keyName: row.keyName, entities: split(row.entities), orgs: split(row.orgNos) };
}

/** 10151 unless the key may use `entity`. */
export function requireEntity(client: ApiClient, entity: string): void {
  if (!client.entities.has(entity)) throw new AppError('integrationScope', { what: entity });
}
