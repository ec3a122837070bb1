// How the simulated ERP reaches the portal: the integration API with its key (the ERP's only door), and,
// for setting up a demo or a benchmark, the portal's own calls with an administrator's session (the
// login, a new key, organisations and suppliers the inbound API does not create).
import type { IngestResult } from '../../services/integration/orders.js';
import type { OrderIn } from './orders.js';
import type { OpenAsn, ReceiptIn } from './receipts.js';
import type { MovementIn, SnapshotIn } from './stock.js';

export type { IngestResult };

/** The portal's default address (`npm start`: PORT 8080). */
export const DEFAULT_URL = 'http://localhost:8080';
const API = '/integration/v1';
const PORTAL = '/dapilc/restful/service/ilcwmsplus';

/** A refusal of the integration API: its status, code, message and, for a batch, the refused records. */
export class IntegrationError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly records: {
      index: number;
      purchaseNo?: string;
      externalId?: string;
      field?: string;
      message: string;
    }[] = [],
  ) {
    super(`${status} ${code}: ${message}`);
  }
}

/** What `POST /receipts` answers: the receipts taken, new, corrected, replayed and stale. */
export type ReceiptResult = IngestResult;

export interface IntegrationClient {
  /** Sends one batch (all or nothing); throws IntegrationError when it is refused. */
  pushOrders(orders: OrderIn[]): Promise<IngestResult>;
  /** The notices the warehouse should expect (shipped or partially received), after a notice number. */
  openAsns(after?: string): Promise<{ asns: OpenAsn[]; next: string }>;
  /** Sends the warehouse's receipts (all or nothing); throws IntegrationError when they are refused. */
  pushReceipts(receipts: ReceiptIn[]): Promise<ReceiptResult>;
  /** Sends the warehouse's VMI stock counts, and its movements (each all or nothing). */
  pushSnapshots(snapshots: SnapshotIn[]): Promise<IngestResult>;
  pushMovements(movements: MovementIn[]): Promise<IngestResult>;
  /** The outbox's business events after a cursor, oldest first, and the cursor to go on from. */
  events(after?: string): Promise<{ events: OutboxEvent[]; next: string }>;
}

/** One business event of the portal's outbox, as the integration API answers it. */
export interface OutboxEvent {
  id: string;
  event: string;
  orgNo: string;
  supplierNo: string | null;
  payload: { entity?: string } & Record<string, unknown>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The integration API at `url` with `key`. A failed connection or a 5xx is retried (three times, after
 * 0.5, 1 and 2 s), and a call over the key's budget (429) after the Retry-After the portal gives: a
 * batch is all or nothing and a replay changes nothing, so sending it again is safe. Any other refusal
 * (4xx) is not retried.
 */
export function integrationClient(url: string, key: string, retries = 3): IntegrationClient {
  const base = url.replace(/\/+$/, '');
  async function send<T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<T> {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await fetch(`${base}${API}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${key}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
            'accept-language': 'en-US',
          },
          body,
        });
      } catch (e) {
        if (attempt >= retries) throw e;
        await sleep(500 * 2 ** attempt);
        continue;
      }
      const answer = (await res.json().catch(() => ({}))) as {
        error?: { code: string; message: string; records?: IntegrationError['records'] };
      };
      if (res.ok) return answer as T;
      // Over the key's budget: wait as long as the portal says, then send the same batch again.
      if (res.status === 429 && attempt < retries + 10) {
        await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
        continue;
      }
      if (res.status >= 500 && attempt < retries) {
        await sleep(500 * 2 ** attempt);
        continue;
      }
      const e = answer.error;
      throw new IntegrationError(
        res.status,
        e?.code ?? String(res.status),
        e?.message ?? res.statusText,
        e?.records,
      );
    }
  }
  return {
    pushOrders: (orders) => send('POST', '/purchase-orders', { orders }),
    openAsns: (after = '') => send('GET', `/asns?limit=200&after=${encodeURIComponent(after)}`),
    pushReceipts: (receipts) => send('POST', '/receipts', { receipts }),
    pushSnapshots: (snapshots) => send('POST', '/stock-snapshots', { snapshots }),
    pushMovements: (movements) => send('POST', '/stock-movements', { movements }),
    events: (after = '0') => send('GET', `/events?limit=500&after=${encodeURIComponent(after)}`),
  };
}

/** A portal session (the administrator's): one call of the portal's API, answering its data. */
export interface PortalSession {
  call<T = unknown>(path: string, body: unknown, menu?: string): Promise<T>;
}

/** Logs in through the portal's own login call (`ISrmBmLoginService/login`). */
export async function portalLogin(url: string, userNo: string, pwd: string): Promise<PortalSession> {
  const base = url.replace(/\/+$/, '');
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${PORTAL}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'en-US', ...headers },
      body: JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => ({}))) as {
      code?: string;
      msg?: string;
      response?: { data?: unknown };
    };
    if (answer.code !== '0')
      throw new Error(`${path}: ${answer.msg ?? res.statusText} (${answer.code ?? res.status})`);
    return answer.response?.data;
  };
  const { token } = (await post('ISrmBmLoginService/login', { condition: { userNo, pwd } })) as {
    token: string;
  };
  return {
    call: async <T>(path: string, body: unknown, menu?: string) =>
      (await post(path, body, {
        'authentication-info': token,
        ...(menu ? { 'app-module-number': menu } : {}),
      })) as T,
  };
}
