// Where {port}/downExcelTemplate takes a port's template from (BaseManage.Config.ImportTemplate): the
// active configuration, read whoever may import there. Kept apart from the service module so the
// import routes do not load the service list through it.
import { ContentReader } from '../files/store.js';
import type { CallContext } from '../registry.js';

/** The active configuration of a port, read by the template download whoever may import there. */
export async function activeImportTemplate(ctx: CallContext, port: string) {
  return ctx.db
    .selectFrom('sysImportTemplate as t')
    .leftJoin('sysFile as f', 'f.id', 't.fileId')
    .select(['t.templateSource', 't.templateUrl', 'f.contentId', 'f.sizeBytes', 'f.originalName'])
    .where('t.port', '=', port)
    .where('t.statusCode', '=', '1')
    .executeTakeFirst();
}

/** The uploaded workbook's bytes, streamed from the files store in its chunks. */
export function storedTemplate(ctx: CallContext, contentId: string, size: number | string) {
  return new ContentReader(ctx.db, contentId, Number(size)).stream();
}
