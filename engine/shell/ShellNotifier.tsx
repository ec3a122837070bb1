import { App } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { getBaseNotifier } from '../app/MessageHost';
import { setNotifier } from '../request';

/** Inside the shell, request errors and the re-login confirm use antd's context-aware App. */
export function ShellNotifier() {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  useEffect(() => {
    setNotifier({
      error: (content, duration) => {
        message.error({ content, duration });
      },
      confirmRelogin: (texts) =>
        new Promise<boolean>((resolve) => {
          modal.warning({
            ...texts,
            okCancel: true,
            closable: false,
            onOk: () => resolve(true),
            onCancel: () => resolve(false),
          });
        }),
      navigate: (to) => navigate(to),
    });
    return () => {
      const base = getBaseNotifier();
      if (base) setNotifier(base);
    };
  }, [message, modal, navigate]);
  return null;
}
