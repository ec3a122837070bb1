// Document numbers: prefix, optionally the organisation, a date part and a zero-padded sequence that
// starts again with each new date part (NT202611260001 is NT + 20261126 + 0001). The rule of an
// organisation wins over the rule for every organisation ('*'); a kind without a rule is numbered
// with its default. The counter, one per number stem, is taken with one upsert on
// sys_doc_number_seq: the row stays locked until the document's transaction ends, so two servers on
// one database never hand out one number twice, and a document that is not saved gives its number
// back.
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export interface NumberRule {
  prefix: string;
  withOrg: 'Y' | 'N';
  datePart: string;
  seqLength: number;
}

export const DATE_PARTS = ['', 'yy', 'yyyy', 'yyMM', 'yyyyMM', 'yyMMdd', 'yyyyMMdd'] as const;

/** The rule a kind uses when nobody has written one. */
export const DEFAULT_RULE: NumberRule = { prefix: '', withOrg: 'N', datePart: 'yyyyMMdd', seqLength: 4 };

/** The date part of a number, from the server's local calendar day. */
export function formatDatePart(pattern: string, date: Date): string {
  const yyyy = String(date.getFullYear());
  const MM = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return pattern.replace('yyyy', yyyy).replace('yy', yyyy.slice(2)).replace('MM', MM).replace('dd', dd);
}

/** The number without its sequence: prefix, organisation (when the rule shows it) and date part. */
export function numberStem(rule: NumberRule, orgNo: string, now: Date): string {
  return `${rule.prefix}${rule.withOrg === 'Y' ? orgNo : ''}${formatDatePart(rule.datePart, now)}`;
}

async function ruleFor(db: Db, kind: string, orgNo: string, fallback: NumberRule): Promise<NumberRule> {
  const rows = await db
    .selectFrom('sysDocNumberRule')
    .select(['orgNo', 'prefix', 'withOrg', 'datePart', 'seqLength'])
    .where('docKind', '=', kind)
    .where('orgNo', 'in', [orgNo, '*'])
    .where('statusCode', '=', '1')
    .execute();
  const rule = rows.find((r) => r.orgNo === orgNo) ?? rows.find((r) => r.orgNo === '*');
  return rule
    ? {
        prefix: rule.prefix,
        withOrg: rule.withOrg as 'Y' | 'N',
        datePart: rule.datePart,
        seqLength: rule.seqLength,
      }
    : fallback;
}

/**
 * The next number of a document kind for an organisation. Call it inside the transaction that saves
 * the document.
 */
export async function nextNumber(
  db: Db,
  kind: string,
  orgNo: string,
  fallback: NumberRule = DEFAULT_RULE,
  now = new Date(),
): Promise<string> {
  const rule = await ruleFor(db, kind, orgNo, fallback);
  const stem = numberStem(rule, orgNo, now);
  const { rows } = await sql<{ lastValue: string | number }>`
    insert into sys_doc_number_seq (doc_kind, stem, last_value)
    values (${kind}, ${stem}, 1)
    on conflict (doc_kind, stem)
    do update set last_value = sys_doc_number_seq.last_value + 1
    returning last_value`.execute(db);
  return `${stem}${String(rows[0].lastValue).padStart(rule.seqLength, '0')}`;
}
