// The pages of the shell itself (engine/shell/routes/appRoutes.ts), which no screen file declares: the
// server needs them too, to know which menu routes have a page (services/system/screen-registry.ts).

/** Pages of the shell; they take precedence over menu entries with the same path. */
export const SHELL_PAGES = [
  { path: '/dashboard', titleKey: 'route.dashboard' },
  { path: '/setting/user-info', titleKey: 'route.userInfo' },
  { path: '/setting/password', titleKey: 'route.password' },
  { path: '/newsnotice-list', titleKey: 'route.newsnoticeList' },
  { path: '/newsnotice-list-detail', titleKey: 'menu.Index.NewsNotice.Detail' },
] as const;

/**
 * Whether a menu's route has a page: a shell page or a screen's path (`screenPaths`, every screen's
 * `path`, parameters as the screen writes them: a menu names a screen's route exactly).
 */
export function routeHasPage(url: string, screenPaths: ReadonlySet<string>): boolean {
  return screenPaths.has(url) || SHELL_PAGES.some((p) => p.path === url);
}
