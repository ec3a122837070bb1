import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { appStore } from './app/appStore';
import { i18n, initI18n, t } from './i18n/i18n';
import { configureRequest } from './request';
import { resetSession } from './session/session';
import './styles/global.css';

async function start() {
  const { language } = appStore.get();
  await initI18n(language);
  configureRequest({
    getLanguage: () => i18n.language || language,
    translate: (key) => t(key),
    clearSession: resetSession,
  });
  createRoot(document.getElementById('root')!).render(<App />);
}

start();
