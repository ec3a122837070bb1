// Import routes (spec 000 section 7): {port}/importexcel (multipart, one .xls/.xlsx file of at most
// 50 MB, with the fields step, mode and jobId: check first, then import what the user confirmed),
// {port}/downExcelTemplate, {port}/downImportErrorFile, and the live channel
// /productWebSocket/{uid}{portKey}. They run in their own plugin scope so multipart parsing and the
// WebSocket upgrade exist only here; authentication, permission flags and errors are the same as
// every other call's.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_IMPORT_MODE,
  IMPORT_MODES,
  type ImportMode,
  isImportMode,
} from '../../engine/core/importMode.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { isUuid } from '../db/types.js';
import { AppError } from '../errors.js';
import { SERVICES } from '../modules/index.js';
import { NOTICE_PROTOCOL, registerNoticeSocket } from '../notify/live.js';
import type { CallContext } from '../registry.js';
import { XLSX } from '../resource/export.js';
import { annotatedWorkbook, type ImportStep, runImport } from '../resource/import.js';
import type { ImportDecl } from '../resource/import-columns.js';
import { checkImportName, checkWorkbookFile, MAX_IMPORT_BYTES } from '../resource/import-file.js';
import { importPorts } from '../resource/import-ports.js';
import { PORT_KEY } from '../resource/import-progress.js';
import { ImportSlots } from '../resource/import-slots.js';
import { importTemplate } from '../resource/import-template.js';
import { activeImportTemplate, storedTemplate } from '../resource/import-template-source.js';
import { requireLicense } from '../system/license.js';
import { authorise, baseContext, socketUser } from './context.js';
import { ok } from './envelope.js';
import { isMalformedMultipart } from './multipart.js';
import { FILE_PART } from './openapi.js';
import { checkSocketOrigin } from './socket-origin.js';

/** The subprotocol the live channel speaks; the client offers its session token beside it. */
export const WS_PROTOCOL = 'srm-progress';

function sendFile(reply: FastifyReply, fileName: string, body: Buffer | Readable, length?: number) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (length !== undefined) reply.header('content-length', length);
  return reply
    .header('content-type', XLSX)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .header('cache-control', 'no-store')
    .send(body);
}

/** The form fields of an upload besides the file; a value of another form is a payload error. */
function importField(fields: ImportFields, name: string, value: unknown) {
  const text = typeof value === 'string' ? value : '';
  const refuse = () => {
    throw new AppError('invalidPayload', { field: name, problem: 'is not valid' });
  };
  if (name === 'portKey') {
    if (PORT_KEY.test(text)) fields.portKey = text;
  } else if (name === 'step') {
    if (text !== 'check' && text !== 'import') refuse();
    fields.step = text as ImportStep;
  } else if (name === 'mode') {
    if (!isImportMode(text)) refuse();
    fields.mode = text as ImportMode;
  } else if (name === 'jobId') {
    if (!isUuid(text)) refuse();
    fields.jobId = text;
  }
}

interface ImportFields {
  portKey?: string;
  step?: ImportStep;
  mode?: ImportMode;
  jobId?: string;
}

/** A pass-through that hashes what goes by (the file's checksum, while it is written to disk). */
function hashing(hash: ReturnType<typeof createHash>) {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}

function protocols(req: FastifyRequest): string[] {
  const header = req.headers['sec-websocket-protocol'];
  return typeof header === 'string' ? header.split(',').map((p) => p.trim()) : [];
}

