// The rules between a selector and the field it depends on (spec 000 section 5), as pure functions so
// the form controller and the tests share them.
import type { NormalisedSelector } from '../screens/types';

export const isEmptyValue = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export interface SelectorContext {
  /** The values of the fields the selector needs (its dependsOn and lookupCondition fields). */
  parentValues: unknown[];
  /** The route has parameters (an edit page). */
  routeHasParams: boolean;
  /** Locked on edit pages: a dependent or organisation selector, unless the screen says otherwise. */
  lockOnEdit: boolean;
}

/**
 * A selector is disabled until every field it needs has a value (an organisation, and where used a
 * document nature), and on edit pages when it is locked there (spec 000 section 5).
 */
export function isSelectorDisabled(c: SelectorContext): boolean {
  if (c.routeHasParams && c.lockOnEdit) return true;
  return c.parentValues.some(isEmptyValue);
}

/**
 * A dependent value is cleared when its parent changes to anything else. A multi-select parent (the
 * organisations of a user's data scope) clears it only when a value is taken away: adding an
 * organisation leaves the warehouses already chosen valid.
 */
export function shouldClear(previousParent: unknown, nextParent: unknown, multipleParent = false): boolean {
  if (multipleParent) {
    const next = splitValues(nextParent);
    return splitValues(previousParent).some((v) => !next.includes(v));
  }
  const norm = (v: unknown) => (isEmptyValue(v) ? '' : String(v));
  return norm(previousParent) !== norm(nextParent);
}

/** A multi-select stores its values comma-joined. */
export function joinValues(values: unknown): string | undefined {
  if (!Array.isArray(values)) return isEmptyValue(values) ? undefined : String(values);
  return values.length ? values.map(String).join(',') : undefined;
}

export function splitValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return isEmptyValue(value) ? [] : String(value).split(',').filter(Boolean);
}

/** The next page is wanted when the list is scrolled to within `threshold` pixels of its bottom. */
export function nearBottom(
  target: { scrollTop: number; clientHeight: number; scrollHeight: number },
  threshold = 20,
): boolean {
  return target.scrollTop + target.clientHeight >= target.scrollHeight - threshold;
}

/** The default organisation: the user's own, when it is one of the user's organisations. */
export function defaultOrganisation(ownOrgNo: string | undefined, orgNos: string[]): string | undefined {
  if (ownOrgNo && orgNos.includes(ownOrgNo)) return ownOrgNo;
  return orgNos[0];
}

/** The lookup condition a selector sends beside its parent: constants and other fields' values. */
export function selectorCondition(
  s: NormalisedSelector,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...s.condition };
  for (const [key, prop] of Object.entries(s.conditionFields ?? {}))
    if (!(s.optionalFields?.includes(prop) && isEmptyValue(values[prop]))) out[key] = values[prop];
  return out;
}
