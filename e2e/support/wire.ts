// The bytes a page downloads over the wire, as Chromium's network stack received them (CDP's Network
// events: `loadingFinished.encodedDataLength` per request, compressed bodies and response headers),
// by resource type, beside what they decode to. Used by `npm run bench:bundle` and e2e/bundle.e2e.ts.
import type { CDPSession } from 'playwright-core';

export interface WireLoad {
  /** Bytes over the wire by CDP resource type (Script, Stylesheet, Document, Fetch, Font, ...). */
  wire: Map<string, number>;
  /** The bytes they decode to, by the same types. */
  decoded: Map<string, number>;
  requests: number;
  /** Requests answered with each content-encoding ('identity' for none). */
  encodings: Map<string, number>;
  /** Each request's address and bytes over the wire. */
  files: { url: string; bytes: number }[];
}

/** The network counts as quiet after this long without a request in flight. */
const QUIET_MS = 700;

export const wireTotal = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
const add = (m: Map<string, number>, key: string, n: number) => m.set(key, (m.get(key) ?? 0) + n);

/**
 * Counts every request of the page from now on; `quiet()` answers once nothing has been in flight for
 * a while (failing after `timeout` ms). Live channels (WebSocket, EventSource) never end and are no
 * part of what a page downloads: they are left out.
 */
export async function recordWire(
  cdp: CDPSession,
  timeout = 120_000,
): Promise<{ quiet(): Promise<WireLoad> }> {
  const load: WireLoad = {
    wire: new Map(),
    decoded: new Map(),
    requests: 0,
    encodings: new Map(),
    files: [],
  };
  const pending = new Map<string, string>();
  const urls = new Map<string, string>();
  const decoded = new Map<string, number>();
  let lastChange = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'EventSource' || e.type === 'WebSocket') return;
    // A redirect reuses the request id: the earlier answer is done (its bytes come with the last one).
    pending.set(e.requestId, e.type ?? 'Other');
    urls.set(e.requestId, e.request.url);
    lastChange = Date.now();
  });
  cdp.on('Network.responseReceived', (e) => {
    const headers = Object.fromEntries(
      Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
    add(load.encodings, headers['content-encoding'] || 'identity', 1);
  });
  cdp.on('Network.dataReceived', (e) => {
    decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength);
  });
  const finish = (requestId: string, bytes: number) => {
    const type = pending.get(requestId);
    if (type === undefined) return;
    pending.delete(requestId);
    load.requests += 1;
    add(load.wire, type, bytes);
    add(load.decoded, type, decoded.get(requestId) ?? 0);
    load.files.push({ url: urls.get(requestId) ?? '', bytes });
    lastChange = Date.now();
  };
  cdp.on('Network.loadingFinished', (e) => finish(e.requestId, e.encodedDataLength));
  cdp.on('Network.loadingFailed', (e) => finish(e.requestId, 0));
  await cdp.send('Network.enable');
  return {
    async quiet() {
      const started = Date.now();
      while (pending.size > 0 || Date.now() - lastChange < QUIET_MS) {
        if (Date.now() - started > timeout) throw new Error(`still loading: ${[...pending.values()]}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return load;
    },
  };
}
