// "Did you mean" for a misspelt name: the closest valid names by edit distance, or the whole list when
// it is short enough to read.

/** Levenshtein distance, case-insensitive (a wrong capital is a misspelling too). */
export function editDistance(a: string, b: string): number {
  const s = a.toLowerCase();
  const t = b.toLowerCase();
  if (s === t) return a === b ? 0 : 1;
  let prev = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const cur = [i];
    for (let j = 1; j <= t.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (s[i - 1] === t[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[t.length];
}

/** The candidates close enough to `name` to be what was meant, closest first. */
export function closest(name: string, candidates: Iterable<string>): string[] {
  // A short name (a state code) is near everything: it gets the list instead.
  if (name.length < 4) return [];
  const limit = Math.max(2, Math.floor(name.length / 3));
  const near = [...new Set(candidates)]
    .map((c) => ({ c, d: editDistance(name, c) }))
    .filter(({ c, d }) => d <= limit && c !== name);
  // Only the closest: a second name one letter further away is rarely what was meant.
  const best = Math.min(...near.map(({ d }) => d));
  return near
    .filter(({ d }) => d === best)
    .map(({ c }) => c)
    .sort()
    .slice(0, 3);
}

/** Names shown in full up to this many; beyond, only the close ones and where to look. */
export const SHORT_LIST = 12;

/**
 * What to do about a name that is not among `candidates`: `did you mean "x"?` when one is close,
 * else `use one of a, b, c` when the list is short, else `elsewhere` (where to look them up).
 */
export function fixFor(name: string, candidates: Iterable<string>, elsewhere: string): string {
  const all = [...new Set(candidates)];
  const near = closest(name, all);
  if (near.length) return `did you mean ${near.map((n) => `"${n}"`).join(' or ')}?`;
  if (all.length === 0) return elsewhere;
  if (all.length <= SHORT_LIST) return `use one of ${all.join(', ')}`;
  return elsewhere;
}
