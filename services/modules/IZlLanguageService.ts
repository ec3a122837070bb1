// The languages a user may pick at login (public): code and name, in their order.
import { defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { listAll, type Row } from '../resource/resource.js';

export const languageResource = defineResource({
  table: 'zlLanguage',
  menus: [],
  fields: {
    languageCode: { type: 'string' },
    description: { type: 'string' },
    sort: { type: 'integer' },
  },
  defaultSort: { field: 'sort', order: 'asc' },
});

export const IZlLanguageService = defineService('IZlLanguageService', {
  getAllZlLanguage: defineMethod({
    body: { type: 'object' },
    access: { kind: 'public' },
    handler: async (ctx) => {
      const languages: Row[] = [];
      for await (const chunk of listAll(languageResource, ctx, {}, 1000, {}, ['languageCode', 'description']))
        languages.push(...chunk.records);
      return languages;
    },
  }),
});
