// What makes a barcode rule hold together beyond each field on its own: the field an element fills
// belongs to its parameter, a lot-attribute element names a batch rule of the same organisation that
// carries that attribute, a match criterion is a regular expression, and the parse method has what it
// needs from every element (fixed length: lengths adding up to codeTotal; separator: distinct part
// numbers; prefix: distinct prefixes).

import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import { GUEST_COLS, LOT_ATTS, STANDARD_COLS } from '../resource/field-kinds.js';
import type { Row } from '../resource/resource.js';

export const PARSE_METHOD = { fixedLength: '1', separator: '2', prefix: '3' } as const;

const FIELDS_OF: Record<string, readonly string[]> = {
  standardCol: STANDARD_COLS,
  guestCol: GUEST_COLS,
  lotAtt: LOT_ATTS,
};

function lineProblem(ctx: CallContext, line: number, field: string, problem: string, params = {}) {
  return new AppError('lineInvalid', {
    line,
    field: ctx.t(`field.${field}`),
    problem: ctx.t(problem, params),
  });
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

export async function checkBarRule(ctx: CallContext, rule: Row): Promise<void> {
  const elements = (rule.elementList ?? []) as Row[];
  const method = String(rule.parseMethod);
  const seen = new Map<string, number>();
  for (const [i, e] of elements.entries()) {
    const line = i + 1;
    const parameter = String(e.parameter);
    if (!FIELDS_OF[parameter]?.includes(String(e.fieldType)))
      throw lineProblem(ctx, line, 'fieldType', 'problem.fieldTypeOfParameter', {
        parameter: ctx.t(`enum.BAR_PARAMETER.${parameter}`),
      });
    if (parameter === 'lotAtt') {
      if (blank(e.lotRule)) throw lineProblem(ctx, line, 'lotRule', 'problem.required');
      const carries = await ctx.db
        .selectFrom('bmLotRuleHead as h')
        .innerJoin('bmLotRuleLine as l', 'l.lotRuleId', 'h.id')
        .select('h.id')
        .where('h.orgNo', '=', String(rule.orgNo))
        .where('h.lotRuleNo', '=', String(e.lotRule))
        .where('h.statusCode', '=', '1')
        .where('l.lotAtt', '=', String(e.fieldType))
        .executeTakeFirst();
      if (!carries)
        throw lineProblem(ctx, line, 'lotRule', 'problem.lotRuleCarries', {
          value: String(e.lotRule),
          lotAtt: String(e.fieldType),
        });
    } else if (!blank(e.lotRule)) throw lineProblem(ctx, line, 'lotRule', 'problem.onlyForLotAtt');
    if (!blank(e.matchCriteria)) {
      try {
        new RegExp(String(e.matchCriteria));
      } catch {
        throw lineProblem(ctx, line, 'matchCriteria', 'problem.regex');
      }
    }
    const needed =
      method === PARSE_METHOD.fixedLength
        ? 'leng'
        : method === PARSE_METHOD.separator
          ? 'partNo'
          : 'prefixChar';
    if (blank(e[needed]))
      throw lineProblem(ctx, line, needed, 'problem.neededByParseMethod', {
        method: ctx.t(`enum.BAR_PARSE_METHOD.${method}`),
      });
    if (needed !== 'leng') {
      const key = String(e[needed]);
      if (seen.has(key))
        throw new AppError('lineDuplicate', {
          line,
          other: seen.get(key)!,
          field: ctx.t(`field.${needed}`),
          value: key,
        });
      seen.set(key, line);
    }
  }
  if (method === PARSE_METHOD.fixedLength && !blank(rule.codeTotal)) {
    const sum = elements.reduce((n, e) => n + Number(e.leng ?? 0), 0);
    if (sum !== Number(rule.codeTotal))
      throw new AppError('ruleInconsistent', {
        problem: ctx.t('problem.lengthsAddUp', { sum, total: Number(rule.codeTotal) }),
      });
  }
}
