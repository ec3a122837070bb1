import { defineMethod, defineService } from '../registry.js';

export const IZlLanguageService = defineService('IZlLanguageService', {
  getAllZlLanguage: defineMethod({
    body: { type: 'object' },
    access: { kind: 'public' },
    handler: (ctx) =>
      ctx.db
        .selectFrom('zlLanguage')
        .select(['id', 'languageCode', 'description'])
        .orderBy('sort')
        .orderBy('id')
        .execute(),
  }),
});
