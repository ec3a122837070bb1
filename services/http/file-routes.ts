// The upload route: POST {prefix}/ISrmFileService/uploadFile?purpose=<purpose>[&refId=<id>],
// multipart/form-data with exactly one part `file`. The purpose (query string, so it is known before
// a byte of the body is read) decides who may upload (the calling menu's flags), the allowed kinds and
// the size limit; services/files/upload.ts checks and stores the file. The answer is the file record;
// its `id` is what forms keep (an attachments field, an app version's fileId, the user's avatar `url`).
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { menuChainFlags } from '../access/permissions.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { PURPOSE_RULES, PURPOSES, type Purpose, type PurposeRule } from '../files/kinds.js';
import { type StagedUpload, stageUpload } from '../files/upload.js';
import type { CallContext } from '../registry.js';
import { authorise, baseContext } from './context.js';
import { ok } from './envelope.js';
import { isMalformedMultipart } from './multipart.js';
import { FILE_PART } from './openapi.js';

const REF_ID = /^[A-Za-z0-9._:-]{1,64}$/;
/** Multipart framing around the file (boundaries, part headers) that the declared length may add. */
const FRAMING = 64 * 1024;

interface UploadQuery {
  purpose?: string;
  refId?: string;
}

export function limitMb(rule: PurposeRule, config: Config): number {
  if (rule.maxMb === 'upload') return config.uploadMaxMb;
  if (rule.maxMb === 'appUpload') return config.appUploadMaxMb;
  return rule.maxMb;
}

function purposeOf(req: FastifyRequest, ctx: CallContext): Purpose {
  const { purpose } = (req.query ?? {}) as UploadQuery;
  if (typeof purpose !== 'string' || !(PURPOSES as readonly string[]).includes(purpose))
    throw new AppError('invalidPayload', { field: 'purpose', problem: ctx.t('problem.invalid') });
  return purpose as Purpose;
}

/** The calling menu (or, for a hidden page, its list menu) must be the purpose's and grant one of its flags. */
async function authoriseUpload(req: FastifyRequest, ctx: CallContext, rule: PurposeRule): Promise<void> {
  await authorise(req, ctx, { kind: 'user' });
  const header = req.headers['app-module-number'];
  const moduleNumber = typeof header === 'string' ? header.slice(0, 100) : undefined;
  const chain = moduleNumber ? await menuChainFlags(ctx.db, ctx.user!.id, moduleNumber) : [];
  const menu = rule.menus ? chain.find((m) => rule.menus!.includes(m.menuNo)) : chain[0];
  if (!menu?.flags || !rule.flags.some((f) => menu.flags![f]))
    throw new AppError('forbidden', { flag: rule.flags.join(' / ') });
  ctx.menuNo = menu.menuNo;
  ctx.flags = menu.flags;
}

export async function registerFileRoutes(
  app: FastifyInstance,
  { config, db, prefix }: { config: Config; db: Db; prefix: string },
): Promise<void> {
  await app.register(async (scope) => {
    // Multipart parsing exists only in this scope; each request sets its own file size limit.
    await scope.register(multipart, {
      limits: { files: 1, fields: 4, fieldSize: 1024, parts: 5, headerPairs: 20 },
    });

    scope.post(
      `${prefix}/ISrmFileService/uploadFile`,
      {
        config: {
          documentedBody: {
            consumes: ['multipart/form-data'],
            querystring: {
              type: 'object',
              required: ['purpose'],
              properties: { purpose: { type: 'string', enum: [...PURPOSES] }, refId: { type: 'string' } },
            },
            body: { type: 'object', required: ['file'], properties: { file: FILE_PART } },
          },
        },
        preValidation: async (req) => {
          req.ctx = baseContext(req, db, config);
          const purpose = purposeOf(req, req.ctx);
          await authoriseUpload(req, req.ctx, PURPOSE_RULES[purpose]);
        },
      },
      async (req, reply) => {
        const ctx = req.ctx as CallContext;
        const purpose = purposeOf(req, ctx);
        const { refId } = (req.query ?? {}) as UploadQuery;
        if (refId !== undefined && !REF_ID.test(refId))
          throw new AppError('invalidPayload', { field: 'refId', problem: ctx.t('problem.invalid') });
        const mb = limitMb(PURPOSE_RULES[purpose], config);
        const limits = { mb, bytes: mb * 1024 * 1024 };
        if (!req.isMultipart()) throw new AppError('fileNone');
        // A declared body far over the limit is refused before any of it is read.
        if (Number(req.headers['content-length'] ?? 0) > limits.bytes + FRAMING)
          throw new AppError('fileTooLarge', { size: mb });

        // Exactly one file: it is checked and stored as it arrives, but becomes a file only when the
        // request held nothing else.
        const staged: StagedUpload[] = [];
        let extra = false;
        try {
          for await (const part of req.parts({ limits: { fileSize: limits.bytes } })) {
            if (part.type === 'field') continue;
            if (part.fieldname !== 'file' || staged.length) {
              extra = true;
              part.file.resume();
              continue;
            }
            staged.push(
              await stageUpload(
                ctx,
                purpose,
                { fileName: part.filename, stream: part.file },
                limits,
                refId ?? null,
              ),
            );
          }
        } catch (err) {
          await Promise.all(staged.map((s) => s.discard().catch(() => undefined)));
          const code = (err as { code?: string }).code;
          if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('fileTooLarge', { size: mb });
          if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
            throw new AppError('fileNone');
          if (isMalformedMultipart(err)) throw new AppError('uploadMalformed');
          throw err;
        }
        if (staged.length !== 1 || extra) {
          await Promise.all(staged.map((s) => s.discard().catch(() => undefined)));
          throw new AppError('fileNone');
        }
        try {
          return reply.send(ok(await staged[0].commit(), ctx.t));
        } catch (err) {
          await staged[0].discard().catch(() => undefined);
          throw err;
        }
      },
    );
  });
}
