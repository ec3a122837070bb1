// The keyboard shortcuts the portal answers (spec 000 section 2, and the engine's own keys), as the
// help dialog lists them, and which key press opens that dialog.

export interface Shortcut {
  /** The keys, each as printed on the keyboard, pressed together. */
  keys: string[];
  /** Locale key of what it does. */
  labelKey: string;
}

export interface ShortcutGroup {
  titleKey: string;
  shortcuts: Shortcut[];
}

export const SHORTCUTS: ShortcutGroup[] = [
  {
    titleKey: 'shortcuts.group.portal',
    shortcuts: [
      { keys: ['Alt', 'C'], labelKey: 'shortcuts.menuPanel' },
      { keys: ['Esc'], labelKey: 'shortcuts.closePanel' },
      { keys: ['Delete'], labelKey: 'shortcuts.clearMenuSearch' },
      { keys: ['Ctrl', 'Shift', 'Q'], labelKey: 'shortcuts.logout' },
      { keys: ['?'], labelKey: 'shortcuts.help' },
    ],
  },
  {
    titleKey: 'shortcuts.group.pages',
    shortcuts: [
      { keys: ['Tab'], labelKey: 'shortcuts.next' },
      { keys: ['Shift', 'Tab'], labelKey: 'shortcuts.previous' },
      { keys: ['Enter'], labelKey: 'shortcuts.search' },
      { keys: ['Space'], labelKey: 'shortcuts.select' },
      { keys: ['Enter'], labelKey: 'shortcuts.sort' },
      { keys: ['←', '→'], labelKey: 'shortcuts.tabs' },
      { keys: ['Space', '↑', '↓'], labelKey: 'shortcuts.reorder' },
      { keys: ['Esc'], labelKey: 'shortcuts.closeDialog' },
    ],
  },
];

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  target: EventTarget | null;
}

/** Whether the key press was meant as text: in an input, a text area, a select's search, an editor. */
function typing(target: EventTarget | null): boolean {
  const el = target as { tagName?: string; isContentEditable?: boolean } | null;
  if (!el?.tagName) return false;
  return el.isContentEditable === true || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

/** `?` outside a text field (with or without Shift, as keyboards differ) opens the help. */
export function opensHelp(e: KeyLike): boolean {
  return e.key === '?' && !e.ctrlKey && !e.altKey && !e.metaKey && !typing(e.target);
}
