// The Fastify application: one POST route per declared service method, each with its body schema.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AjvCompiler } from '@fastify/ajv-compiler';
import fastifyStatic from '@fastify/static';
import ajvFormats from 'ajv-formats';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { projectLookup } from '../access/lookup-grants.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { AppError, ERRORS } from '../errors.js';
import { registerIntegrationRoutes } from '../integration/routes.js';
import { attachNotify } from '../notify/index.js';
import { publishInbox } from '../notify/live.js';
import { type CallContext, FileAnswer, type LiveChannel, type ServiceDef } from '../registry.js';
import { AuditLog } from '../system/audit.js';
import { requireLicense } from '../system/license.js';
import { isPrecompressedCopy, registerCompression, staticHeaders } from './compression.js';
import { authorise, baseContext } from './context.js';
import { mapDatabaseError } from './db-errors.js';
import { errorBody, ok, refusal } from './envelope.js';
import { registerFileRoutes } from './file-routes.js';
import { registerImportRoutes } from './import-routes.js';
import { registerOpenApi, registerOpenApiRoutes } from './openapi.js';
import { registerScreenPreview, screenPreviewEnabled } from './screen-preview.js';
import { registerSecurityHeaders, sendPage } from './security.js';
import { registerSessionCookie } from './session-cookie.js';
import { registerThrottle, throttled } from './throttle.js';
import { describeValidation } from './validation.js';

export const API_PREFIX = '/dapilc/restful/service/ilcwmsplus';

/**
 * Services an unlicensed installation still answers: the session (login, user info, getAuth,
 * logout), the menus and languages the shell needs to show the licence page, and the licence itself.
 */
const LICENSE_FREE = new Set([
  'ISrmBmLoginService',
  'ISysMenuService',
  'IZlLanguageService',
  'ISysLicenseService',
]);

declare module 'fastify' {
  interface FastifyRequest {
    ctx?: CallContext;
    /** The answer text, kept for the operation log when the call is one it records. */
    auditPayload?: unknown;
  }
  interface FastifyInstance {
    audit: AuditLog;
  }
}

/**
 * The body validators, compiled once per process and each on its route's first request: Fastify's own
 * compiler pool is made per instance, so every app built in one process (the tests start dozens) would
 * compile the same 565 schemas again, and compiling them all before the first answer took over 3 s of
 * every start. Ajv keeps what it compiled by schema object, and the services' schemas are module-level
 * objects, so a second app finds them compiled. A service's schema Ajv cannot compile is still found
 * before any request: tests/unit/body-schemas.test.ts compiles every one.
 */
const COMPILER = AjvCompiler();

/** Fastify's `ajv` option: how the body validators are compiled. */
export const AJV_OPTIONS = {
  // Strict: a wrong type is an error, never silently coerced.
  customOptions: {
    coerceTypes: false,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    // A decimal is text or, leniently, a JSON number: a union type, allowed on purpose.
    allowUnionTypes: true,
  },
  plugins: [[ajvFormats.default ?? ajvFormats, { mode: 'full' }]],
} satisfies FastifyServerOptions['ajv'];

type ValidatorFactory = ReturnType<typeof COMPILER>;

function lazyValidators(...args: Parameters<typeof COMPILER>): ValidatorFactory {
  const build = COMPILER(...args);
  return (route) => {
    let compiled: ReturnType<ValidatorFactory> | undefined;
    // Fastify reads a failed validation's errors from the function it called.
    const validate = ((data: unknown) => {
      compiled ??= build(route);
      const valid = compiled(data);
      validate.errors = compiled.errors;
      return valid;
    }) as ReturnType<ValidatorFactory>;
    return validate;
  };
}

export interface AppOptions {
  config: Config;
  database: Database;
  services: ServiceDef[];
  logger?: boolean;
}

