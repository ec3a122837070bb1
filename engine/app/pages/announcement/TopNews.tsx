// The login page's announcements: the top public ones (getTopNews), each a link to its public page,
// and a link to all public announcements. Plain elements (the login page loads no antd); silent and
// empty when there are none or the call fails, so the login form never waits for it.
import { NotificationOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../format';
import { type PublicNews, topNews } from './newsApi';
import './topNews.css';

export function TopNews() {
  const { t } = useTranslation();
  const [items, setItems] = useState<PublicNews[]>([]);
  useEffect(() => {
    let live = true;
    topNews(5)
      .then((r) => live && setItems(r.records ?? []))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <section className="top-news" aria-label={t('announcement.loginTitle')}>
      <h2 className="top-news__title">
        <NotificationOutlined /> {t('announcement.loginTitle')}
      </h2>
      {items.length > 0 && (
        <ul className="top-news__list">
          {items.map((n) => (
            <li key={n.id}>
              <Link to={`/announcement-detail?id=${encodeURIComponent(n.id)}`}>{n.title}</Link>
              <span className="top-news__date">{formatDate(n.publishDate)}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/announcement" className="top-news__all">
        {t('announcement.allPublic')} ›
      </Link>
    </section>
  );
}
