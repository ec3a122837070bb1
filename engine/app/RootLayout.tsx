import { Outlet } from 'react-router-dom';
import { LoadingBar } from './LoadingBar';
import { MessageHost } from './MessageHost';

/**
 * What every route shares. No antd here on purpose: antd's ConfigProvider and theme runtime alone
 * are ~30 KB gzip, so they come with the shell and the other antd pages (AntdRoot), not with login.
 */
export function RootLayout() {
  return (
    <MessageHost>
      <LoadingBar />
      <Outlet />
    </MessageHost>
  );
}