export async function registerImportRoutes(
  app: FastifyInstance,
  { config, db, prefix }: { config: Config; db: Db; prefix: string },
): Promise<void> {
  // One bus per instance for both live channels (opened and closed by services/notify/index.ts).
  const bus = app.notify.bus;
  // Imports of this instance run a few at a time (config.importsAtOnce); the others wait in line.
  const slots = new ImportSlots(config.importsAtOnce);
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One file and a few small fields; the file stream stops at the limit.
      limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    await scope.register(websocket, {
      options: {
        maxPayload: 1024,
        handleProtocols: (offered: Set<string>) =>
          offered.has(WS_PROTOCOL) ? WS_PROTOCOL : offered.has(NOTICE_PROTOCOL) ? NOTICE_PROTOCOL : false,
      },
    });

    // The inbox's live channel shares this scope's WebSocket plugin (services/notify/live.ts).
    registerNoticeSocket(scope, { db, config, bus });

    const guard = (decl: ImportDecl) => async (req: FastifyRequest) => {
      req.ctx = baseContext(req, db, config);
      // A call without a body is an empty one, as for every other method.
      if (!req.isMultipart() && (req.body === undefined || req.body === null)) req.body = {};
      await authorise(req, req.ctx, { kind: 'menu', menus: decl.resource.menus, flag: 'isImport' });
      await requireLicense(db, config);
    };

    /** The template calls take nothing but the envelope's empty condition. */
    const NO_BODY = {
      type: 'object',
      additionalProperties: false,
      properties: { condition: { type: ['object', 'null'], additionalProperties: false, properties: {} } },
    };
    /** What an import's multipart body holds (its parts are checked as they are read). */
    const IMPORT_BODY = {
      consumes: ['multipart/form-data'],
      body: {
        type: 'object',
        required: ['file'],
        properties: {
          file: { ...FILE_PART, description: 'One .xlsx or .xls workbook of at most 50 MB.' },
          step: {
            type: 'string',
            enum: ['check', 'import'],
            description: 'check first; import what was checked',
          },
          mode: { type: 'string', enum: [...IMPORT_MODES] },
          jobId: { type: 'string', format: 'uuid', description: 'the checked job to import' },
          portKey: { type: 'string', description: 'the live channel that hears the progress' },
        },
      },
    };

    for (const decl of importPorts(SERVICES)) {
      scope.post(
        `${prefix}/${decl.port}/importexcel`,
        { preValidation: guard(decl), config: { documentedBody: IMPORT_BODY } },
        async (req, reply) => {
          const ctx = req.ctx as CallContext;
          if (!req.isMultipart()) throw new AppError('importFileType');
          const declared = Number(req.headers['content-length'] ?? 0);
          if (declared > MAX_IMPORT_BYTES + 64 * 1024)
            throw new AppError('importTooLarge', { size: MAX_IMPORT_BYTES / 1024 / 1024 });
          const work = await mkdtemp(join(tmpdir(), 'srm-upload-'));
          try {
            const fields: ImportFields = {};
            let fileName: string | undefined;
            const path = join(work, 'upload');
            const hash = createHash('sha256');
            for await (const part of req.parts()) {
              if (part.type === 'field') {
                importField(fields, part.fieldname, part.value);
                continue;
              }
              if (fileName !== undefined) {
                part.file.resume();
                continue;
              }
              fileName = part.filename || 'upload';
              checkImportName(fileName);
              await pipeline(part.file, hashing(hash), createWriteStream(path));
              if (part.file.truncated)
                throw new AppError('importTooLarge', { size: MAX_IMPORT_BYTES / 1024 / 1024 });
            }
            if (fileName === undefined) throw new AppError('importFileType');
            await checkWorkbookFile(path);
            const userId = ctx.user!.id;
            const portKey = fields.portKey ?? decl.port;
            const progress = (message: string) => bus.publish(userId, portKey, message);
            // Waiting for a slot, the dialog hears its place in the line: `$queue|<place>`.
            const free = await slots.take((place) => progress(`$queue|${place}`));
            try {
              const result = await runImport(decl, ctx, {
                path,
                fileName,
                checksum: hash.digest('hex'),
                step: fields.step,
                mode: fields.mode ?? API_IMPORT_MODE,
                jobId: fields.jobId,
                progress,
              });
              return reply.send(ok(result, ctx.t));
            } finally {
              free();
            }
          } catch (err) {
            const code = (err as { code?: string }).code;
            if (code === 'FST_REQ_FILE_TOO_LARGE')
              throw new AppError('importTooLarge', { size: MAX_IMPORT_BYTES / 1024 / 1024 });
            if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
              throw new AppError('importFileType');
            if (isMalformedMultipart(err)) throw new AppError('uploadMalformed');
            throw err;
          } finally {
            await rm(work, { recursive: true, force: true });
          }
        },
      );

      scope.post(
        `${prefix}/${decl.port}/downExcelTemplate`,
        { preValidation: guard(decl), schema: { body: NO_BODY } },
        async (req, reply) => {
          const ctx = req.ctx as CallContext;
          const label = ctx.t(decl.templateNameKey, { defaultValue: decl.port });
          const configured = await activeImportTemplate(ctx, decl.port);
          if (configured?.templateSource === 'file' && configured.contentId) {
            const size = Number(configured.sizeBytes);
            return sendFile(reply, `${label}.xlsx`, storedTemplate(ctx, configured.contentId, size), size);
          }
          // A client that follows redirects (a plain link) lands on the address; the dialog asks first.
          if (configured?.templateSource === 'url' && configured.templateUrl)
            return reply.header('cache-control', 'no-store').redirect(configured.templateUrl, 303);
          return sendFile(reply, `${label}.xlsx`, await importTemplate(decl, ctx));
        },
      );

      // Where the template of this port comes from, so the import dialog opens a configured address
      // instead of downloading: {url} for an address, {} otherwise.
      scope.post(
        `${prefix}/${decl.port}/getImportTemplateAddress`,
        { preValidation: guard(decl), schema: { body: NO_BODY } },
        async (req, reply) => {
          const ctx = req.ctx as CallContext;
          const configured = await activeImportTemplate(ctx, decl.port);
          const url = configured?.templateSource === 'url' ? configured.templateUrl : null;
          return reply.send(ok(url ? { url } : {}, ctx.t));
        },
      );

      scope.post(
        `${prefix}/${decl.port}/downImportErrorFile`,
        {
          preValidation: guard(decl),
          schema: {
            body: {
              type: 'object',
              required: ['condition'],
              properties: {
                condition: {
                  type: 'object',
                  required: ['jobId'],
                  properties: { jobId: { type: 'string', format: 'uuid' } },
                },
              },
            },
          },
        },
        async (req, reply) => {
          const ctx = req.ctx as CallContext;
          const { jobId } = (req.body as { condition: { jobId: string } }).condition;
          const file = await annotatedWorkbook(ctx, jobId);
          return sendFile(reply, file.fileName, file.body);
        },
      );
    }

    // The live channel. The browser's session cookie authenticates it, or for other clients the token
    // as a subprotocol (no headers can be set on a WebSocket, and a query string would leave it in
    // access logs); the handshake's Origin must be the portal's own. The path's uid must be the
    // token's own user, so a socket can only ever listen to its own user's progress.
    scope.get<{ Params: { key: string } }>(
      '/productWebSocket/:key',
      {
        websocket: true,
        preValidation: async (req) => {
          req.ctx = baseContext(req, db, config);
          checkSocketOrigin(req);
          const offered = protocols(req);
          if (!offered.includes(WS_PROTOCOL)) throw new AppError('sessionExpired');
          const user = await socketUser(req, req.ctx, offered, WS_PROTOCOL);
          req.ctx.user = user;
          const key = req.params.key;
          if (!key.startsWith(user.id) || !PORT_KEY.test(key.slice(user.id.length)))
            throw new AppError('forbidden', { flag: 'uid' });
        },
      },
      (socket, req) => {
        const user = (req.ctx as CallContext).user!;
        const portKey = req.params.key.slice(user.id.length);
        const unsubscribe = bus.subscribe(user.id, portKey, (message) => {
          if (socket.readyState === socket.OPEN) socket.send(message);
        });
        socket.on('close', unsubscribe);
        socket.on('error', unsubscribe);
        // The channel only speaks; anything the client sends is ignored.
        socket.on('message', () => {});
      },
    );
  });
}
