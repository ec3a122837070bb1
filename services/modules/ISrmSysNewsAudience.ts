// Who an announcement is published to: the one rule every news call applies (the purchaser's list for
// suppliers' users, the notice list and detail, read records, attachments and their downloads, the
// public pages). Published (status 1), within its validity today, and by target:
//   1 everyone        every user of the portal, and visitors of the public pages;
//   2 all suppliers   suppliers' users whose data scope holds the announcement's organisation;
//   3 chosen          suppliers' users of a supplier on its chosen-supplier lines;
//   4 internal users  buyer-side users whose data scope holds the announcement's organisation.
// hand-written SQL: the rule is one expression, reused inside other tables' queries (files)
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { SessionUser } from '../registry.js';

export const NEWS_TARGET = { everyone: '1', suppliers: '2', chosen: '3', internal: '4' } as const;

// biome-ignore lint/suspicious/noExplicitAny: used inside queries on several tables.
type AnyEb = ExpressionBuilder<any, any>;

/** Published and valid today (dates compared as the database's calendar day). */
export function publishedNow(eb: AnyEb, alias: string): Expression<SqlBool> {
  const col = (c: string) => sql.ref(`${alias}.${c}`);
  return eb.and([
    eb(`${alias}.status`, '=', '1'),
    sql<boolean>`(${col('validFrom')} is null or ${col('validFrom')} <= current_date)`,
    sql<boolean>`(${col('validTo')} is null or ${col('validTo')} >= current_date)`,
  ]);
}

/**
 * The announcements (rows of srm_sys_news under `alias`) published to this user today; without a
 * user (a visitor), those published to everyone.
 */
export function publishedTo(eb: AnyEb, user: SessionUser | undefined, alias = 't1'): Expression<SqlBool> {
  const target = `${alias}.publishTarget`;
  const inScope = (): Expression<SqlBool> => {
    if (user?.scope.all) return sql<boolean>`true`;
    return user?.scope.orgs.length ? eb(`${alias}.orgNo`, 'in', user.scope.orgs) : sql<boolean>`false`;
  };
  const audiences: Expression<SqlBool>[] = [eb(target, '=', NEWS_TARGET.everyone)];
  const supplierNo = user?.scope.supplierNo;
  if (user && supplierNo) {
    audiences.push(eb.and([eb(target, '=', NEWS_TARGET.suppliers), inScope()]));
    audiences.push(
      eb.and([
        eb(target, '=', NEWS_TARGET.chosen),
        eb.exists(
          eb
            .selectFrom('srmSysNewsSupplier as chosen')
            .select(sql`1`.as('one'))
            .whereRef('chosen.newsId', '=', `${alias}.id`)
            .where('chosen.supplierNo', '=', supplierNo),
        ),
      ]),
    );
  } else if (user) {
    audiences.push(eb.and([eb(target, '=', NEWS_TARGET.internal), inScope()]));
  }
  return eb.and([publishedNow(eb, alias), eb.or(audiences)]);
}

/**
 * A news file (sys_file under `fileAlias`) attached to an announcement published to this user: its
 * ref_id names the announcement and the announcement lists it.
 */
export function newsFilePublishedTo(
  eb: AnyEb,
  user: SessionUser | undefined,
  fileAlias = 't1',
): Expression<SqlBool> {
  return eb.and([
    eb(`${fileAlias}.module`, '=', 'news'),
    eb.exists(
      eb
        .selectFrom('srmSysNews as news')
        .select(sql`1`.as('one'))
        .where(sql<boolean>`news.id::text = ${sql.ref(`${fileAlias}.refId`)}`)
        // Listed on the announcement too: a ref_id given at upload time alone attaches nothing.
        .where(sql<boolean>`${sql.ref(`${fileAlias}.id`)}::text = any(string_to_array(news.file_ids, ','))`)
        .where((inner) => publishedTo(inner, user, 'news')),
    ),
  ]);
}
