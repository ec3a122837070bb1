// A set of choices stored as one string of their one-character values, in the order the choices are
// declared: the custom-field placement (spec 000 section 3, displayPage "1 search, 2 table column,
// 3 detail, 4 and 5 editable columns") is "123" for search, column and detail. Pure, so the widget and
// its tests share it.

/** The declared values the string holds, in the declared order; characters naming no choice are dropped. */
export function digitsToValues(digits: string | null | undefined, choices: readonly string[]): string[] {
  const held = new Set(String(digits ?? ''));
  return choices.filter((c) => held.has(c));
}

/** The string of the chosen values, each once, in the declared order ('' when none is chosen). */
export function valuesToDigits(
  values: readonly unknown[] | null | undefined,
  choices: readonly string[],
): string {
  const chosen = new Set((values ?? []).map(String));
  return choices.filter((c) => chosen.has(c)).join('');
}
