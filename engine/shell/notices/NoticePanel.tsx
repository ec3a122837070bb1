// The bell's panel (NoticeBell.tsx): the unread count, the latest messages (unread ones marked), mark
// all read and "all messages". It loads when the bell is first opened; the behaviour is the inbox
// controller's (inboxController.ts), handed in by the bell.
import { Button, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DATETIME_FORMAT, formatDate } from '../../format';
import type { InboxMessage } from './inboxController';

export interface NoticePanelProps {
  unread: number;
  latest: InboxMessage[];
  onOpen: (message: InboxMessage) => void;
  onMarkAllRead: () => void;
  onAll: () => void;
}

export function NoticePanel({ unread, latest, onOpen, onMarkAllRead, onAll }: NoticePanelProps) {
  const { t } = useTranslation();
  return (
    <>
      <div className="notice-bell__head">
        <Typography.Text strong>{t('notify.bell.title')}</Typography.Text>
        <Typography.Text type="secondary">{t('notify.bell.unread', { count: unread })}</Typography.Text>
      </div>
      {latest.length ? (
        <ul className="notice-bell__list">
          {latest.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className={`notice-bell__item${m.readStatus === '0' ? ' notice-bell__item--unread' : ''}`}
                data-testid="notice-item"
                title={t('notify.bell.openHint')}
                onClick={() => onOpen(m)}
              >
                <span className="notice-bell__title">{m.noticeTitle}</span>
                <span className="notice-bell__content">{m.content}</span>
                <span className="notice-bell__date">{formatDate(m.sendDate, DATETIME_FORMAT)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notify.bell.empty')} />
      )}
      <div className="notice-bell__foot">
        <Button size="small" type="link" disabled={!unread} onClick={onMarkAllRead}>
          {t('notify.bell.markAllRead')}
        </Button>
        <Button size="small" type="link" data-testid="notice-all" onClick={onAll}>
          {t('notify.bell.all')}
        </Button>
      </div>
    </>
  );
}
