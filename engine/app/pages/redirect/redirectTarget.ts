export function redirectTarget(pathname: string, search: string, hash: string): string {
  const rest = pathname.replace(/^\/redirect(?=\/|$)/, '') || '/';
  return `${rest.startsWith('/') ? rest : `/${rest}`}${search}${hash}`;
}
