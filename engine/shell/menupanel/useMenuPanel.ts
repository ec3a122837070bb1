import { useKeyPress } from 'ahooks';
import { useEffect, useState } from 'react';
import type { MenuSearch } from '../sidemenu/useMenuSearch';

/** The all-menu panel: Alt+C toggles it, Escape closes it, Delete clears the search (spec 000 section 2). */
export function useMenuPanel(search: MenuSearch) {
  const [open, setOpen] = useState(false);
  /** Whether it has been opened: the panel is in the page from then on (its code loads then). */
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (open) setShown(true);
  }, [open]);
  useKeyPress(
    'alt.c',
    (event) => {
      event.preventDefault();
      setOpen((o) => !o);
    },
    { exactMatch: true },
  );
  useKeyPress('esc', () => setOpen(false));
  useKeyPress('delete', () => {
    if (open) search.clear();
  });
  return { open, shown, setOpen, toggle: () => setOpen((o) => !o), close: () => setOpen(false) };
}
