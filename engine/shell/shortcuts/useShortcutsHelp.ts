import { useEffect, useState } from 'react';
import { opensHelp } from './shortcuts';

/** The shortcuts dialog's state: `?` outside a text field opens it. */
export function useShortcutsHelp() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!opensHelp(e)) return;
      e.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return { open, show: () => setOpen(true), close: () => setOpen(false) };
}
