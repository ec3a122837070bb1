import { useEffect } from 'react';

export const TITLE_SUFFIX = 'WMS';

export function pageTitle(title: string | undefined): string {
  return title ? `${title} ${TITLE_SUFFIX}` : TITLE_SUFFIX;
}

/** Spec 000 section 1: the page title is the route title followed by WMS. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
