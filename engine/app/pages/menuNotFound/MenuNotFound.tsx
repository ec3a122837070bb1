import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

/** A screen of the app whose menu the user does not have (a forged or stale link). */
export default function MenuNotFound() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const shown = useRef(false);
  useEffect(() => {
    // StrictMode runs effects twice in development; the user should see the message once.
    if (shown.current) return;
    shown.current = true;
    message.error({ content: t('route.menuNotFound'), duration: 5 });
    navigate('/dashboard', { replace: true });
  }, [message, navigate, t]);
  return null;
}
