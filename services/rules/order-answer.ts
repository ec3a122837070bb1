// Which order answer rule applies to an order line, and the day its answer is due. A rule belongs to an
// organisation and may narrow to an order type, a supplier or both; among the valid rules of the line's
// organisation that fit it, the most specific wins: supplier and type, then supplier, then type, then
// the organisation's own. A rule that does not ask for an answer gives no due date, and neither does the
// absence of a rule. Due dates are written when a line arrives (services/integration/orders.ts and the
// demo seed): a rule changed later does not move them.
import { addDays } from '../../engine/core/dates.js';
import type { Db } from '../db/database.js';

export interface AnswerRule {
  orgNo: string;
  orderType: string | null;
  supplierNo: string | null;
  answerRequired: string;
  answerDays: number | null;
}

export interface RuleTarget {
  orgNo: string;
  orderType: string;
  supplierNo: string;
}

/** How specific a rule is: a supplier weighs more than an order type. */
const weight = (r: AnswerRule) => (r.supplierNo ? 2 : 0) + (r.orderType ? 1 : 0);

/** The most specific rule that fits the line, if any (rules: the valid ones). */
export function applicableRule(rules: readonly AnswerRule[], line: RuleTarget): AnswerRule | undefined {
  let best: AnswerRule | undefined;
  for (const r of rules) {
    if (r.orgNo !== line.orgNo) continue;
    if (r.orderType && r.orderType !== line.orderType) continue;
    if (r.supplierNo && r.supplierNo !== line.supplierNo) continue;
    if (!best || weight(r) > weight(best)) best = r;
  }
  return best;
}

/** The day the answer of a line is due, counted from `from` (the order date), or null. */
export function answerDueDate(rules: readonly AnswerRule[], line: RuleTarget, from: string): string | null {
  const rule = applicableRule(rules, line);
  if (rule?.answerRequired !== 'Y' || !rule.answerDays) return null;
  return addDays(from, rule.answerDays);
}

/** The valid rules of some organisations, read once for a batch of orders. */
export async function answerRulesOf(db: Db, orgNos: readonly string[]): Promise<AnswerRule[]> {
  if (!orgNos.length) return [];
  return db
    .selectFrom('srmOrderAnswerConfig')
    .select(['orgNo', 'orderType', 'supplierNo', 'answerRequired', 'answerDays'])
    .where('orgNo', 'in', [...new Set(orgNos)])
    .where('statusCode', '=', '1')
    .execute();
}
