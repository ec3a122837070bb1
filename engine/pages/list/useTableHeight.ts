import { useEffect, useState } from 'react';

/** Body height of a virtual table: the window less the shell, search bar and pager, at least 300. */
export function useTableHeight(reserved = 330): number {
  const measure = () => Math.max(300, window.innerHeight - reserved);
  const [height, setHeight] = useState(measure);
  useEffect(() => {
    const onResize = () => setHeight(Math.max(300, window.innerHeight - reserved));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [reserved]);
  return height;
}
