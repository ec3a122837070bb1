import { type Location, parsePath, useLocation } from 'react-router-dom';
import { useStore } from '../../store/createStore';
import { addTab, type VisitedTab } from '../../tabs/tabsModel';
import { tabsStore } from '../../tabs/tabsStore';
import { PageRoutes } from './PageRoutes';
import type { useShellRoutes } from './useShellRoutes';

type ShellRoutes = ReturnType<typeof useShellRoutes>;

function locationOf(tab: VisitedTab): Location {
  const { pathname = tab.path, search = '', hash = '' } = parsePath(tab.fullPath);
  return { pathname, search, hash, state: null, key: tab.path };
}

/**
 * Keeps every visited tab's page mounted (hidden when not active), so going back to a tab shows
 * it as the user left it; closing the tab unmounts it and refresh remounts it.
 */
export function KeepAlivePages({ shell }: { shell: ShellRoutes }) {
  const location = useLocation();
  const { tabs, refreshKeys } = useStore(tabsStore);
  // The current page joins the list in this very render, so it is not remounted once the tab is stored.
  const shown = shell.currentTab ? addTab(tabs, shell.currentTab) : tabs;
  const activeIsTab = !!shell.currentTab;
  const ScreenHost = shell.catalog?.ScreenHost ?? null;

  return (
    <>
      {shown.map((tab) => {
        const active = activeIsTab && tab.path === location.pathname;
        return (
          <div key={tab.path} className="shell__page" hidden={!active}>
            <PageRoutes
              key={refreshKeys[tab.path] ?? 0}
              routes={shell.routes}
              location={active ? location : locationOf(tab)}
              ScreenHost={ScreenHost}
            />
          </div>
        );
      })}
      {!activeIsTab && (
        <div className="shell__page">
          <PageRoutes routes={shell.routes} location={location} ScreenHost={ScreenHost} />
        </div>
      )}
    </>
  );
}
