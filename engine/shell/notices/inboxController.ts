// The inbox behind the bell of the top bar, headless: the unread count and the latest messages, kept
// fresh by the server's live channel (/noticeWebSocket, subprotocol 'srm-notice', authenticated by the
// browser's session cookie), reconnecting with a growing pause when the socket drops; marking read and
// opening a message's document. The view (NoticeBell.tsx) only renders the snapshot.
import type { RequestFn } from '../../request/types';
import { createStore, type Store } from '../../store/createStore';

export const NOTICE_PROTOCOL = 'srm-notice';
export const NOTICE_SOCKET_PATH = '/noticeWebSocket';
const SERVICE = 'IBmNoticeService';
/** Pauses before reconnecting, growing up to the last. */
const RECONNECT_MS = [1000, 2000, 5000, 10_000, 30_000];

export interface InboxMessage {
  id: string;
  version: number;
  noticeTitle: string;
  content: string;
  sendDate: string;
  readStatus: '0' | '1';
  noticeConfigNo: string;
  docKind: string | null;
  docNo: string | null;
  link: string | null;
}

export interface InboxSnapshot {
  unread: number;
  latest: InboxMessage[];
  /** Whether the live channel is open (false: the count may be late until it reconnects). */
  live: boolean;
}

/** The part of a browser WebSocket the controller uses (a fake in tests). */
export interface InboxSocket {
  onopen: ((ev?: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev?: unknown) => void) | null;
  onerror: ((ev?: unknown) => void) | null;
  close(): void;
}

export interface InboxDeps {
  request: RequestFn;
  openSocket: (protocols: string[]) => InboxSocket;
  /** Whether the browser holds a session (engine/session/marker.ts). */
  signedIn: () => boolean;
  navigate: (to: string) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface InboxController {
  store: Store<InboxSnapshot>;
  /** Loads the summary and opens the live channel; answers the stop function. */
  start(): () => void;
  refresh(): Promise<void>;
  markRead(ids: string[]): Promise<void>;
  markAllRead(): Promise<void>;
  /** Marks the message read and opens its document's page (or the messages page when it has none). */
  open(message: InboxMessage): Promise<void>;
}

export const MESSAGES_PAGE = '/message-list';

export function createInboxController(deps: InboxDeps): InboxController {
  const store = createStore<InboxSnapshot>(() => ({ unread: 0, latest: [], live: false }));
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let socket: InboxSocket | undefined;
  let retry: unknown;
  let attempts = 0;
  let stopped = true;

  const apply = (data: { unread?: number; latest?: InboxMessage[] }) => {
    store.set({
      ...(typeof data.unread === 'number' ? { unread: data.unread } : {}),
      ...(Array.isArray(data.latest) ? { latest: data.latest } : {}),
    });
  };

  const refresh = async () => {
    const data = await deps.request<{ unread: number; latest: InboxMessage[] }>(
      `${SERVICE}/getmynoticesummary`,
      {},
      { showError: false, loading: false },
    );
    apply(data);
  };

  const connect = () => {
    if (stopped || !deps.signedIn()) return;
    const s = deps.openSocket([NOTICE_PROTOCOL]);
    socket = s;
    s.onopen = () => {
      attempts = 0;
      store.set({ live: true });
    };
    s.onmessage = (ev) => {
      try {
        const news = JSON.parse(String(ev.data)) as {
          type?: string;
          unread?: number;
          latest?: InboxMessage[];
        };
        if (news.type === 'inbox') apply(news);
      } catch {}
    };
    s.onerror = () => {};
    s.onclose = () => {
      if (socket !== s) return;
      socket = undefined;
      store.set({ live: false });
      if (stopped) return;
      const pause = RECONNECT_MS[Math.min(attempts, RECONNECT_MS.length - 1)];
      attempts++;
      retry = setTimer(connect, pause);
    };
  };

  const read = async (condition: { ids: string[] } | { all: 'Y' }) => {
    const data = await deps.request<{ unread: number; latest: InboxMessage[] }>(
      `${SERVICE}/readmynotice`,
      condition,
      { loading: false },
    );
    apply(data);
  };

  return {
    store,
    start() {
      stopped = false;
      refresh().catch(() => {});
      connect();
      return () => {
        stopped = true;
        if (retry !== undefined) clearTimer(retry);
        const s = socket;
        socket = undefined;
        s?.close();
        store.reset();
      };
    },
    refresh,
    markRead: (ids) => (ids.length ? read({ ids }) : Promise.resolve()),
    markAllRead: () => read({ all: 'Y' }),
    async open(message) {
      if (message.readStatus === '0') await read({ ids: [message.id] }).catch(() => {});
      // Only a path of this portal is followed.
      const link = message.link && /^\/(?!\/)/.test(message.link) ? message.link : MESSAGES_PAGE;
      deps.navigate(link);
    },
  };
}
