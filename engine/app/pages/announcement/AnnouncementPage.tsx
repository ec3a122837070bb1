// /announcement (no login): the announcements published to everyone, top ones first, ten a page, with
// a title search; each opens /announcement-detail?id=. Visitors see titles, summaries and dates only.
import { Empty, Input, List, Pagination, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../format';
import { AntdRoot } from '../../AntdRoot';
import { usePageTitle } from '../../usePageTitle';
import { outDoorNews, type Page, PUBLIC_PAGE_SIZE, type PublicNews } from './newsApi';
import { PublicFrame } from './PublicFrame';
import './announcement.css';

export function AnnouncementPage() {
  const { t } = useTranslation();
  usePageTitle(t('route.announcement'));
  const [current, setCurrent] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState<Page<PublicNews>>();
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    outDoorNews(current, keyword)
      .then((p) => live && setPage(p))
      .catch(() => live && setPage({ records: [], total: 0 }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [current, keyword]);

  return (
    <AntdRoot>
      <PublicFrame title={t('route.announcement')}>
        <Input.Search
          className="announcement__search"
          allowClear
          placeholder={t('announcement.searchTitle')}
          onSearch={(v) => {
            setCurrent(1);
            setKeyword(v.trim());
          }}
        />
        <Spin spinning={loading}>
          {page && !page.records.length ? (
            <Empty description={t('announcement.empty')} />
          ) : (
            <List
              className="announcement__list"
              dataSource={page?.records ?? []}
              renderItem={(n) => (
                <List.Item key={n.id} data-news-id={n.id}>
                  <List.Item.Meta
                    title={
                      <span className="announcement__title">
                        {n.isTop === 'Y' && <Tag color="red">{t('announcement.top')}</Tag>}
                        <Link to={`/announcement-detail?id=${encodeURIComponent(n.id)}`}>{n.title}</Link>
                      </span>
                    }
                    description={formatDate(n.publishDate)}
                  />
                  <div className="announcement__summary">{n.summary}</div>
                </List.Item>
              )}
            />
          )}
        </Spin>
        {(page?.total ?? 0) > PUBLIC_PAGE_SIZE && (
          <Pagination
            className="announcement__pager"
            current={current}
            pageSize={PUBLIC_PAGE_SIZE}
            total={page?.total}
            showSizeChanger={false}
            onChange={setCurrent}
          />
        )}
      </PublicFrame>
    </AntdRoot>
  );
}
