// The frame of the public announcement pages: the portal's name, a way to log in, the page's card.
import { ArrowLeftOutlined, UserOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { hasSession } from '../../../session/marker';

export function PublicFrame({
  title,
  back,
  children,
}: {
  title: string;
  back?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const loggedIn = hasSession();
  return (
    <div className="announcement">
      <header className="announcement__top">
        <Link to="/announcement" className="announcement__brand">
          <span className="announcement__logo">W</span>
          {t('login.title')}
        </Link>
        <Link to={loggedIn ? '/' : '/login'} className="announcement__login">
          <UserOutlined /> {t(loggedIn ? 'announcement.toPortal' : 'login.submit')}
        </Link>
      </header>
      <main className="announcement__card">
        <div className="announcement__bar">
          {back && (
            <Link to="/announcement" className="announcement__back">
              <ArrowLeftOutlined /> {t('announcement.allPublic')}
            </Link>
          )}
          <h2>{title}</h2>
        </div>
        {children}
      </main>
    </div>
  );
}
