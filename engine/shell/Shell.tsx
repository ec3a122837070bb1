import { Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { AntdRoot } from '../app/AntdRoot';
import { appStore } from '../app/appStore';
import { useStore } from '../store/createStore';
import { lazyPart } from '../widgets/lazyPart';
import { AuthNotices } from './AuthNotices';
import { ToastAnnouncer } from './live/ToastAnnouncer';
import { useMenuPanel } from './menupanel/useMenuPanel';
import { KeepAlivePages } from './routes/KeepAlivePages';
import { useShellRoutes } from './routes/useShellRoutes';
import { ShellNotifier } from './ShellNotifier';
import { ShortcutsDialog } from './shortcuts/ShortcutsDialog';
import { useShortcutsHelp } from './shortcuts/useShortcutsHelp';
import { SideMenu } from './sidemenu/SideMenu';
import { useMenuSearch } from './sidemenu/useMenuSearch';
import { TabsBar } from './tabsbar/TabsBar';
import { TopBar } from './topbar/TopBar';
import { useLogout } from './topbar/useLogout';
import './shell.css';

/** The all-menu panel (Alt+C), loaded when it is first opened. */
const MenuPanel = lazyPart(() => import('./menupanel/MenuPanel').then((m) => m.MenuPanel));

/**
 * When the all-menu panel closes with the focus nowhere (its entry opened a page, and the focus was
 * on nothing before Alt+C), the page takes it: Tab then goes on from the page, not from the closed
 * panel's focus guards, where it would stay caught.
 */
function usePanelFocusReturn(open: boolean, main: React.RefObject<HTMLElement | null>) {
  const wasOpen = useRef(open);
  useEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (!closed) return;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body || active.closest('.ant-drawer'))
        main.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [open, main]);
}

/** The layout every logged-in page lives in (spec 000 section 2). */
export default function Shell() {
  const { sidebarOpened } = useStore(appStore);
  const shell = useShellRoutes();
  const search = useMenuSearch();
  const panel = useMenuPanel(search);
  const logout = useLogout();
  const help = useShortcutsHelp();
  /** The pages' one scroller: each tab's position in it is kept (KeepAlivePages). */
  const content = useRef<HTMLDivElement>(null);
  const main = useRef<HTMLElement>(null);
  usePanelFocusReturn(panel.open, main);
  const activeMenuNo =
    shell.current?.kind === 'screen' || shell.current?.kind === 'menu'
      ? shell.current.menu.menuNo
      : shell.current && 'moduleNo' in shell.current
        ? shell.current.moduleNo
        : undefined;

  return (
    <AntdRoot className={`shell${sidebarOpened ? '' : ' shell--collapsed'}`}>
      <ShellNotifier />
      <TopBar onOpenPanel={panel.toggle} onLogout={logout} onShortcuts={help.show} />
      <div className="shell__body">
        <aside className="shell__sider">
          <SideMenu collapsed={!sidebarOpened} search={search} activeMenuNo={activeMenuNo} />
        </aside>
        <main className="shell__main" ref={main} tabIndex={-1}>
          {/* The page's one h1: its tab's title (kept pages out of view are hidden with theirs). */}
          <h1 className="sr-only">{shell.currentTab?.title}</h1>
          <AuthNotices />
          <TabsBar currentTab={shell.currentTab} />
          <div className="shell__content" ref={content}>
            {shell.ready ? (
              <KeepAlivePages shell={shell} content={content} />
            ) : (
              <div className="page-fill">
                <Spin />
              </div>
            )}
          </div>
        </main>
      </div>
      {panel.shown && <MenuPanel open={panel.open} onClose={panel.close} search={search} />}
      <ShortcutsDialog open={help.open} onClose={help.close} />
      <ToastAnnouncer />
    </AntdRoot>
  );
}
