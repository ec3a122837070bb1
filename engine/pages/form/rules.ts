// Screen rule data → Formily validator descriptions. Messages are translated here, once per form.
import dayjs from 'dayjs';
import { checkDecimal, compareDecimals, isDecimal } from '../../core/decimal';
import { type PasswordRule, passwordBreach } from '../../core/passwordPolicy';
import type { NormalisedField, NormalisedRule } from '../../screens/types';
import {
  FORMAT_CHECKS,
  isNumberSize,
  isSameAs,
  NUMBER_MAX_DECIMALS,
  NUMBER_MAX_DIGITS,
} from '../../validation/validators';
import { missingLanguages } from '../../widgets/i18nNamesValue';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface ValidatorRule {
  triggerType: 'onInput' | 'onBlur';
  message: string;
  required?: boolean;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  validator?: (
    value: unknown,
    rule: unknown,
    ctx: { form: { values: Record<string, unknown> } },
  ) => string | boolean | Promise<string | boolean>;
}

/** What a form loads from the server for its rules: the active password policy (format passwordPolicy). */
export interface RuleSources {
  /** The policy's rule; undefined when it could not be loaded (the server still judges on save). */
  passwordRule?: () => Promise<PasswordRule | undefined>;
}

export const isEmptyValue = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export function fieldRules(field: NormalisedField, t: Translate, sources: RuleSources = {}): ValidatorRule[] {
  const label = t(field.labelKey);
  const triggerType = field.trigger === 'blur' ? 'onBlur' : 'onInput';
  const rules: ValidatorRule[] = [];
  if (field.required)
    rules.push({ required: true, triggerType, message: t(field.requiredMessageKey, { label }) });
  if (field.maxLength !== undefined)
    rules.push({
      maxLength: field.maxLength,
      triggerType,
      message: t('validation.maxLength', { label, max: field.maxLength }),
    });
  if (field.pattern !== undefined)
    rules.push({ pattern: field.pattern, triggerType, message: t(field.patternMessageKey, { label }) });
  if (field.widget === 'decimal') rules.push(...decimalRules(field, t, label, triggerType));
  else {
    if (field.min !== undefined)
      rules.push({
        minimum: field.min,
        triggerType,
        message: t('validation.min', { label, min: field.min }),
      });
    if (field.max !== undefined)
      rules.push({
        maximum: field.max,
        triggerType,
        message: t('validation.max', { label, max: field.max }),
      });
  }
  if (field.notZero) {
    // Spec 001 section 5: a unit conversion's quantities must not be 0.
    const message = t(field.notZeroMessageKey, { label });
    rules.push({
      triggerType,
      message,
      validator: (v) => isEmptyValue(v) || !isDecimal(v) || compareDecimals(v as string, 0) !== 0 || message,
    });
  }
  if (field.widget === 'number') {
    const message = t('validation.numberSize', {
      label,
      digits: NUMBER_MAX_DIGITS,
      decimals: NUMBER_MAX_DECIMALS,
    });
    rules.push({ triggerType, message, validator: (v) => isNumberSize(v) || message });
  }
  if (field.widget === 'i18nNames' && field.required) {
    // A name in every language: each of the four inputs must be filled.
    const message = t('validation.allLanguages', { label });
    rules.push({ triggerType, message, validator: (v) => missingLanguages(v).length === 0 || message });
  }
  if (field.format === 'passwordPolicy') rules.push(passwordPolicyRule(sources, t, label, triggerType));
  else if (field.format) {
    const { check, messageKey } = FORMAT_CHECKS[field.format];
    const message = t(messageKey, { label });
    rules.push({ triggerType, message, validator: (v) => check(v) || message });
  }
  return rules;
}

/**
 * The server's password policy, judged by the function the server judges with: the first breach, in
 * the words of the server's refusal (its reason). The password is for the user the form's userNo names.
 */
function passwordPolicyRule(
  sources: RuleSources,
  t: Translate,
  label: string,
  triggerType: ValidatorRule['triggerType'],
): ValidatorRule {
  return {
    triggerType,
    message: t('validation.passwordPolicy', { label, reason: '' }),
    validator: async (v, _rule, ctx) => {
      if (isEmptyValue(v) || !sources.passwordRule) return true;
      const rule = await sources.passwordRule();
      if (!rule) return true;
      const userNo = ctx.form.values.userNo;
      const breach = passwordBreach(rule, String(v), {
        userNo: typeof userNo === 'string' ? userNo : undefined,
      });
      return breach ? t('validation.passwordPolicy', { label, reason: t(breach.key, breach.params) }) : true;
    },
  };
}

/**
 * An exact decimal's rules, judged on its text as the server judges it (engine/core/decimal.ts): fewer
 * than 20 digits, at most `precision` decimals (default 5) and the bounds, compared exactly.
 */
function decimalRules(
  field: NormalisedField,
  t: Translate,
  label: string,
  triggerType: ValidatorRule['triggerType'],
): ValidatorRule[] {
  const size = t('validation.numberSize', {
    label,
    digits: NUMBER_MAX_DIGITS,
    decimals: field.precision ?? NUMBER_MAX_DECIMALS,
  });
  const min = t('validation.min', { label, min: field.min });
  const max = t('validation.max', { label, max: field.max });
  const limits = { scale: field.precision ?? NUMBER_MAX_DECIMALS, minimum: field.min, maximum: field.max };
  return [
    {
      triggerType,
      message: size,
      validator: (v) => {
        if (isEmptyValue(v)) return true;
        const refusal = checkDecimal(v, limits).refusal;
        if (!refusal) return true;
        return refusal.problem === 'minimum' ? min : refusal.problem === 'maximum' ? max : size;
      },
    },
  ];
}

/**
 * Orders two values the way a user reads them: as numbers when both are numbers or decimal text
 * (exactly), as dates when both are dates, else as text.
 */
export function compareValues(a: unknown, b: unknown): number {
  if (isDecimal(a) && isDecimal(b)) return compareDecimals(a as string, b as string);
  const na = typeof a === 'number' ? a : Number.NaN;
  const nb = typeof b === 'number' ? b : Number.NaN;
  if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  const da = dayjs(a as string);
  const db = dayjs(b as string);
  if (da.isValid() && db.isValid()) return da.valueOf() - db.valueOf();
  return String(a).localeCompare(String(b));
}

export function crossRule(rule: NormalisedRule, labels: Record<string, string>, t: Translate): ValidatorRule {
  const message = t(rule.messageKey, { label: labels[rule.field], other: labels[rule.other] });
  return {
    triggerType: 'onInput',
    message,
    validator: (value, _rule, ctx) => {
      const other = ctx.form.values[rule.other];
      if (isEmptyValue(value) || (isEmptyValue(other) && rule.type !== 'sameAs')) return true;
      // The schema's rule type enum grows with this switch.
      switch (rule.type) {
        case 'notAfter':
          return compareValues(value, other) <= 0 ? true : message;
        case 'sameAs':
          return isSameAs(value, other) ? true : message;
      }
    },
  };
}
