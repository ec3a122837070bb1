// The bell of the top bar: the unread count (kept live by the server's channel), a dropdown of the
// latest messages (unread ones marked), mark all read, and "all messages". Clicking a message marks it
// read and opens its document. All behaviour is in inboxController.ts.
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Empty, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DATETIME_FORMAT, formatDate } from '../../format';
import { request } from '../../request';
import { hasSession } from '../../session/marker';
import { useStore } from '../../store/createStore';
import {
  createInboxController,
  type InboxSocket,
  MESSAGES_PAGE,
  NOTICE_SOCKET_PATH,
} from './inboxController';
import './NoticeBell.css';

function openSocket(protocols: string[]): InboxSocket {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return new WebSocket(
    `${scheme}://${window.location.host}${NOTICE_SOCKET_PATH}`,
    protocols,
  ) as unknown as InboxSocket;
}

export function NoticeBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const inbox = useMemo(
    () =>
      createInboxController({ request, openSocket, signedIn: hasSession, navigate: (to) => navigate(to) }),
    [navigate],
  );
  const { unread, latest } = useStore(inbox.store);
  useEffect(() => inbox.start(), [inbox]);
  // The summary call records the language messages are written in: a change of language says so.
  const language = useRef(i18n.language);
  useEffect(() => {
    if (language.current === i18n.language) return;
    language.current = i18n.language;
    inbox.refresh().catch(() => {});
  }, [inbox, i18n.language]);

  const panel = (
    <div className="notice-bell__panel" data-testid="notice-panel">
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
                onClick={() => {
                  setOpen(false);
                  void inbox.open(m);
                }}
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
        <Button size="small" type="link" disabled={!unread} onClick={() => void inbox.markAllRead()}>
          {t('notify.bell.markAllRead')}
        </Button>
        <Button
          size="small"
          type="link"
          data-testid="notice-all"
          onClick={() => {
            setOpen(false);
            navigate(MESSAGES_PAGE);
          }}
        >
          {t('notify.bell.all')}
        </Button>
      </div>
    </div>
  );

  return (
    <Dropdown trigger={['click']} open={open} onOpenChange={setOpen} popupRender={() => panel}>
      <Tooltip title={open ? undefined : t('notify.bell.title')}>
        <Button
          type="text"
          className="topbar__icon notice-bell"
          aria-label={
            unread
              ? `${t('notify.bell.title')}, ${t('a11y.unread', { count: unread > 99 ? '99+' : unread })}`
              : t('notify.bell.title')
          }
          data-testid="notice-bell"
          icon={
            <Badge count={unread} size="small" overflowCount={99} data-testid="notice-count">
              <BellOutlined />
            </Badge>
          }
        />
      </Tooltip>
    </Dropdown>
  );
}
