// Saved search tags (spec 000 sections 3, 4, 7): a screen's fixed tags plus the caller's own common
// tags. Only administrators (all-scope users) keep fixed tags; a user deletes only their own.
import { requireOpenable } from '../access/permissions.js';
import { MODULE, screenMethod } from '../access/screen-scoped.js';
import { AppError } from '../errors.js';
import { LANGUAGES } from '../i18n.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { deleteBody } from '../resource/schemas.js';

interface I18nName {
  languageCode: string;
  description: string;
  languageDesc?: string;
}

interface AddTagBody {
  condition: {
    module: string;
    name?: string;
    tagContent: string;
    tagOwnType?: 1 | 2;
    tagOwner?: string;
    zlI18nList: I18nName[];
  };
}

const checkModule = (ctx: CallContext, module: string) => requireOpenable(ctx.db, ctx.user!.id, module);

const columns = [
  'id',
  'version',
  'module',
  'name',
  'tagName',
  'tagContent',
  'tagOwnType',
  'tagOwner',
  'zlI18nList',
] as const;

export const ISysTagService = defineService('ISysTagService', {
  getCurrentUserSysTagListByModule: screenMethod<{ condition: { module: string } }>({
    handler: async (ctx, body) => {
      const { module } = body.condition;
      const records = await ctx.db
        .selectFrom('sysTag')
        .select(columns)
        .where('module', '=', module)
        .where((eb) => eb.or([eb('tagOwnType', '=', 1), eb('tagOwner', '=', ctx.user!.id)]))
        .orderBy('tagOwnType')
        .orderBy('createDate')
        .execute();
      return { records };
    },
  }),

  addSysTag: defineMethod<AddTagBody>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['module', 'tagContent', 'zlI18nList'],
          properties: {
            module: MODULE,
            name: { type: 'string', maxLength: 100 },
            tagContent: { type: 'string', minLength: 2, maxLength: 20_000 },
            tagOwnType: { type: 'integer', enum: [1, 2] },
            tagOwner: {},
            zlI18nList: {
              type: 'array',
              minItems: 1,
              maxItems: LANGUAGES.length,
              items: {
                type: 'object',
                required: ['languageCode', 'description'],
                properties: {
                  languageCode: { type: 'string', enum: [...LANGUAGES] },
                  // i18nListRule: every language name is required.
                  description: { type: 'string', minLength: 1, maxLength: 50, pattern: '\\S' },
                  languageDesc: { type: 'string', maxLength: 50 },
                },
              },
            },
          },
        },
      },
    },
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      const c = body.condition;
      await checkModule(ctx, c.module);
      let content: unknown;
      try {
        content = JSON.parse(c.tagContent);
      } catch {
        content = undefined;
      }
      if (!content || typeof content !== 'object' || Array.isArray(content)) {
        throw new AppError('invalidValue', { field: 'tagContent', problem: ctx.t('problem.invalid') });
      }
      const ownType = c.tagOwnType ?? 2;
      if (ownType === 1 && !ctx.user!.scope.all) throw new AppError('forbidden', { flag: 'tagOwnType' });
      const names = c.zlI18nList.map((n) => ({ ...n, description: n.description.trim() }));
      const tagName = (names.find((n) => n.languageCode === ctx.lang) ?? names[0]).description;
      return ctx.db
        .insertInto('sysTag')
        .values({
          module: c.module,
          name: c.name ?? c.module,
          tagName,
          tagContent: c.tagContent,
          tagOwnType: ownType,
          // The owner is always the caller, whatever the client says.
          tagOwner: ctx.user!.id,
          zlI18nList: JSON.stringify(names),
          createName: ctx.user!.userName,
          updateName: ctx.user!.userName,
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
    },
  }),

  deleteSysTagById: defineMethod<{ condition: { delList: { id: string; version: number }[] } }>({
    body: deleteBody(),
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      const me = ctx.user!;
      await ctx.db.transaction().execute(async (tx) => {
        for (const { id, version } of body.condition.delList) {
          const tag = await tx
            .selectFrom('sysTag')
            .select(['version', 'tagOwner', 'tagOwnType'])
            .where('id', '=', id)
            .executeTakeFirst();
          const mine = tag && (tag.tagOwner === me.id || (tag.tagOwnType === 1 && me.scope.all));
          if (!tag || !mine) throw new AppError('notFound');
          if (tag.version !== version) throw new AppError('staleVersion');
          await tx.deleteFrom('sysTag').where('id', '=', id).where('version', '=', version).execute();
        }
      });
      return { deleted: body.condition.delList.length };
    },
  }),
});
