// The pages the user opened in this session, newest last (the guard notes each one it lets through), so
// a page that ends the session (the password change) can send the next login back to the page the user
// came from rather than to itself. Forgotten with the session.

const KEPT = 20;
let trail: string[] = [];

const pathnameOf = (fullPath: string) => fullPath.split(/[?#]/)[0].replace(/(.)\/+$/, '$1');

/** Notes that `fullPath` (pathname, search and hash) is open now. */
export function notePage(fullPath: string): void {
  if (trail.at(-1) === fullPath) return;
  trail = [...trail.filter((p) => p !== fullPath), fullPath].slice(-KEPT);
}

/** The page opened most recently whose pathname is not `pathname`, or undefined when there is none. */
export function pageBefore(pathname: string): string | undefined {
  const own = pathnameOf(pathname);
  for (let i = trail.length - 1; i >= 0; i--) if (pathnameOf(trail[i]) !== own) return trail[i];
  return undefined;
}

export function clearTrail(): void {
  trail = [];
}
