import { Spin } from 'antd';
import { useRef } from 'react';
import { AntdRoot } from '../app/AntdRoot';
import { appStore } from '../app/appStore';
import { useStore } from '../store/createStore';
import { AuthNotices } from './AuthNotices';
import { MenuPanel } from './menupanel/MenuPanel';
import { useMenuPanel } from './menupanel/useMenuPanel';
import { KeepAlivePages } from './routes/KeepAlivePages';
import { useShellRoutes } from './routes/useShellRoutes';
import { ShellNotifier } from './ShellNotifier';
import { SideMenu } from './sidemenu/SideMenu';
import { useMenuSearch } from './sidemenu/useMenuSearch';
import { TabsBar } from './tabsbar/TabsBar';
import { TopBar } from './topbar/TopBar';
import { useLogout } from './topbar/useLogout';
import './shell.css';

/** The layout every logged-in page lives in (spec 000 section 2). */
export default function Shell() {
  const { sidebarOpened } = useStore(appStore);
  const shell = useShellRoutes();
  const search = useMenuSearch();
  const panel = useMenuPanel(search);
  const logout = useLogout();
  /** The pages' one scroller: each tab's position in it is kept (KeepAlivePages). */
  const content = useRef<HTMLDivElement>(null);
  const activeMenuNo =
    shell.current?.kind === 'screen' || shell.current?.kind === 'menu'
      ? shell.current.menu.menuNo
      : shell.current && 'moduleNo' in shell.current
        ? shell.current.moduleNo
        : undefined;

  return (
    <AntdRoot className={`shell${sidebarOpened ? '' : ' shell--collapsed'}`}>
      <ShellNotifier />
      <TopBar onOpenPanel={panel.toggle} onLogout={logout} />
      <div className="shell__body">
        <aside className="shell__sider">
          <SideMenu collapsed={!sidebarOpened} search={search} activeMenuNo={activeMenuNo} />
        </aside>
        <main className="shell__main">
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
      <MenuPanel open={panel.open} onClose={panel.close} search={search} />
    </AntdRoot>
  );
}
