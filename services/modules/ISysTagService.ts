// Saved search tags (spec 000 sections 3, 4, 7): a screen's fixed tags plus the caller's own common
// tags. Only administrators (all-scope users) keep fixed tags; a user deletes only their own.
import { requireOpenable } from '../access/permissions.js';
import { MODULE, screenMethod } from '../access/screen-scoped.js';
import { AppError } from '../errors.js';
import { LANGUAGES } from '../i18n.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { listAll, type Row } from '../resource/resource.js';
import { addRecord, removeRecords } from '../resource/save.js';
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

/** A fixed tag (1) is everyone's on the screen; a common tag (2) its owner's. */
const FIXED = 1;

export const tagResource = defineResource({
  table: 'sysTag',
  menus: [],
  fields: {
    module: { type: 'string', write: 'create', required: true, maxLength: 100 },
    name: { type: 'string', write: 'create', maxLength: 100 },
    tagName: { type: 'string', write: 'always', required: true, maxLength: 50 },
    tagContent: { type: 'string', write: 'always', required: true, maxLength: 20_000 },
    tagOwnType: { type: 'integer', write: 'create' },
    // Always the caller, whatever the client says: written by the service.
    tagOwner: { type: 'string' },
    // The name in every language: JSON, checked by the call's schema.
    zlI18nList: { type: 'string', write: 'always' },
  },
  filters: { module: { field: 'module', op: 'eq' } },
  // The screen's fixed tags and the caller's own.
  audience: (ctx, q) =>
    q.where((eb) => eb.or([eb('t1.tagOwnType', '=', FIXED), eb('t1.tagOwner', '=', ctx.user!.id)])),
  // Its own tags, and for an administrator the fixed ones.
  mayChange: (ctx, q) =>
    q.where((eb) =>
      eb.or([
        eb('t1.tagOwner', '=', ctx.user!.id),
        ...(ctx.user!.scope.all ? [eb('t1.tagOwnType', '=', FIXED)] : []),
      ]),
    ),
  defaultSort: { field: 'tagOwnType', order: 'asc', thenBy: [{ field: 'createDate', order: 'asc' }] },
});

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

const answer = (row: Row) => Object.fromEntries(columns.map((c) => [c, row[c]]));

const checkModule = (ctx: CallContext, module: string) => requireOpenable(ctx.db, ctx.user!.id, module);

export const ISysTagService = defineService('ISysTagService', {
  getCurrentUserSysTagListByModule: screenMethod<{ condition: { module: string } }>({
    handler: async (ctx, body) => {
      const records: Row[] = [];
      for await (const chunk of listAll(
        tagResource,
        ctx,
        { module: body.condition.module },
        1000,
        {},
        columns,
      ))
        records.push(...chunk.records.map(answer));
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
      if (ownType === FIXED && !ctx.user!.scope.all) throw new AppError('forbidden', { flag: 'tagOwnType' });
      const names = c.zlI18nList.map((n) => ({ ...n, description: n.description.trim() }));
      const tagName = (names.find((n) => n.languageCode === ctx.lang) ?? names[0]).description;
      const saved = await addRecord(
        tagResource,
        ctx,
        {
          module: c.module,
          name: c.name ?? c.module,
          tagName,
          tagContent: c.tagContent,
          tagOwnType: ownType,
          zlI18nList: JSON.stringify(names),
        },
        { tagOwner: ctx.user!.id },
      );
      return answer(saved);
    },
  }),

  deleteSysTagById: defineMethod<{ condition: { delList: { id: string; version: number }[] } }>({
    body: deleteBody(),
    access: { kind: 'user' },
    handler: (ctx, body) => removeRecords(tagResource, ctx, body.condition.delList),
  }),
});
