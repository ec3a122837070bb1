// Custom field definitions (frame-define, spec 000 sections 3 and 7; DESIGN section 5). Any user reads
// the enabled definitions of a screen they can open; administrators with the frame-define menu's flags
// add, change, switch and remove them. A definition that could break a screen is refused.
import { MODULE, screenMethod } from '../access/screen-scoped.js';
import { AppError } from '../errors.js';
import { page } from '../http/envelope.js';
import { LANGUAGES } from '../i18n.js';
import { type CallContext, defineMethod, defineService, type JsonSchema } from '../registry.js';
import {
  builtInType,
  DATE_FORMATS,
  FIELD_TYPE,
  isBuiltIn,
  staticOptions,
} from '../resource/custom-fields.js';
import type { FieldDef } from '../resource/define.js';
import { deleteBody, getBody } from '../resource/schemas.js';
// Read at call time only, so the import cycle through the service list is harmless.
import { SERVICES } from './index.js';

export const FRAME_DEFINE_MENU = 'BaseManage.Config.FrameDefine';

interface DefinitionInput {
  id?: string;
  version?: number;
  module: string;
  fieldNo: string;
  fieldNoName: Record<string, string>;
  fieldType: number;
  isDisplay?: 'Y' | 'N';
  displayPage?: string;
  displayOrder?: number;
  dateFormat?: string | null;
  enumMid?: string | null;
  fixedMatchingCondition?: string | null;
  dropDownDataSource?: string | null;
}

/** What add and update take: fieldType also as its text code, and null for an emptied input. */
type DefinitionBody = Omit<DefinitionInput, 'fieldType' | 'displayPage' | 'displayOrder'> & {
  fieldType: number | string;
  displayPage?: string | null;
  displayOrder?: number | null;
};

const typeOf = (v: number | string | undefined | null) =>
  v === undefined || v === null ? undefined : Number(v);

const columns = [
  'id',
  'version',
  'module',
  'fieldNo',
  'fieldNoName',
  'fieldType',
  'isDisplay',
  'displayPage',
  'displayOrder',
  'dateFormat',
  'enumMid',
  'fixedMatchingCondition',
  'dropDownDataSource',
  'updateName',
  'updateDate',
] as const;

