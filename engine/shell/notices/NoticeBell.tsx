// The bell of the top bar: the unread count (kept live by the server's channel), a dropdown of the
// latest messages (unread ones marked), mark all read, and "all messages" (NoticePanel.tsx, loaded
// when the bell first opens). Clicking a message marks it read and opens its document. All behaviour
// is in inboxController.ts.
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Spin, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { request } from '../../request';
import { hasSession } from '../../session/marker';
import { useStore } from '../../store/createStore';
import { lazyPart } from '../../widgets/lazyPart';
import {
  createInboxController,
  type InboxSocket,
  MESSAGES_PAGE,
  NOTICE_SOCKET_PATH,
} from './inboxController';
import './NoticeBell.css';

const NoticePanel = lazyPart(
  () => import('./NoticePanel').then((m) => m.NoticePanel),
  <Spin className="notice-bell__loading" />,
);

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
      <NoticePanel
        unread={unread}
        latest={latest}
        onOpen={(m) => {
          setOpen(false);
          void inbox.open(m);
        }}
        onMarkAllRead={() => void inbox.markAllRead()}
        onAll={() => {
          setOpen(false);
          navigate(MESSAGES_PAGE);
        }}
      />
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
          onPointerEnter={NoticePanel.preload}
          onFocus={NoticePanel.preload}
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
