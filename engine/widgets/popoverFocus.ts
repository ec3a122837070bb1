// A popover that holds controls (the advanced search, the column settings) opens at the end of the
// page, away from its button in the tab order. For a keyboard user it takes the focus when it opens
// (its first control), closes on Escape from inside, and gives the focus back to its button when it
// closes (Escape, or a click elsewhere that left the focus nowhere), as a dialog does.
import { type KeyboardEvent, useRef } from 'react';

const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), button:not([disabled]), [tabindex="0"]';

export function usePopoverFocus<T extends HTMLElement>(contentSelector: string, close: () => void) {
  const trigger = useRef<T>(null);
  const afterOpenChange = (open: boolean) => {
    if (open) {
      const content = [...document.querySelectorAll<HTMLElement>(contentSelector)].find(
        (el) => el.offsetParent !== null,
      );
      if (content && !content.contains(document.activeElement))
        content.querySelector<HTMLElement>(FOCUSABLE)?.focus();
      return;
    }
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('.ant-popover')) trigger.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || e.defaultPrevented) return;
    // A select's own list closes first.
    if ((e.target as HTMLElement).closest('.ant-select-open, .ant-picker-focused')) return;
    e.stopPropagation();
    close();
    trigger.current?.focus();
  };
  return { trigger, afterOpenChange, onKeyDown };
}
