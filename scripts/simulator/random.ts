// A seeded pseudo-random source (mulberry32): the same seed gives the same orders on every machine and
// every run, so a re-run of the simulator sends the very messages it sent before (a replay).
export interface Random {
  /** A float in [0, 1): only for choosing, never for a quantity or an amount. */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** One of the items, each as likely as its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  chance(p: number): boolean;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)],
    weighted(items) {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1][0];
    },
    chance: (p) => next() < p,
  };
}

/** A seed for a sub-stream (one order of a large fill) that does not depend on the orders before it. */
export function subSeed(seed: number, n: number): number {
  let h = (seed ^ Math.imul(n + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * An exact decimal as text from a whole number of its smallest units (`units` of 10^-scale): 12345 at
 * scale 3 is "12.345", 1500 at scale 3 is "1.5". Quantities and prices are drawn as whole units, so no
 * float ever names a value.
 */
export function decimalOfUnits(units: number, scale: number): string {
  if (!Number.isSafeInteger(units)) throw new Error(`not a whole number of units: ${units}`);
  const digits = String(Math.abs(units)).padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return units < 0 ? `-${text}` : text;
}

export { addDays, localToday } from '../../engine/core/dates.js';
