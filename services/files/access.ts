// Who sees a file: the data scope of the uploader, kept on the file (org_no, supplier_no).
// - The uploader always sees its own files.
// - Otherwise the file's organisation must be in the caller's scope (administrators: all).
// - A supplier's user sees only its own supplier's files.
// - Anyone sees the files of an announcement published to it (services/modules/ISrmSysNewsAudience.ts):
//   a news file whose ref_id names that announcement, whatever organisation uploaded it.
// Avatars follow the same rule (they are not public inside the portal): a buyer sees the avatars of
// users in its organisations, a supplier's user those of its own supplier's users.
// A file outside this rule is "not found" (10008), never "forbidden", so ids reveal nothing.
import { type ExpressionBuilder, type SelectQueryBuilder, sql } from 'kysely';
import { newsFilePublishedTo } from '../modules/ISrmSysNewsAudience.js';
import type { CallContext } from '../registry.js';

// Applied to the resource layer's dynamic queries too.
// biome-ignore lint/suspicious/noExplicitAny: dynamic tables.
type AnyQuery = SelectQueryBuilder<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: dynamic tables.
type AnyEb = ExpressionBuilder<any, any>;

export function whereVisible<Q extends AnyQuery>(ctx: CallContext, q: Q, alias = 't1'): Q {
  const user = ctx.user;
  if (!user) return q.where(sql<boolean>`false`) as Q;
  const { scope } = user;
  const col = (name: string) => `${alias}.${name}`;
  return q.where((dyn: AnyEb) => {
    const conditions = [];
    if (!scope.all)
      conditions.push(scope.orgs.length ? dyn(col('orgNo'), 'in', scope.orgs) : sql<boolean>`false`);
    if (scope.supplierNo) conditions.push(dyn(col('supplierNo'), '=', scope.supplierNo));
    const inScope = conditions.length ? dyn.and(conditions) : sql<boolean>`true`;
    return dyn.or([dyn(col('ownerUserId'), '=', user.id), inScope, newsFilePublishedTo(dyn, user, alias)]);
  }) as Q;
}
