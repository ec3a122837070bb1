// The rules between a selector and the field it depends on (spec 000 section 5), as pure functions so
// the form controller and the tests share them.

export const isEmptyValue = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export interface SelectorContext {
  /** The field this selector depends on has a value (true when it depends on none). */
  parentValue: unknown;
  dependsOn?: string;
  /** The route has parameters (an edit page). */
  routeHasParams: boolean;
  /** The organisation selector itself. */
  isOrganisation: boolean;
  /** A dependent value that is no key of the record: it stays editable on edit pages. */
  enabledOnEdit?: boolean;
}

/**
 * A selector is disabled until its parent has a value; a dependent selector and the organisation
 * selector are also disabled when the route has parameters (edit pages).
 */
export function isSelectorDisabled(c: SelectorContext): boolean {
  if (c.routeHasParams && (c.isOrganisation || (c.dependsOn && !c.enabledOnEdit))) return true;
  return Boolean(c.dependsOn) && isEmptyValue(c.parentValue);
}

/** A dependent value is cleared when its parent changes to anything else. */
export function shouldClear(previousParent: unknown, nextParent: unknown): boolean {
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
