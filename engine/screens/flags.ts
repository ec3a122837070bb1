import type { Menu } from '@schemas/generated/menu';
import type { Action } from '@schemas/generated/screen';
import { MENU_FLAGS } from '../core/flags';

/** Every permission flag in the fixed toolbar order (schemas/flag.schema.json, engine/core/flags.ts). */
export const FLAG_ORDER = MENU_FLAGS;

/** The flags of a menu, which is all a page needs of it. */
export type MenuFlags = Pick<Menu, (typeof FLAG_ORDER)[number]>;

export type SelectionRule = NonNullable<Action['selection']>;

/** Selection needed by each action kind unless the screen says otherwise (spec 000 section 6). */
export const DEFAULT_SELECTION: Record<Action['kind'], SelectionRule> = {
  add: 'none',
  modify: 'exactlyOne',
  delete: 'exactlyOne',
  cancelDelete: 'exactlyOne',
  physicalDelete: 'atLeastOne',
  submit: 'atLeastOne',
  close: 'atLeastOne',
  check: 'atLeastOne',
  end: 'atLeastOne',
  import: 'none',
  export: 'none',
  // Spec 000 section 5: the print action is disabled when nothing is selected.
  print: 'atLeastOne',
  upload: 'none',
  transition: 'atLeastOne',
  dialog: 'atLeastOne',
  open: 'none',
};
