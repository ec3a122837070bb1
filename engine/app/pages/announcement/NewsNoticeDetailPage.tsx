// /newsnotice-list-detail?id= (menu Index.NewsNotice.Detail): one announcement published to the user,
// its text and its attachments (each downloaded through the announcement file call, under the same
// audience rule). Opening it records the read (addNewsReadingRecord) and tells the open list.
import { PaperClipOutlined } from '@ant-design/icons';
import type { FileRecord } from '@schemas/generated/file-record';
import { Button, Result, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDate } from '../../../format';
import { NewsContent } from '../../../widgets/richText/NewsContent';
import { usePageTitle } from '../../usePageTitle';
import {
  downloadNewsFile,
  markRead,
  NEWS_READ_EVENT,
  type NoticeRow,
  newsFiles,
  noticeById,
} from './newsApi';
import './announcement.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default function NewsNoticeDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [news, setNews] = useState<NoticeRow | null>();
  const [files, setFiles] = useState<FileRecord[]>([]);
  usePageTitle(t('menu.Index.NewsNotice.Detail'));
  useEffect(() => {
    let live = true;
    setNews(undefined);
    setFiles([]);
    if (!UUID.test(id)) {
      setNews(null);
      return;
    }
    noticeById(id)
      .then(async (n) => {
        if (!live) return;
        setNews(n);
        if (n.isRead !== 'Y') {
          const read = await markRead(id).catch(() => undefined);
          if (read && live) {
            setNews({ ...n, isRead: 'Y', readDate: read.readDate });
            window.dispatchEvent(new CustomEvent(NEWS_READ_EVENT, { detail: id }));
          }
        }
        if (n.fileIds) {
          const page = await newsFiles(id).catch(() => undefined);
          if (page && live) setFiles(page.records);
        }
      })
      .catch(() => live && setNews(null));
    return () => {
      live = false;
    };
  }, [id]);

  if (news === undefined)
    return (
      <div className="page-fill">
        <Spin />
      </div>
    );
  if (news === null)
    return (
      <Result
        status="404"
        subTitle={t('announcement.notFound')}
        extra={<Button onClick={() => navigate('/newsnotice-list')}>{t('route.newsnoticeList')}</Button>}
      />
    );
  return (
    <div className="news-notice__page" data-page="newsnotice-detail">
      <article className="news-notice__article" data-news-id={news.id}>
        <h1 className="announcement__heading">
          {news.isTop === 'Y' && <Tag color="red">{t('announcement.top')}</Tag>}
          {news.title}{' '}
          <Tag color={news.isRead === 'Y' ? 'default' : 'blue'} data-testid="read-state">
            {t(news.isRead === 'Y' ? 'announcement.read' : 'announcement.unread')}
          </Tag>
        </h1>
        <div className="announcement__meta">
          {news.newsNo} ·{' '}
          {t('announcement.publishedOn', { date: formatDate(news.publishDate, 'YYYY-MM-DD HH:mm') })}
          {news.publishName && <span> · {news.publishName}</span>}
          {news.validTo && <span> · {t('announcement.validUntil', { date: news.validTo })}</span>}
        </div>
        <NewsContent html={news.content} />
        {files.length > 0 && (
          <section className="news-notice__files" aria-label={t('field.fileIds')}>
            <h3>{t('field.fileIds')}</h3>
            <ul>
              {files.map((f) => (
                <li key={f.id}>
                  <Button
                    type="link"
                    icon={<PaperClipOutlined />}
                    onClick={() => void downloadNewsFile(f.id)}
                  >
                    {f.originalName}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </article>
    </div>
  );
}
