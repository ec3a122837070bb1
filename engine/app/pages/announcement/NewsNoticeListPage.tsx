// /newsnotice-list (menu Index.NewsNotice.List): the announcements published to the logged-in user,
// top ones first then the newest, unread ones marked; all or unread only, a title search, ten a page.
// Opening one goes to /newsnotice-list-detail?id=, which records the read (and tells this list).
import { Badge, Empty, Input, List, Pagination, Segmented, Spin, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../format';
import { usePageTitle } from '../../usePageTitle';
import { NEWS_READ_EVENT, type NoticeRow, noticeList, type Page } from './newsApi';
import './announcement.css';

const SIZE = 10;

export default function NewsNoticeListPage() {
  const { t } = useTranslation();
  usePageTitle(t('route.newsnoticeList'));
  const navigate = useNavigate();
  const [current, setCurrent] = useState(1);
  const [show, setShow] = useState<'all' | 'unread'>('all');
  const [title, setTitle] = useState('');
  const [page, setPage] = useState<Page<NoticeRow>>();
  const [loading, setLoading] = useState(true);
  const load = useCallback(() => {
    setLoading(true);
    return noticeList(current, SIZE, {
      ...(show === 'unread' ? { namedFilter: 'unread' } : {}),
      ...(title ? { title } : {}),
    })
      .then(setPage)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, [current, show, title]);
  useEffect(() => {
    void load();
  }, [load]);
  // The detail page reports a read: mark the row without asking the server again.
  useEffect(() => {
    const onRead = (e: Event) => {
      const id = (e as CustomEvent<string>).detail;
      setPage((p) => p && { ...p, records: p.records.map((r) => (r.id === id ? { ...r, isRead: 'Y' } : r)) });
    };
    window.addEventListener(NEWS_READ_EVENT, onRead);
    return () => window.removeEventListener(NEWS_READ_EVENT, onRead);
  }, []);

  return (
    <div className="news-notice__page" data-page="newsnotice-list">
      <div className="news-notice__filters">
        <Segmented
          value={show}
          onChange={(v) => {
            setCurrent(1);
            setShow(v as 'all' | 'unread');
          }}
          options={[
            { value: 'all', label: t('announcement.showAll') },
            { value: 'unread', label: t('announcement.showUnread') },
          ]}
        />
        <Input.Search
          allowClear
          style={{ maxWidth: 320 }}
          placeholder={t('announcement.searchTitle')}
          onSearch={(v) => {
            setCurrent(1);
            setTitle(v.trim());
          }}
        />
      </div>
      <Spin spinning={loading}>
        {page && !page.records.length ? (
          <Empty description={t('announcement.empty')} />
        ) : (
          <List
            dataSource={page?.records ?? []}
            renderItem={(n) => {
              const unread = n.isRead !== 'Y';
              return (
                <List.Item
                  key={n.id}
                  data-news-id={n.id}
                  data-read={n.isRead}
                  className={unread ? 'news-notice__item--unread' : undefined}
                  extra={formatDate(n.publishDate)}
                >
                  <List.Item.Meta
                    avatar={<Badge dot={unread} status={unread ? 'processing' : 'default'} />}
                    title={
                      <span className="announcement__title news-notice__title">
                        {n.isTop === 'Y' && <Tag color="red">{t('announcement.top')}</Tag>}
                        <a
                          href={`/newsnotice-list-detail?id=${n.id}`}
                          onClick={(e) => {
                            e.preventDefault();
                            navigate(`/newsnotice-list-detail?id=${encodeURIComponent(n.id)}`);
                          }}
                        >
                          {n.title}
                        </a>
                        <Tag color={unread ? 'blue' : 'default'} data-testid="read-state">
                          {t(unread ? 'announcement.unread' : 'announcement.read')}
                        </Tag>
                      </span>
                    }
                    description={n.summary}
                  />
                </List.Item>
              );
            }}
          />
        )}
      </Spin>
      {(page?.total ?? 0) > SIZE && (
        <Pagination
          className="announcement__pager"
          current={current}
          pageSize={SIZE}
          total={page?.total}
          showSizeChanger={false}
          onChange={setCurrent}
        />
      )}
    </div>
  );
}
