import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { appStore } from './app/appStore';
import { i18n, initI18n, t } from './i18n/i18n';
import { configureRequest } from './request';
import { prefetchRoute } from './router/prefetch';
import { router } from './router/router';
import { isPublicPath } from './session/guard';
import { hasSession } from './session/marker';
import { resetSession } from './session/session';
import './styles/global.css';

async function start() {
  // A signed-in page's code starts loading now, beside the language and the session check.
  if (hasSession() && !isPublicPath(window.location.pathname)) prefetchRoute(window.location.pathname);
  const { language } = appStore.get();
  await initI18n(language);
  configureRequest({
    getLanguage: () => i18n.language || language,
    translate: (key) => t(key),
    clearSession: resetSession,
  });
  createRoot(document.getElementById('root')!).render(<RouterProvider router={router} />);
}

start();
