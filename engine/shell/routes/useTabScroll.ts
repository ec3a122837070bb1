import { type RefObject, useLayoutEffect } from 'react';
import { pageCache } from '../../tabs/pageCache';

export interface ScrollPosition {
  top: number;
  left: number;
}

/** How long a tab shown again waits for its page to grow tall enough for the position it was left at. */
export const SCROLL_RESTORE_MS = 5000;

/** Input that scrolls: the user takes over, and a position still waiting is given up. */
const USER_INPUT = ['wheel', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Each tab's scroll position in the shell's content area (one scroller for every page): kept in the
 * page cache's `scroll` slot while the tab is active, and set again when the tab is shown. A page that
 * was unmounted comes back over a few renders (its screen, then its rows): the position is set again
 * as the page grows, until it is reached, the user scrolls, or SCROLL_RESTORE_MS pass.
 */
export function useTabScroll(
  content: RefObject<HTMLElement>,
  path: string | undefined,
  /** The tab's refresh count: a refreshed page starts at the top, under its new epoch. */
  generation = 0,
): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a refresh (generation) starts the tab again.
  useLayoutEffect(() => {
    const el = content.current;
    if (!el || path === undefined) return;
    const epoch = pageCache.epoch(path);
    const target = pageCache.get<ScrollPosition>(path, 'scroll') ?? { top: 0, left: 0 };
    let waiting = true;
    const page = [...el.children].find(
      (c): c is HTMLElement => c instanceof HTMLElement && c.dataset.pagePath === path,
    );
    const grown = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => apply());
    const timer = setTimeout(() => stop(), SCROLL_RESTORE_MS);
    function stop(): void {
      if (!waiting) return;
      waiting = false;
      clearTimeout(timer);
      grown?.disconnect();
    }
    function apply(): void {
      if (!waiting || !el) return;
      el.scrollTop = target.top;
      el.scrollLeft = target.left;
      if (Math.abs(el.scrollTop - target.top) <= 1 && Math.abs(el.scrollLeft - target.left) <= 1) stop();
    }
    /** While the position is being set, the scrolling is ours, not the user's: nothing is kept. */
    const keep = () => {
      if (!waiting)
        pageCache.set(path, { top: el.scrollTop, left: el.scrollLeft }, { slot: 'scroll', epoch });
    };
    if (page) grown?.observe(page);
    apply();
    el.addEventListener('scroll', keep, { passive: true });
    for (const type of USER_INPUT) el.addEventListener(type, stop, { passive: true });
    return () => {
      stop();
      el.removeEventListener('scroll', keep);
      for (const type of USER_INPUT) el.removeEventListener(type, stop);
    };
  }, [content, path, generation]);
}