export async function buildApp({
  config,
  database,
  services,
  logger = true,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    bodyLimit: config.bodyLimit,
    // X-Forwarded-For is believed only from the configured proxies (a number: that many hops).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    schemaController: { compilersFactory: { buildValidator: lazyValidators } },
    ajv: AJV_OPTIONS,
  });
  const { db } = database;

  await registerSecurityHeaders(app, config, API_PREFIX);
  // The browser's session cookie and its CSRF header (services/http/session-cookie.ts).
  await registerSessionCookie(app, config);
  // Before any route: it attaches itself to each route as it is declared (services/http/compression.ts).
  await registerCompression(app);
  await registerThrottle(app, db);
  // Before any route: the OpenAPI documents are made from the routes' schemas as they are declared.
  await registerOpenApi(app, API_PREFIX);
  app.decorateRequest('ctx', undefined);
  app.decorateRequest('auditPayload', undefined);
  const audit = new AuditLog(db, config, API_PREFIX, (err) =>
    app.log.error({ err }, 'audit log write failed'),
  );
  app.decorate('audit', audit);
  // The operation log row is written once the answer is out (services/system/audit.ts). It reads the
  // answer as sent: the envelope object before it is serialized, else (an answer sent as text) the text.
  app.addHook('preSerialization', async (req, _reply, payload) => {
    if (audit.wants(req.url)) req.auditPayload = payload;
    return payload;
  });
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.auditPayload === undefined && audit.wants(req.url)) req.auditPayload = payload;
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    audit.operation(req, reply.statusCode, req.auditPayload, reply.elapsedTime);
  });
  app.addHook('onClose', async () => {
    await audit.flush();
  });

  // The open pages hear of what a call changed for them over the notifications' bus (app.notify).
  const live: LiveChannel = { inboxChanged: (userId, inbox) => publishInbox(app.notify.bus, userId, inbox) };

  for (const service of services) {
    audit.declareWrites(service.name, service.methods);
    for (const [method, def] of Object.entries(service.methods)) {
      app.post(`${API_PREFIX}/${service.name}/${method}`, {
        schema: { body: def.body },
        config: def.throttled ? { rateLimit: throttled(config, def.throttled) } : {},
        preValidation: async (req) => {
          req.ctx = { ...baseContext(req, db, config), live };
          if (req.body === undefined || req.body === null) req.body = {};
          await authorise(req, req.ctx, def.access, `${service.name}/${method}`);
          if (def.access.kind !== 'public' && !LICENSE_FREE.has(service.name))
            await requireLicense(db, config);
        },
        handler: async (req, reply) => {
          const ctx = req.ctx!;
          const data = projectLookup(ctx.lookupFields, await def.handler(ctx, req.body));
          if (data instanceof FileAnswer) {
            // RFC 6266 / 5987: an ASCII fallback name and the real one in UTF-8.
            const ascii = data.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
            const disposition = data.options.inline ? 'inline' : 'attachment';
            // A file of known length goes as it is, with its length (the browser's download shows its
            // progress and the client can check it got it all): @fastify/compress's own switch.
            if (data.options.length !== undefined) {
              reply.header('content-length', data.options.length);
              req.headers['x-no-compression'] = '1';
            }
            return (
              reply
                .header('content-type', data.contentType)
                .header(
                  'content-disposition',
                  `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(data.fileName)}`,
                )
                .header('cache-control', 'no-store')
                // The declared type is the detected one; a browser must not guess another (an uploaded
                // file is never run as HTML or script), and nothing shown inline may run anything.
                .header('x-content-type-options', 'nosniff')
                .header('content-security-policy', "default-src 'none'; sandbox")
                .send(data.body)
            );
          }
          return reply.send(ok(data ?? null, ctx.t));
        },
      });
    }
  }

  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    const ctx = req.ctx ?? baseContext(req, db, config);
    return sendError(err, ctx, req, reply, audit);
  });

  // Notifications: business events become messages; the inbox's live channel (services/notify/).
  await attachNotify(app, { config, db });
  // Imports: multipart upload, template, annotated workbook and the live progress channel.
  await registerImportRoutes(app, { config, db, prefix: API_PREFIX });
  // Uploads: one multipart file, checked and stored in the database (services/files/).
  await registerFileRoutes(app, { config, db, prefix: API_PREFIX });
  // The integration API for the ERP and the WMS: keys instead of sessions (services/integration/).
  await registerIntegrationRoutes(app, db, config, audit);
  registerOpenApiRoutes(app, { db, config });
  // Outside production: screen files served as saved, and each save pushed to the open pages.
  if (screenPreviewEnabled())
    await registerScreenPreview(app, { prefix: '/dapilc', screensDir: process.env.SCREEN_PREVIEW_DIR });

  const indexHtml = config.staticDir && existsSync(join(config.staticDir, 'index.html'));
  if (indexHtml && config.staticDir) {
    const staticDir = config.staticDir;
    // The root is the page too (the static files answer no index).
    app.get('/', (_req, reply) => sendPage(reply, staticDir));
    await app.register(fastifyStatic, {
      root: config.staticDir,
      prefix: '/',
      // Files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      // The page is never a static file: it carries each answer's CSP nonce (sendPage). The build's
      // .br and .gz copies are sent only in place of their file, and its manifest (/.vite/) not at all.
      index: false,
      allowedPath: (path) =>
        path !== '/index.html' && !isPrecompressedCopy(path) && !path.startsWith('/.vite/'),
      // A file's brotli or gzip copy made at build time, as the request's Accept-Encoding prefers.
      preCompressed: true,
      cacheControl: false,
      setHeaders: staticHeaders,
    });
  }

  app.setNotFoundHandler((req, reply) => {
    // A missing file (an old hashed chunk, say) is a 404, never the app's HTML in its place.
    const path = req.url.split('?')[0];
    const isFile = /\.[A-Za-z0-9]{1,8}$/.test(path) && path !== '/index.html';
    if (isFile && !req.url.startsWith(API_PREFIX))
      return reply.code(404).type('text/plain').send('Not found');
    if (req.url.startsWith(API_PREFIX) || (req.method !== 'GET' && req.method !== 'HEAD') || !indexHtml) {
      const ctx = baseContext(req, db, config);
      const err = new AppError('unknownMethod', { path: req.url.slice(0, 200) });
      return reply.code(ERRORS.unknownMethod.status).send(errorBody(err, ctx.t));
    }
    // Client-side routes of the single-page app.
    return sendPage(reply, config.staticDir as string);
  });

  return app;
}

