// The dictionary (spec 001: enumMid, enumValue, enumName, enumSeq, status): the lookup
// IBmEnumService/getsysenumbyparamssearch {status 1, keyword, enumMid} for every dropdown, and its
// maintenance on BaseManage.Config.Dictionary. A value is named, in the caller's language, by its
// per-language names when an administrator gave them, else by its locale key enum.<enumMid>.<enumValue>
// (the seeded system values), else by its stored name.
//
// A dictionary the code relies on (seeded, is_system 'Y') keeps its values: none is added, deleted,
// recoded or made invalid, because field declarations and screens name those exact codes; its names
// and order may still change.
// hand-written SQL: whether a dictionary is a system one (any of its values marked so)
import { adminOnly } from '../access/admin-only.js';
import { AppError } from '../errors.js';
import { LANGUAGES } from '../i18n.js';
import { type CallContext, defineService, type JsonSchema, type MethodDef } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { standardMethods } from '../resource/methods.js';
import { add, get, inTransaction, type Row, remove, update } from '../resource/resource.js';
import { addBody, updateBody } from '../resource/schemas.js';

export const DICTIONARY_MENU = 'BaseManage.Config.Dictionary';

export const enumResource = defineResource({
  table: 'sysEnum',
  menus: [DICTIONARY_MENU],
  fields: {
    enumMid: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 64,
      pattern: '^[A-Za-z][A-Za-z0-9_]*$',
      keyword: true,
      sortable: true,
    },
    enumValue: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 64,
      pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*$',
      keyword: true,
      sortable: true,
    },
    enumName: {
      type: 'string',
      write: 'always',
      required: true,
      maxLength: 100,
      keyword: true,
      sortable: true,
    },
    enumSeq: { type: 'integer', write: 'always', minimum: 0, maximum: 99999, default: 0, sortable: true },
    status: {
      type: 'string',
      write: 'always',
      enum: ['0', '1'],
      default: '1',
      sortable: true,
      dictionary: 'STATUS_CODE',
    },
    // Written by the service as a cleaned JSON object (its own value), never as sent.
    enumNameI18n: { type: 'string', write: 'always' },
    isSystem: { type: 'string', enum: ['Y', 'N'], sortable: true, dictionary: 'YES_NO' },
  },
  filters: {
    enumMid: { field: 'enumMid', op: 'eq' },
    enumMidIndistinct: { field: 'enumMid', op: 'contains' },
    status: { field: 'status', op: 'eq' },
    isSystem: { field: 'isSystem', op: 'eq' },
  },
  validField: 'status',
  defaultSort: { field: 'enumSeq', order: 'asc' },
  present: (row, t) => ({
    ...row,
    enumName: t(`enum.${row.enumMid}.${row.enumValue}`, { defaultValue: row.enumName }),
  }),
});

const I18N_NAMES: JsonSchema = {
  type: ['object', 'null'],
  description: 'The name in each language; a language left empty falls back to enumName.',
  additionalProperties: false,
  properties: Object.fromEntries(LANGUAGES.map((l) => [l, { type: ['string', 'null'], maxLength: 100 }])),
};

/** The per-language names as stored: only filled languages, or null. */
function i18nValue(names: unknown): string | null {
  if (!names || typeof names !== 'object') return null;
  const kept = Object.entries(names as Record<string, string | null>).filter(([, v]) => v?.trim());
  return kept.length ? JSON.stringify(Object.fromEntries(kept.map(([k, v]) => [k, v!.trim()]))) : null;
}

function localise(ctx: CallContext, row: Row): Row {
  const names = row.enumNameI18n as Record<string, string> | null;
  return names?.[ctx.lang] ? { ...row, enumName: names[ctx.lang] } : row;
}

function withNames(schema: JsonSchema): JsonSchema {
  const s = structuredClone(schema) as {
    properties: { condition: { properties: Record<string, JsonSchema> } };
  };
  s.properties.condition.properties.enumNameI18n = I18N_NAMES;
  return s as unknown as JsonSchema;
}

const refuse = (row: Row): never => {
  throw new AppError('systemRecord', { name: `${row.enumMid}/${row.enumValue}` });
};

async function isSystemDictionary(ctx: CallContext, enumMid: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('sysEnum')
    .select('id')
    .where('enumMid', '=', enumMid)
    .where('isSystem', '=', 'Y')
    .executeTakeFirst();
  return Boolean(row);
}

const standard = standardMethods(enumResource, {
  list: 'getsysenumbyparamssearch',
  get: 'getsysenumbyid',
  add: 'addsysenum',
  update: 'updatesysenumbyid',
  delete: { name: 'deletesysenumbyids', flag: 'isDelete' },
});

type ListAnswer = { records: Row[] };

const maintained: Record<string, MethodDef> = {
  getsysenumbyid: {
    ...standard.getsysenumbyid,
    handler: async (ctx, body) => localise(ctx, (await standard.getsysenumbyid.handler(ctx, body)) as Row),
  },
  addsysenum: {
    ...standard.addsysenum,
    body: withNames(addBody(enumResource)),
    handler: async (ctx, body: { condition: Row }) => {
      const c = body.condition;
      if (await isSystemDictionary(ctx, String(c.enumMid))) refuse(c);
      return localise(ctx, await add(enumResource, ctx, c, { enumNameI18n: i18nValue(c.enumNameI18n) }));
    },
  },
  updatesysenumbyid: {
    ...standard.updatesysenumbyid,
    body: withNames(updateBody(enumResource)),
    handler: (ctx, body: { condition: Row & { id: string; version: number } }) =>
      inTransaction(ctx, async (tx) => {
        const c = body.condition;
        const current = await get(enumResource, tx, c.id);
        // A value the code relies on stays valid: screens and field declarations name it.
        if (current.isSystem === 'Y' && c.status === '0') refuse(current);
        const own = 'enumNameI18n' in c ? { enumNameI18n: i18nValue(c.enumNameI18n) } : {};
        return localise(tx, await update(enumResource, tx, c, own));
      }),
  },
  deletesysenumbyids: {
    ...standard.deletesysenumbyids,
    handler: (ctx, body: { condition: { delList: { id: string; version: number }[] } }) =>
      inTransaction(ctx, async (tx) => {
        for (const { id } of body.condition.delList) {
          const row = await get(enumResource, tx, id);
          if (row.isSystem === 'Y') refuse(row);
        }
        return remove(enumResource, tx, body.condition.delList);
      }),
  },
};

export const IBmEnumService = defineService('IBmEnumService', {
  // The lookup serves every dropdown, suppliers' screens included; the dictionary screen itself is
  // system administration.
  ...adminOnly(
    {
      getsysenumbyparamssearch: {
        ...standard.getsysenumbyparamssearch,
        handler: async (ctx, body) => {
          const page = (await standard.getsysenumbyparamssearch.handler(ctx, body)) as ListAnswer;
          return { ...page, records: page.records.map((r) => localise(ctx, r)) };
        },
      },
    },
    { lookups: true },
  ),
  ...adminOnly(maintained),
});
