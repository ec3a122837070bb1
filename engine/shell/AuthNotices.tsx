// The notices after login: licence expiry near, password expiry near. Closing hides them until the
// next login.
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { authNoticeStore, noticesOf } from '../session/authNotice';
import { useStore } from '../store/createStore';
import { LazyAlert } from '../widgets/LazyAlert';

export function AuthNotices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { auth, dismissed } = useStore(authNoticeStore);
  const notices = noticesOf(auth);
  if (dismissed || notices.length === 0) return null;
  return (
    <div className="shell__notices" data-auth-notices>
      {notices.map((n) => (
        <LazyAlert
          key={n.key}
          type="warning"
          showIcon
          banner
          closable
          data-notice={n.key}
          message={t(n.textKey, n.params)}
          onClose={() => authNoticeStore.set({ dismissed: true })}
          action={
            n.key === 'password' ? (
              <Button size="small" type="link" onClick={() => navigate('/setting/password')}>
                {t('password.changeNow')}
              </Button>
            ) : undefined
          }
        />
      ))}
    </div>
  );
}
