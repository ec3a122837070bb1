// Export jobs: the progress of a large export and its download once ready. The spec
// names no service for them; only the user who started an export sees or fetches it.
import { defineMethod, defineService, FileAnswer } from '../registry.js';
import { XLSX } from '../resource/export.js';
import { exportJobFile, exportJobOf } from '../resource/export-job.js';

const byId = {
  type: 'object',
  required: ['condition'],
  properties: {
    condition: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', format: 'uuid' } },
    },
  },
};

type ById = { condition: { id: string } };

export const ISysExportJobService = defineService('ISysExportJobService', {
  getExportJob: defineMethod<ById>({
    body: byId,
    access: { kind: 'user' },
    handler: (ctx, body) => exportJobOf(ctx, body.condition.id),
  }),
  downloadExportJob: defineMethod<ById>({
    body: byId,
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      const file = await exportJobFile(ctx, body.condition.id);
      return new FileAnswer(XLSX, file.fileName, file.body);
    },
  }),
});
