// The integration API for machine clients (the buyer's ERP, the WMS), under its own prefix, with its
// own door: a key (services/integration/keys.ts) instead of a session, plain JSON instead of the
// portal's envelope. Errors are `{error: {code, message, records?}}` in the caller's language
// (Accept-Language, default English), never a stack trace.
//   POST /integration/v1/purchase-orders  a batch of orders with their lines (entity purchaseOrder); an
//     accepted batch stamps when the ERP last fed its organisations (services/integration/feed.ts)
//   GET  /integration/v1/events?after=&limit=  the outbox after a cursor, oldest first (entity event)
//   POST /integration/v1/receipts  a batch of the warehouse's receipts against notice lines (entity receipt)
//   GET  /integration/v1/asns?after=&limit=  the notices the warehouse should expect (entity receipt)
//   POST /integration/v1/stock-snapshots, /stock-movements  VMI and escrow stock (entity stock)
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError, ERRORS } from '../errors.js';
import { describeValidation } from '../http/validation.js';
import { resolveLanguage, translator } from '../i18n.js';
import type { AuditLog } from '../system/audit.js';
import { stampFeed } from './feed.js';
import { type ApiClient, clientOf, requireEntity } from './keys.js';
import { ingestOrders, type OrderIn, ordersBody } from './orders.js';
import { readEvents } from './outbox.js';
import { ingestReceipts, openAsns, type ReceiptIn, receiptsBody } from './receipts.js';
import {
  ingestMovements,
  ingestSnapshots,
  type MovementIn,
  movementsBody,
  type SnapshotIn,
  snapshotsBody,
} from './stock.js';

export const INTEGRATION_PREFIX = '/integration/v1';

declare module 'fastify' {
  interface FastifyRequest {
    client?: ApiClient;
  }
  interface FastifyReply {
    /** The error code of a refused integration call, for its operation log row. */
    errorCode?: string;
  }
}

const tOf = (req: FastifyRequest) => {
  const header = req.headers['accept-language'];
  return translator(resolveLanguage(typeof header === 'string' ? header : undefined));
};

export async function registerIntegrationRoutes(
  app: FastifyInstance,
  db: Db,
  config: Config,
  audit: AuditLog,
): Promise<void> {
  // Each key has its own budget of calls (the throttle's store: counted in the database, so it holds
  // across instances); a client over it gets 429 with Retry-After until its window ends.
  const perKey = app.createRateLimit({
    max: config.integrationRate.max,
    timeWindow: config.integrationRate.windowMinutes * 60_000,
    keyGenerator: (req) => `integration-key|${req.client?.keyId}`,
  });
  await app.register(
    async (api) => {
      api.decorateRequest('client', undefined);
      api.decorateReply('errorCode', undefined);
      // Every call is a use of its key: kept in the operation log, refused ones too.
      api.addHook('onResponse', async (req, reply) => {
        audit.integration(req, req.client?.keyName, reply.statusCode, reply.errorCode, reply.elapsedTime);
      });
      api.addHook('preValidation', async (req, reply) => {
        req.client = await clientOf(db, req.headers.authorization);
        const rate = await perKey(req);
        if (rate.isAllowed) return;
        reply.header('x-ratelimit-limit', rate.max);
        reply.header('x-ratelimit-remaining', rate.remaining);
        if (rate.isExceeded) {
          reply.header('retry-after', rate.ttlInSeconds);
          throw new AppError('integrationRate', { seconds: Math.max(1, rate.ttlInSeconds) });
        }
      });
      api.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
        const t = tOf(req);
        const fe = err as FastifyError;
        const pointer = fe.validation?.[0]?.instancePath;
        const known =
          err instanceof AppError
            ? err
            : fe.validation
              ? new AppError('invalidPayload', describeValidation(fe.validation as never, t))
              : fe.statusCode === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
                ? new AppError('tooLarge')
                : fe.code?.startsWith('FST_ERR_CTP') || fe.statusCode === 400 || fe.statusCode === 415
                  ? new AppError('badJson')
                  : undefined;
        if (!known) {
          req.log.error({ err }, 'integration call failed');
          reply.errorCode = '500';
          return reply.status(500).send({ error: { code: '500', message: t('error.internal') } });
        }
        const { code, status } = ERRORS[known.kind];
        reply.errorCode = code;
        const records = (known.data as { records?: unknown } | undefined)?.records;
        return reply.status(status).send({
          error: {
            code,
            message: t(`error.${code}`, known.params),
            ...(pointer !== undefined ? { pointer } : {}),
            ...(records ? { records } : {}),
          },
        });
      });

      api.post('/purchase-orders', { schema: { body: ordersBody } }, async (req) => {
        requireEntity(req.client!, 'purchaseOrder');
        const body = req.body as { orders: OrderIn[] };
        const answer = await ingestOrders(db, tOf(req), req.client!, body.orders);
        await stampFeed(
          db,
          'purchaseOrder',
          body.orders.map((o) => o.orgNo),
        );
        return answer;
      });

      api.post('/receipts', { schema: { body: receiptsBody } }, async (req) => {
        requireEntity(req.client!, 'receipt');
        const body = req.body as { receipts: ReceiptIn[] };
        return ingestReceipts(db, tOf(req), req.client!, body.receipts);
      });

      api.post('/stock-snapshots', { schema: { body: snapshotsBody } }, async (req) => {
        requireEntity(req.client!, 'stock');
        const { snapshots } = req.body as { snapshots: SnapshotIn[] };
        const answer = await ingestSnapshots(db, tOf(req), req.client!, snapshots);
        await stampFeed(
          db,
          'stock',
          snapshots.map((s) => s.orgNo),
        );
        return answer;
      });

      api.post('/stock-movements', { schema: { body: movementsBody } }, async (req) => {
        requireEntity(req.client!, 'stock');
        const { movements } = req.body as { movements: MovementIn[] };
        const answer = await ingestMovements(db, tOf(req), req.client!, movements);
        await stampFeed(
          db,
          'stock',
          movements.map((m) => m.orgNo),
        );
        return answer;
      });

      api.get(
        '/asns',
        {
          schema: {
            querystring: {
              type: 'object',
              additionalProperties: false,
              properties: {
                after: { type: 'string', maxLength: 40 },
                limit: { type: 'string', pattern: '^[0-9]{1,4}$' },
              },
            },
          },
        },
        async (req) => {
          requireEntity(req.client!, 'receipt');
          const q = req.query as { after?: string; limit?: string };
          return openAsns(
            db,
            req.client!,
            q.after ?? '',
            Math.min(Math.max(Number(q.limit ?? 100), 1), 1000),
          );
        },
      );

      api.get(
        '/events',
        {
          schema: {
            querystring: {
              type: 'object',
              additionalProperties: false,
              properties: {
                after: { type: 'string', pattern: '^[0-9]{1,18}$' },
                limit: { type: 'string', pattern: '^[0-9]{1,4}$' },
              },
            },
          },
        },
        async (req) => {
          requireEntity(req.client!, 'event');
          const q = req.query as { after?: string; limit?: string };
          return readEvents(
            db,
            req.client!,
            q.after ?? '0',
            Math.min(Math.max(Number(q.limit ?? 100), 1), 1000),
          );
        },
      );
    },
    { prefix: INTEGRATION_PREFIX },
  );
}
