// One upload, from the multipart stream to a file record: the name's extension must be allowed for the
// purpose, the first bytes must agree with it before anything is stored, the bytes are written to the
// database as they arrive (stopping at the size limit), the stored whole is checked again where the
// proof lies further in, and only then is the file record written. Any refusal removes what was written.
import type { FileRecord } from '../../schemas/generated/file-record.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import { inTransaction } from '../resource/resource.js';
import { contentAgrees, HEAD_BYTES, headAgrees, TextCheck } from './detect.js';
import { fileById, removeFileRows } from './files.js';
import { extensionOf, FILE_KINDS, isAllowed, PURPOSE_RULES, type Purpose } from './kinds.js';
import { cleanFileName } from './names.js';
import { ContentReader, ContentWriter, sweepAbandoned } from './store.js';

export interface IncomingFile {
  /** The name the client sent; data only. */
  fileName: string;
  stream: AsyncIterable<Buffer> & { truncated?: boolean };
}

export interface UploadLimits {
  bytes: number;
  /** For the message ({size} MB). */
  mb: number;
}

/** A checked upload whose bytes are stored but which nobody sees until it is committed. */
export interface StagedUpload {
  commit(): Promise<FileRecord>;
  discard(): Promise<void>;
}

export async function stageUpload(
  ctx: CallContext,
  purpose: Purpose,
  incoming: IncomingFile,
  limits: UploadLimits,
  refId: string | null,
): Promise<StagedUpload> {
  const rule = PURPOSE_RULES[purpose];
  const name = cleanFileName(incoming.fileName);
  const ext = extensionOf(name);
  if (!name || !isAllowed(rule, ext)) throw new AppError('fileType', { types: rule.listed });
  const refuse = () => new AppError('fileContent', { ext });
  const tooLarge = () => new AppError('fileTooLarge', { size: limits.mb });

  await sweepAbandoned(ctx.db);
  const writer = new ContentWriter(ctx.db);
  const text = FILE_KINDS[ext].rule.kind === 'text' ? new TextCheck() : undefined;
  let head: Buffer[] | undefined = [];
  let received = 0;
  const passHead = async () => {
    if (!head) return;
    const first = Buffer.concat(head);
    head = undefined;
    if (!(await headAgrees(ext, first))) throw refuse();
    await writer.write(first);
  };

  try {
    for await (const piece of incoming.stream) {
      received += piece.length;
      if (received > limits.bytes) throw tooLarge();
      if (text && !text.push(piece)) throw refuse();
      if (head) {
        head.push(piece);
        if (received >= HEAD_BYTES) await passHead();
      } else await writer.write(piece);
    }
    if (incoming.stream.truncated) throw tooLarge();
    if (received === 0) throw new AppError('fileNone');
    await passHead();
    if (text && !text.end()) throw refuse();
    const written = await writer.finish();
    if (!(await contentAgrees(ext, new ContentReader(ctx.db, written.contentId, written.size))))
      throw refuse();

    return {
      discard: () => writer.discard(),
      commit: () =>
        inTransaction(ctx, async (tx) => {
          const user = tx.user!;
          await tx.db
            .updateTable('sysFileContent')
            .set({ status: 'ready' })
            .where('id', '=', written.contentId)
            .execute();
          const now = new Date();
          const row = await tx.db
            .insertInto('sysFile')
            .values({
              contentId: written.contentId,
              originalName: name,
              fileExt: ext === 'jpeg' ? 'jpg' : ext,
              contentType: FILE_KINDS[ext].mime,
              sizeBytes: written.size,
              sha256: written.sha256,
              module: purpose,
              refId,
              ownerUserId: user.id,
              orgNo: user.orgNo,
              supplierNo: user.scope.supplierNo,
              createName: user.userName,
              createDate: now,
              updateName: user.userName,
              updateDate: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (purpose === 'avatar') await replaceAvatar(tx, row.id);
          return fileById(tx, row.id);
        }),
    };
  } catch (err) {
    await writer.discard().catch(() => undefined);
    throw err;
  }
}

/** The new avatar becomes the user's `url` (user info); the one it replaces is deleted. */
async function replaceAvatar(tx: CallContext, fileId: string): Promise<void> {
  const userId = tx.user!.id;
  const before = await tx.db
    .selectFrom('sysUser')
    .select('avatarFileId')
    .where('id', '=', userId)
    .executeTakeFirst();
  await tx.db.updateTable('sysUser').set({ avatarFileId: fileId }).where('id', '=', userId).execute();
  const old = before?.avatarFileId;
  if (!old || !/^[0-9a-f-]{36}$/i.test(old)) return;
  const own = await tx.db
    .selectFrom('sysFile')
    .select('id')
    .where('id', '=', old)
    .where('module', '=', 'avatar')
    .where('ownerUserId', '=', userId)
    .executeTakeFirst();
  if (own) await removeFileRows(tx, [own.id]);
}
