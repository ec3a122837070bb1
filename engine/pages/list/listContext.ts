// What every store of the list page shares: the screen's list, the menu, the outside world and the
// options of its calls. The list controller builds it once and hands it to each store.
import type { MenuFlags } from '../../screens/flags';
import type { NormalisedList, NormalisedScreen } from '../../screens/types';
import type { PageDeps } from '../types';

export type Row = Record<string, unknown>;

export interface ListContext {
  screen: NormalisedScreen;
  list: NormalisedList;
  /** The list call, Service/method. */
  call: string;
  menu: MenuFlags;
  deps: PageDeps;
  /** The screen's menu number, sent as `module` to the tag and view services. */
  module: string;
  /** Every call goes under the screen's menu. */
  options: { moduleNumber: string };
  /** The menu does not grant isSearch: nothing is requested. */
  forbidden: boolean;
}

export function listContext(screen: NormalisedScreen, menu: MenuFlags, deps: PageDeps): ListContext {
  const list = screen.list;
  const call = screen.calls.list;
  if (!list || !call) throw new Error(`${screen.file}: not a list screen`);
  return {
    screen,
    list,
    call,
    menu,
    deps,
    module: screen.menuNo,
    options: { moduleNumber: screen.menuNo },
    forbidden: menu.isSearch !== 'Y',
  };
}

/** No value, however it is spelled: undefined, null or blank text. */
export const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * `f` computed again only when one of its inputs is another object than last time, so a derived
 * part of the state (chips, the toolbar) keeps its identity while its inputs do.
 */
export function memo<I extends unknown[], R>(f: (...inputs: I) => R): (...inputs: I) => R {
  let last: { inputs: I; value: R } | undefined;
  return (...inputs) => {
    if (last && last.inputs.length === inputs.length && last.inputs.every((v, i) => v === inputs[i]))
      return last.value;
    last = { inputs, value: f(...inputs) };
    return last.value;
  };
}
