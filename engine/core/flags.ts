// The menu permission flags, shared by browser and server. The list itself is data: the enum of
// schemas/flag.schema.json (names in the fixed toolbar order, and the 16 base flags of spec 000 that
// every menu offers), which `npm run schemas` turns into the type and the arrays imported here. A menu
// offers the base flags and the extra ones its seed entry names (services/seed/menus.ts).
import { BASE_FLAGS, type BaseFlag, FLAG_NAMES, type FlagName } from '@schemas/generated/flag';

export type { BaseFlag, FlagName };

/** Every flag, in the fixed toolbar order. */
export const MENU_FLAGS: readonly FlagName[] = FLAG_NAMES;

/** The 16 flags of spec 000 section 6: every menu offers them. */
export const BASE_MENU_FLAGS: readonly FlagName[] = BASE_FLAGS;

const RANK = new Map<string, number>(FLAG_NAMES.map((f, i) => [f, i]));
const BASE = new Set<string>(BASE_FLAGS);

export function isFlagName(value: unknown): value is FlagName {
  return typeof value === 'string' && RANK.has(value);
}

export function isBaseFlag(flag: string): flag is BaseFlag {
  return BASE.has(flag);
}

/** The flag's place in the fixed toolbar order (an unknown name sorts last). */
export function flagRank(flag: string): number {
  return RANK.get(flag) ?? FLAG_NAMES.length;
}

/** The locale key of the flag's label (the permission tree's column, a refusal's message). */
export function flagLabelKey(flag: FlagName): string {
  return `menuPermission.flag.${flag}`;
}

/** The known flags among `flags`, each once, in the fixed toolbar order. */
export function sortFlags(flags: Iterable<string>): FlagName[] {
  return [...new Set(flags)].filter(isFlagName).sort((a, b) => flagRank(a) - flagRank(b));
}

/** The flags a menu offers: the base flags and the extra ones it names, in the fixed toolbar order. */
export function offeredFlags(extra: readonly FlagName[] = []): FlagName[] {
  return sortFlags([...BASE_FLAGS, ...extra]);
}

/** Every flag as the menu list answers it: 'Y' for those in `granted`, 'N' for the others. */
export function yesNoFlags(granted: Iterable<string>): Record<FlagName, 'Y' | 'N'> {
  const set = new Set(granted);
  return Object.fromEntries(FLAG_NAMES.map((f) => [f, set.has(f) ? 'Y' : 'N'])) as Record<
    FlagName,
    'Y' | 'N'
  >;
}
