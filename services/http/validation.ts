// Turns a JSON Schema failure into one sentence in the caller's language, naming the field.
import type { Translate } from '../i18n.js';

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

export function describeValidation(errors: AjvError[], t: Translate): { field: string; problem: string } {
  const err = errors[0];
  const segments = err.instancePath.split('/').filter(Boolean);
  let name = segments.at(-1) ?? '';
  if (err.keyword === 'required') name = String(err.params.missingProperty);
  if (err.keyword === 'additionalProperties') name = String(err.params.additionalProperty);
  const pathOf = [...segments.filter((s) => s !== 'condition'), ...(name !== segments.at(-1) ? [name] : [])];
  const last = pathOf.at(-1) ?? 'body';
  const label = /^\d+$/.test(last)
    ? pathOf.join('.')
    : t(`field.${last}`, { defaultValue: pathOf.join('.') || 'body' });
  return { field: label, problem: problemOf(err, t) };
}

function problemOf(err: AjvError, t: Translate): string {
  const p = err.params;
  switch (err.keyword) {
    case 'required':
      return t('problem.required');
    case 'type': {
      const type = String(p.type).split(',')[0];
      return t('problem.type', { type: t(`type.${type}`) });
    }
    case 'minLength':
      return p.limit === 1 ? t('problem.required') : t('problem.minLength', { limit: p.limit });
    case 'maxLength':
    case 'minimum':
    case 'maximum':
    case 'minItems':
    case 'maxItems':
      return t(`problem.${err.keyword}`, { limit: p.limit });
    case 'exclusiveMinimum':
      return t('problem.minimum', { limit: p.limit });
    case 'pattern':
      return t('problem.pattern');
    case 'enum':
      return t('problem.enum', { allowed: (p.allowedValues as unknown[]).map(String).join(', ') });
    case 'const':
      return t('problem.enum', { allowed: String(p.allowedValue) });
    case 'format':
      return t('problem.format', { format: String(p.format) });
    case 'additionalProperties':
      return t('problem.additionalProperties');
    default:
      return t('problem.invalid');
  }
}