function sendError(
  err: FastifyError | AppError | Error,
  ctx: CallContext,
  req: FastifyRequest,
  reply: FastifyReply,
  audit: AuditLog,
) {
  const appError = toAppError(err, ctx);
  if (!appError) {
    req.log.error({ err }, 'unexpected error');
    audit.abnormal(req, ctx, 'system', '500', err.message, err.stack);
    return reply.code(500).send({ errorCode: 'Unknown!', errorMessage: ctx.t('error.internal') });
  }
  // Refusals worth an administrator's eye: a menu or flag not granted, a value outside the data scope.
  if (appError.kind === 'forbidden' || appError.kind === 'outOfScope')
    audit.abnormal(
      req,
      ctx,
      'operation',
      appError.code,
      `${appError.kind} ${JSON.stringify(appError.params)}`,
    );
  const def = ERRORS[appError.kind];
  if (def.transport) return reply.code(def.status).send(errorBody(appError, ctx.t));
  return reply.code(200).send(refusal(appError, ctx.t));
}

function toAppError(err: FastifyError | AppError | Error, ctx: CallContext): AppError | undefined {
  if (err instanceof AppError) return err;
  const fe = err as FastifyError;
  if (fe.validation) return new AppError('invalidPayload', describeValidation(fe.validation, ctx.t));
  if (fe.statusCode === 413 || fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('tooLarge');
  if (fe.code?.startsWith('FST_ERR_CTP') || (fe.statusCode === 400 && err instanceof SyntaxError)) {
    return new AppError('badJson');
  }
  if (fe.statusCode === 400 || fe.statusCode === 415) return new AppError('badJson');
  return mapDatabaseError(err, ctx.t);
}
