// Decimal fields (FieldDef type 'decimal') on the way in: every written value is checked by the rules
// the browser uses too (engine/core/decimal.ts) and stored as its canonical text, so nothing on the
// way passes through a float. A refusal is invalidValue (10017) in the caller's language, raised
// before anything is written.
import { checkDecimal, type DecimalLimits, type DecimalRefusal } from '../../engine/core/decimal.js';
import { AppError } from '../errors.js';
import type { Translate } from '../i18n.js';
import type { CallContext } from '../registry.js';
import type { FieldDef, ResourceDef } from './define.js';

/** The limits a decimal field declares (its scale and digits, else the spec's; its bounds). */
export function decimalLimits(f: FieldDef): DecimalLimits {
  return { scale: f.scale, digits: f.digits, minimum: f.minimum, maximum: f.maximum };
}

/** What is wrong with a refused value, as the caller's language says it after the field's name. */
export function decimalProblem(t: Translate, refusal: DecimalRefusal): string {
  switch (refusal.problem) {
    case 'notNumber':
      return t('problem.notNumber');
    case 'numberSize':
      return t('problem.numberSize', { digits: refusal.digits, decimals: refusal.decimals });
    case 'minimum':
      return t('problem.minimum', { limit: refusal.limit });
    case 'maximum':
      return t('problem.maximum', { limit: refusal.limit });
  }
}

/**
 * Checks the decimal fields among `values` (the writable values of an add or update) and replaces
 * each by its canonical text; empty ones (null) stay empty. Throws invalidValue on the first refusal.
 */
export function checkDecimals(
  def: ResourceDef,
  ctx: Pick<CallContext, 't'>,
  values: Record<string, unknown>,
) {
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.type !== 'decimal' || !(name in values)) continue;
    const v = values[name];
    if (v === null || v === undefined) continue;
    const checked = checkDecimal(v, decimalLimits(f));
    if (checked.refusal)
      throw new AppError('invalidValue', {
        field: ctx.t(`field.${name}`),
        problem: decimalProblem(ctx.t, checked.refusal),
      });
    values[name] = checked.value;
  }
}
