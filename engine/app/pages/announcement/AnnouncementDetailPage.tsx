// /announcement-detail?id= (no login): one announcement published to everyone, its text as the server
// cleaned it. Anything else (not public, not published, expired, unknown) is "not found".
import { Button, Empty, Result, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDate } from '../../../format';
import { NewsContent } from '../../../widgets/richText/NewsContent';
import { AntdRoot } from '../../AntdRoot';
import { usePageTitle } from '../../usePageTitle';
import { type PublicNews, publicNewsInfo } from './newsApi';
import { PublicFrame } from './PublicFrame';
import './announcement.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function AnnouncementDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [news, setNews] = useState<PublicNews | null>();
  usePageTitle(news?.title ?? t('route.announcementDetail'));
  useEffect(() => {
    let live = true;
    setNews(undefined);
    if (!UUID.test(id)) {
      setNews(null);
      return;
    }
    publicNewsInfo(id)
      .then((n) => live && setNews(n))
      .catch(() => live && setNews(null));
    return () => {
      live = false;
    };
  }, [id]);

  return (
    <AntdRoot>
      <PublicFrame title={t('route.announcementDetail')} back>
        {news === undefined ? (
          <Spin />
        ) : news === null ? (
          <Result
            status="404"
            subTitle={t('announcement.notFound')}
            extra={
              <Link to="/announcement">
                <Button type="primary">{t('announcement.allPublic')}</Button>
              </Link>
            }
          />
        ) : (
          <article className="announcement__article" data-news-id={news.id}>
            <h1 className="announcement__heading">
              {news.isTop === 'Y' && <Tag color="red">{t('announcement.top')}</Tag>}
              {news.title}
            </h1>
            <div className="announcement__meta">
              {t('announcement.publishedOn', { date: formatDate(news.publishDate) })}
              {news.validTo && <span> · {t('announcement.validUntil', { date: news.validTo })}</span>}
            </div>
            {news.content ? <NewsContent html={news.content} images={false} /> : <Empty />}
          </article>
        )}
      </PublicFrame>
    </AntdRoot>
  );
}
