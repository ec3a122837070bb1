import { describe, expect, it, vi } from 'vitest';
import {
  createInboxController,
  type InboxDeps,
  type InboxMessage,
  type InboxSocket,
  MESSAGES_PAGE,
  NOTICE_PROTOCOL,
} from './inboxController';

class FakeSocket implements InboxSocket {
  onopen: InboxSocket['onopen'] = null;
  onmessage: InboxSocket['onmessage'] = null;
  onerror: InboxSocket['onerror'] = null;
  onclose: InboxSocket['onclose'] = null;
  closed = false;
  constructor(readonly protocols: string[]) {}
  emit(value: unknown) {
    this.onmessage?.({ data: typeof value === 'string' ? value : JSON.stringify(value) });
  }
  close() {
    this.closed = true;
  }
}

const message = (id: string, extra: Partial<InboxMessage> = {}): InboxMessage => ({
  id,
  version: 1,
  noticeTitle: `Title ${id}`,
  content: 'Text',
  sendDate: '2026-11-27T06:00:00Z',
  readStatus: '0',
  noticeConfigNo: 'ASN_APPROVED',
  docKind: 'asn',
  docNo: 'ASN1',
  link: `/delivery/asnTracking/detail/${id}`,
  ...extra,
});

function setup(signedIn = true) {
  const sockets: FakeSocket[] = [];
  const timers: (() => void)[] = [];
  const navigate = vi.fn();
  const request = vi.fn(async (call: string, payload?: unknown) => {
    if (call.endsWith('/getmynoticesummary')) return { unread: 2, latest: [message('a'), message('b')] };
    const ids = (payload as { ids?: string[] }).ids ?? [];
    return { read: ids.length, unread: 2 - ids.length, latest: [] };
  });
  const deps: InboxDeps = {
    request: request as unknown as InboxDeps['request'],
    openSocket: (protocols) => {
      const s = new FakeSocket(protocols);
      sockets.push(s);
      return s;
    },
    signedIn: () => signedIn,
    navigate,
    setTimer: (fn) => {
      timers.push(fn);
      return timers.length;
    },
    clearTimer: () => {},
  };
  return { inbox: createInboxController(deps), sockets, timers, navigate, request };
}

describe('the inbox controller', () => {
  it('loads the summary, opens the live channel on the session cookie, and applies what it hears', async () => {
    const { inbox, sockets } = setup();
    inbox.start();
    await vi.waitFor(() => expect(inbox.store.get().unread).toBe(2));
    expect(sockets[0].protocols).toEqual([NOTICE_PROTOCOL]);
    sockets[0].onopen?.();
    expect(inbox.store.get().live).toBe(true);
    sockets[0].emit({ type: 'inbox', unread: 3, latest: [message('c')] });
    expect(inbox.store.get()).toMatchObject({ unread: 3, latest: [{ id: 'c' }] });
    // Anything else on the channel changes nothing.
    sockets[0].emit('not json');
    sockets[0].emit({ type: 'other', unread: 99 });
    expect(inbox.store.get().unread).toBe(3);
  });

  it('reconnects after the channel drops, and stops for good when stopped', async () => {
    const { inbox, sockets, timers } = setup();
    const stop = inbox.start();
    sockets[0].onclose?.();
    expect(inbox.store.get().live).toBe(false);
    expect(timers).toHaveLength(1);
    timers[0]();
    expect(sockets).toHaveLength(2);
    stop();
    expect(sockets[1].closed).toBe(true);
    sockets[1].onclose?.();
    expect(timers).toHaveLength(1);
  });

  it('opens no channel without a session', () => {
    const { inbox, sockets } = setup(false);
    inbox.start();
    expect(sockets).toHaveLength(0);
  });

  it('marks a message read when opening it and follows only a path of the portal', async () => {
    const { inbox, navigate, request } = setup();
    await inbox.open(message('a'));
    expect(request).toHaveBeenCalledWith(
      'IBmNoticeService/readmynotice',
      { ids: ['a'] },
      expect.objectContaining({ loading: false }),
    );
    expect(navigate).toHaveBeenLastCalledWith('/delivery/asnTracking/detail/a');
    await inbox.open(message('b', { readStatus: '1', link: '//evil.example/x' }));
    expect(navigate).toHaveBeenLastCalledWith(MESSAGES_PAGE);
    await inbox.open(message('c', { readStatus: '1', link: null }));
    expect(navigate).toHaveBeenLastCalledWith(MESSAGES_PAGE);
    expect(request).toHaveBeenCalledTimes(1);
  });
});