const definitionProperties: Record<string, JsonSchema> = {
  module: MODULE,
  fieldNo: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' },
  fieldNoName: {
    type: 'object',
    description: 'The label in every language.',
    required: [...LANGUAGES],
    additionalProperties: false,
    properties: Object.fromEntries(
      LANGUAGES.map((l) => [l, { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' }]),
    ),
  },
  // The admin form's select sends the code as text ('3'); both forms mean the same type.
  fieldType: {
    anyOf: [
      { type: 'integer', enum: [0, 1, 2, 3, 4] },
      { type: 'string', enum: ['0', '1', '2', '3', '4'] },
    ],
  },
  isDisplay: { type: 'string', enum: ['Y', 'N'] },
  // Digits 1 search, 2 table column, 3 detail, 4 and 5 editable columns; each at most once. null: none.
  displayPage: { type: ['string', 'null'], pattern: '^(?!.*(.).*\\1)[1-5]{0,5}$' },
  displayOrder: { type: ['integer', 'null'], minimum: 0, maximum: 100000 },
  dateFormat: { type: ['string', 'null'], enum: [...Object.keys(DATE_FORMATS), null] },
  enumMid: { type: ['string', 'null'], maxLength: 64 },
  fixedMatchingCondition: { type: ['string', 'null'], maxLength: 200 },
  dropDownDataSource: { type: ['string', 'null'], maxLength: 5000 },
};

/** Fields every resource of a module already has: a definition naming one only overrides its display. */
function builtInFields(module: string): Record<string, FieldDef> {
  const fields: Record<string, FieldDef> = {};
  for (const service of SERVICES) {
    for (const method of Object.values(service.methods)) {
      if (method.resource?.menus.includes(module)) Object.assign(fields, method.resource.fields);
    }
  }
  return fields;
}

async function checkDefinition(ctx: CallContext, d: DefinitionInput): Promise<void> {
  const refuse = (field: string, key = 'problem.invalid', params?: Record<string, unknown>) => {
    throw new AppError('invalidValue', { field: ctx.t(`field.${field}`), problem: ctx.t(key, params) });
  };
  const fields = builtInFields(d.module);
  if (isBuiltIn(fields, d.fieldNo)) {
    const builtIn = fields[d.fieldNo];
    // Overriding a built-in field: label, visibility, placement and order only, never its type.
    if (!builtIn || (d.fieldType !== FIELD_TYPE.default && d.fieldType !== builtInType(builtIn))) {
      refuse('fieldType', 'frameDefine.typeCollision', { fieldNo: d.fieldNo });
    }
    return;
  }
  if (d.fieldType === FIELD_TYPE.dropdown) {
    if (d.dropDownDataSource) {
      if (!staticOptions(d.dropDownDataSource)) refuse('dropDownDataSource', 'frameDefine.badDataSource');
    } else if (d.enumMid) {
      const any = await ctx.db
        .selectFrom('sysEnum')
        .select('id')
        .where('enumMid', '=', d.enumMid)
        .executeTakeFirst();
      if (!any) refuse('enumMid', 'frameDefine.unknownEnum', { enumMid: d.enumMid });
    } else {
      refuse('dropDownDataSource', 'frameDefine.dropdownNeedsSource');
    }
  }
}

function present(ctx: CallContext, row: Record<string, unknown>) {
  const names = row.fieldNoName as Record<string, string>;
  return {
    ...row,
    fieldNoName: names[ctx.lang] ?? names['en-US'] ?? String(row.fieldNo),
    fieldNoNameI18n: names,
  };
}

export const ISysFrameDefineService = defineService('ISysFrameDefineService', {
  /** The enabled definitions of a screen, for the engine's merge at load. */
  getSysFrameDefineListByModule: screenMethod<{ condition: { module: string } }>({
    handler: async (ctx, body) => {
      const rows = await ctx.db
        .selectFrom('sysFrameDefine')
        .select(columns)
        .where('module', '=', body.condition.module)
        .where('isDisplay', '=', 'Y')
        .orderBy('displayOrder')
        .orderBy('fieldNo')
        .execute();
      return rows.map((r) => present(ctx, r));
    },
  }),

  /** Every definition of a module, switched off ones included, for the admin screen. */
  getSysFrameDefineDown: defineMethod<{
    current?: number;
    size?: number;
    condition?: { module?: string | null; keyword?: string | null; isDisplay?: 'Y' | 'N' | '' | null };
  }>({
    body: {
      type: 'object',
      properties: {
        current: { type: 'integer', minimum: 1, default: 1 },
        size: { type: 'integer', minimum: 1, default: 20 },
        condition: {
          type: 'object',
          default: {},
          properties: {
            module: { anyOf: [MODULE, { type: 'null' }, { const: '' }] },
            keyword: { type: ['string', 'null'], maxLength: 100 },
            isDisplay: { type: ['string', 'null'], enum: ['Y', 'N', '', null] },
            field: { type: ['string', 'null'], maxLength: 100 },
            order: { type: ['string', 'null'], maxLength: 10 },
          },
        },
      },
    },
    access: { kind: 'menu', menus: [FRAME_DEFINE_MENU], flag: 'isSearch' },
    handler: async (ctx, body) => {
      const { module, keyword, isDisplay } = body.condition ?? {};
      const size = Math.min(body.size ?? 20, 1000);
      const current = body.current ?? 1;
      let q = ctx.db.selectFrom('sysFrameDefine');
      if (module) q = q.where('module', '=', module);
      if (isDisplay) q = q.where('isDisplay', '=', isDisplay);
      if (keyword?.trim()) {
        const pattern = `%${keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        q = q.where((eb) => eb.or([eb('fieldNo', 'ilike', pattern), eb('module', 'ilike', pattern)]));
      }
      const { total } = await q
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await q
        .select(columns)
        .orderBy('module')
        .orderBy('displayOrder')
        .orderBy('fieldNo')
        .limit(size)
        .offset((current - 1) * size)
        .execute();
      return {
        ...page(
          rows.map((r) => present(ctx, r)),
          Number(total),
          current,
          size,
        ),
        builtInFields: module ? Object.keys(builtInFields(module)) : [],
      };
    },
  }),

  /** The dictionaries (enumMid) with valid values, for the forms' dictionary selector; at most 50. */
  getSysFrameDefineDictionaries: defineMethod<{ condition?: { keyword?: string | null } | null }>({
    body: {
      type: 'object',
      properties: {
        condition: {
          type: ['object', 'null'],
          properties: { keyword: { type: ['string', 'null'], maxLength: 64 } },
        },
      },
    },
    access: { kind: 'menu', menus: [FRAME_DEFINE_MENU], flag: 'isSearch' },
    handler: async (ctx, body) => {
      const keyword = body.condition?.keyword?.trim();
      let q = ctx.db.selectFrom('sysEnum').select('enumMid').distinct().where('status', '=', '1');
      if (keyword) {
        q = q.where('enumMid', 'ilike', `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      }
      return q.orderBy('enumMid').limit(50).execute();
    },
  }),

  getSysFrameDefineById: defineMethod<{ condition: { id: string } }>({
    body: getBody(),
    access: { kind: 'menu', menus: [FRAME_DEFINE_MENU], flag: 'isSearch' },
    handler: async (ctx, body) => {
      const row = await ctx.db
        .selectFrom('sysFrameDefine')
        .select(columns)
        .where('id', '=', body.condition.id)
        .executeTakeFirst();
      if (!row) throw new AppError('notFound');
      // The modify form edits the name in every language: fieldNoName is the object update takes.
      return { ...present(ctx, row), fieldNoName: row.fieldNoName };
    },
  }),

  addSysFrameDefine: defineMethod<{ condition: DefinitionBody }>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['module', 'fieldNo', 'fieldNoName', 'fieldType'],
          properties: definitionProperties,
        },
      },
    },
    access: { kind: 'menu', menus: [FRAME_DEFINE_MENU], flag: 'isAdd' },
    handler: async (ctx, body) => {
      const d: DefinitionInput = {
        ...body.condition,
        fieldType: Number(body.condition.fieldType),
        displayPage: body.condition.displayPage ?? '',
        displayOrder: body.condition.displayOrder ?? 0,
      };
      await checkDefinition(ctx, d);
      const row = await ctx.db
        .insertInto('sysFrameDefine')
        .values({
          module: d.module,
          fieldNo: d.fieldNo,
          fieldNoName: JSON.stringify(d.fieldNoName),
          fieldType: d.fieldType,
          isDisplay: d.isDisplay ?? 'Y',
          displayPage: d.displayPage ?? '',
          displayOrder: d.displayOrder ?? 0,
          dateFormat: d.fieldType === FIELD_TYPE.date ? (d.dateFormat ?? 'yyyy-MM-dd') : null,
          enumMid: d.enumMid ?? null,
          fixedMatchingCondition: d.fixedMatchingCondition ?? null,
          dropDownDataSource: d.dropDownDataSource ?? null,
          createName: ctx.user!.userName,
          updateName: ctx.user!.userName,
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return present(ctx, row);
    },
  }),

  updateSysFrameDefine: defineMethod<{
    condition: Partial<DefinitionBody> & { id: string; version: number };
  }>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['id', 'version'],
          properties: {
            id: { type: 'string', format: 'uuid' },
            version: { type: 'integer', minimum: 1 },
            ...definitionProperties,
          },
        },
      },
    },
    access: { kind: 'menu', menus: [FRAME_DEFINE_MENU], flag: 'isModify' },
    handler: async (ctx, body) => {
      const c = body.condition;
      const current = await ctx.db
        .selectFrom('sysFrameDefine')
        .selectAll()
        .where('id', '=', c.id)
        .executeTakeFirst();
      if (!current) throw new AppError('notFound');
      // module and fieldNo identify the field and its stored values: they do not change.
      const merged: DefinitionInput = {
        module: current.module,
        fieldNo: current.fieldNo,
        fieldNoName: c.fieldNoName ?? current.fieldNoName,
        fieldType: typeOf(c.fieldType) ?? current.fieldType,
        isDisplay: c.isDisplay ?? current.isDisplay,
        // undefined keeps what is stored; null (an emptied input) clears it.
        displayPage: c.displayPage === undefined ? current.displayPage : (c.displayPage ?? ''),
        displayOrder: c.displayOrder === undefined ? current.displayOrder : (c.displayOrder ?? 0),
        dateFormat: c.dateFormat !== undefined ? c.dateFormat : current.dateFormat,
        enumMid: c.enumMid !== undefined ? c.enumMid : current.enumMid,
        fixedMatchingCondition:
          c.fixedMatchingCondition !== undefined ? c.fixedMatchingCondition : current.fixedMatchingCondition,
        dropDownDataSource:
          c.dropDownDataSource !== undefined ? c.dropDownDataSource : current.dropDownDataSource,
      };
      await checkDefinition(ctx, merged);
      const row = await ctx.db
        .updateTable('sysFrameDefine')
        .set({
          fieldNoName: JSON.stringify(merged.fieldNoName),
          fieldType: merged.fieldType,
          isDisplay: merged.isDisplay,
          displayPage: merged.displayPage,
          displayOrder: merged.displayOrder,
          dateFormat: merged.fieldType === FIELD_TYPE.date ? (merged.dateFormat ?? 'yyyy-MM-dd') : null,
          enumMid: merged.enumMid ?? null,
          fixedMatchingCondition: merged.fixedMatchingCondition ?? null,
          dropDownDataSource: merged.dropDownDataSource ?? null,
          version: current.version + 1,
          updateName: ctx.user!.userName,
          updateDate: new Date(),
        })
        .where('id', '=', c.id)
        .where('version', '=', c.version)
        .returning(columns)
        .executeTakeFirst();
      if (!row) throw new AppError('staleVersion');
      return present(ctx, row);
    },
  }),

  deleteSysFrameDefine: defineMethod<{ condition: { delList: { id: string; version: number }[] } }>({
    body: deleteBody(),
    access: { kind: 'menu', menus: [FRAME_DEFINE_MENU], flag: 'isPhysicalDelete' },
    handler: async (ctx, body) => {
      await ctx.db.transaction().execute(async (tx) => {
        for (const { id, version } of body.condition.delList) {
          const row = await tx
            .selectFrom('sysFrameDefine')
            .select('version')
            .where('id', '=', id)
            .executeTakeFirst();
          if (!row) throw new AppError('notFound');
          if (row.version !== version) throw new AppError('staleVersion');
          await tx.deleteFrom('sysFrameDefine').where('id', '=', id).execute();
        }
      });
      return { deleted: body.condition.delList.length };
    },
  }),
});
