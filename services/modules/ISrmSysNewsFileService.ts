// Files of announcements and news (spec 001 section 7: downloadSrmNewsFileFileId {fileId}, blob). Only
// news files; news files published by buyer-side staff are readable by suppliers' users of the same
// organisation (services/files/access.ts).
import { downloadFile } from '../files/files.js';
import { defineMethod, defineService } from '../registry.js';

export const ISrmSysNewsFileService = defineService('ISrmSysNewsFileService', {
  downloadSrmNewsFileFileId: defineMethod<{ condition: { fileId: string } }>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['fileId'],
          properties: { fileId: { type: 'string', format: 'uuid' } },
        },
      },
    },
    access: { kind: 'user' },
    handler: (ctx, body) => downloadFile(ctx, body.condition.fileId, 'news'),
  }),
});
