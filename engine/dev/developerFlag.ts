// The developer flag (spec 000 sections 2 and 9): seven clicks on the active tab within 2 s copy the
// route name and set a flag for 600000 ms, kept in localStorage with its expiry. While it is set, a
// right-click or meta-click on a column name or a form label copies the property name. An expired
// flag is removed when it is read. Pure: the clock, the storage and the DOM are passed in.

export const DEV_FLAG_KEY = 'srm.developerFlag';
export const DEV_FLAG_CLICKS = 7;
export const DEV_FLAG_WINDOW_MS = 2000;
export const DEV_FLAG_TTL_MS = 600_000;

type Clock = () => number;
type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Counts clicks; `click()` answers true on the seventh click that falls within 2 s of the first one
 * counted, and starts counting afresh.
 */
export function createClickCounter(
  now: Clock = Date.now,
  clicks = DEV_FLAG_CLICKS,
  windowMs = DEV_FLAG_WINDOW_MS,
) {
  let times: number[] = [];
  return {
    click(): boolean {
      const t = now();
      times = [...times.filter((x) => t - x < windowMs), t];
      if (times.length < clicks) return false;
      times = [];
      return true;
    },
    reset(): void {
      times = [];
    },
  };
}

/** Sets the flag until now + 10 minutes. */
export function setDeveloperFlag(storage: KeyValueStorage, now: Clock = Date.now): number {
  const expires = now() + DEV_FLAG_TTL_MS;
  storage.setItem(DEV_FLAG_KEY, JSON.stringify({ expires }));
  return expires;
}

/** Whether the flag is set and not expired; an expired or unreadable flag is removed. */
export function isDeveloperFlagOn(storage: KeyValueStorage, now: Clock = Date.now): boolean {
  const raw = storage.getItem(DEV_FLAG_KEY);
  if (raw === null) return false;
  let expires = Number.NaN;
  try {
    expires = Number((JSON.parse(raw) as { expires?: unknown })?.expires);
  } catch {
    // Unreadable: treated as expired.
  }
  if (Number.isFinite(expires) && now() < expires) return true;
  storage.removeItem(DEV_FLAG_KEY);
  return false;
}

/** The bit of the DOM the property lookup needs, so tests can pass plain objects. */
export interface DomNode {
  closest(selector: string): DomNode | null;
  querySelector(selector: string): DomNode | null;
  getAttribute(name: string): string | null;
}

/** Selectors of the places that name a property: a form or detail label, a table header. */
const FORM_LABEL = '.ant-formily-item-label, .ant-form-item-label';
const HEADER_CELL = 'th';

/**
 * The property named where the user clicked: a form label inside a field marked data-prop, or a
 * table header cell holding a data-prop; undefined anywhere else.
 */
export function propNameAt(target: DomNode | null): string | undefined {
  if (!target) return undefined;
  const label = target.closest(FORM_LABEL);
  if (label) return label.closest('[data-prop]')?.getAttribute('data-prop') ?? undefined;
  const header = target.closest(HEADER_CELL);
  if (header) return header.querySelector('[data-prop]')?.getAttribute('data-prop') ?? undefined;
  return undefined;
}

/** The name a route is known by: a screen's name, a menu's number, else its path. */
export function routeNameOf(
  route:
    | { kind: 'screen'; screen: { name: string } }
    | { kind: 'menu'; menu: { menuNo: string } }
    | { kind: string; path: string }
    | undefined,
  pathname: string,
): string {
  if (route?.kind === 'screen' && 'screen' in route) return route.screen.name;
  if (route?.kind === 'menu' && 'menu' in route) return route.menu.menuNo;
  return pathname;
}
