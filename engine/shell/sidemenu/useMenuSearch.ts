import { useDebounce } from 'ahooks';
import { useState } from 'react';

export const MENU_SEARCH_DEBOUNCE_MS = 300;

/** The menu search: what the user typed now, and the keyword applied 300 ms after the last key. */
export function useMenuSearch() {
  const [value, setValue] = useState('');
  const keyword = useDebounce(value, { wait: MENU_SEARCH_DEBOUNCE_MS });
  return { value, keyword, setValue, clear: () => setValue('') };
}

export type MenuSearch = ReturnType<typeof useMenuSearch>;
