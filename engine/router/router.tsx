import { createBrowserRouter } from 'react-router-dom';
import { RedirectPage } from '../app/pages/redirect/RedirectPage';
import { RootLayout } from '../app/RootLayout';
import { AuthGate } from './AuthGate';

// Public pages are lazy so the login route downloads only what login needs; everything behind the
// login lives in the lazily loaded shell that AuthGate renders.
export const router = createBrowserRouter([
  {
    Component: RootLayout,
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../app/pages/login/LoginPage')).LoginPage }),
      },
      {
        path: '/announcement',
        lazy: async () => ({
          Component: (await import('../app/pages/announcement/AnnouncementPage')).AnnouncementPage,
        }),
      },
      {
        path: '/announcement-detail',
        lazy: async () => ({
          Component: (await import('../app/pages/announcement/AnnouncementDetailPage'))
            .AnnouncementDetailPage,
        }),
      },
      { path: '/redirect/*', Component: RedirectPage },
      { path: '*', Component: AuthGate },
    ],
  },
]);
