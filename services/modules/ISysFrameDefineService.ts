// Custom field definitions (frame-define, spec 000 sections 3 and 7; DESIGN section 5). Any user reads
// the enabled definitions of a screen they can open; administrators with the frame-define menu's flags
// add, change, switch and remove them. A definition that could break a screen is refused.
// hand-written SQL: the dictionaries the form offers (distinct enumMid) and whether one exists
import { MODULE, screenMethod } from '../access/screen-scoped.js';
import { AppError } from '../errors.js';
import { LANGUAGES } from '../i18n.js';
import { type CallContext, defineMethod, defineService, type JsonSchema } from '../registry.js';
import {
  builtInType,
  DATE_FORMATS,
  FIELD_TYPE,
  isBuiltIn,
  staticOptions,
} from '../resource/custom-fields.js';
import { defineResource, type FieldDef } from '../resource/define.js';
import { MENU_NAME_REFERENCE } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { get, inTransaction, list, listAll, type Row } from '../resource/resource.js';
import { addRecord, updateRecord } from '../resource/save.js';
import { getBody, keywordBody } from '../resource/schemas.js';
import { namedScreenModules } from '../system/screen-modules.js';
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
  'moduleName',
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

/** The label in every language, as stored (JSON). */
type Names = Record<string, string>;

export const frameDefineResource = defineResource({
  table: 'sysFrameDefine',
  menus: [FRAME_DEFINE_MENU],
  fields: {
    // module and fieldNo identify the field and its stored values: they do not change.
    module: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 100,
      keyword: true,
      sortable: true,
    },
    fieldNo: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 64,
      keyword: true,
      sortable: true,
    },
    // Written by the service as JSON; answered in the caller's language (present).
    fieldNoName: { type: 'string', write: 'always' },
    fieldType: { type: 'integer', write: 'always', sortable: true },
    isDisplay: { type: 'string', write: 'always', enum: ['Y', 'N'], default: 'Y', sortable: true },
    displayPage: { type: 'string', write: 'always', maxLength: 5, default: '', sortable: true },
    displayOrder: { type: 'integer', write: 'always', default: 0, sortable: true },
    dateFormat: { type: 'string', write: 'always', maxLength: 32 },
    enumMid: { type: 'string', write: 'always', maxLength: 64 },
    fixedMatchingCondition: { type: 'string', write: 'always', maxLength: 200 },
    dropDownDataSource: { type: 'string', write: 'always', maxLength: 5000 },
  },
  filters: {
    module: { field: 'module', op: 'eq' },
    isDisplay: { field: 'isDisplay', op: 'eq' },
  },
  defaultSort: {
    field: 'module',
    order: 'asc',
    thenBy: [
      { field: 'displayOrder', order: 'asc' },
      { field: 'fieldNo', order: 'asc' },
    ],
  },
  // The module answered with its menu's title in the caller's language (moduleName).
  references: { module: MENU_NAME_REFERENCE },
  // A definition that could break its screen is refused.
  hooks: { beforeSave: (ctx, row) => checkDefinition(ctx, row as unknown as DefinitionInput) },
  present: (row, _t, lang) => {
    const names = row.fieldNoName as Names;
    return {
      ...row,
      fieldNoName: names[lang] ?? names['en-US'] ?? String(row.fieldNo),
      fieldNoNameI18n: names,
    };
  },
});

/** A definition as callers get it: the columns below, the name in their language and in every one. */
const answer = (row: Row) => Object.fromEntries([...columns, 'fieldNoNameI18n'].map((c) => [c, row[c]]));

/** The stored values of a definition: a date keeps its format (yyyy-MM-dd unless given), others none. */
function stored(d: DefinitionInput): Row {
  return {
    fieldNoName: JSON.stringify(d.fieldNoName),
    fieldType: d.fieldType,
    isDisplay: d.isDisplay ?? 'Y',
    displayPage: d.displayPage ?? '',
    displayOrder: d.displayOrder ?? 0,
    dateFormat: d.fieldType === FIELD_TYPE.date ? (d.dateFormat ?? 'yyyy-MM-dd') : null,
    enumMid: d.enumMid ?? null,
    fixedMatchingCondition: d.fixedMatchingCondition ?? null,
    dropDownDataSource: d.dropDownDataSource ?? null,
  };
}

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

export const ISysFrameDefineService = defineService('ISysFrameDefineService', {
  /** The enabled definitions of a screen, for the engine's merge at load. */
  getSysFrameDefineListByModule: screenMethod<{ condition: { module: string } }>({
    handler: async (ctx, body) => {
      const records: Row[] = [];
      const enabled = { module: body.condition.module, isDisplay: 'Y' };
      for await (const chunk of listAll(frameDefineResource, ctx, enabled))
        records.push(...chunk.records.map(answer));
      return records;
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
      // Sorted as declared: a sort the screen sends is not taken.
      const { module, keyword, isDisplay } = body.condition ?? {};
      const page = await list(
        frameDefineResource,
        ctx,
        { current: body.current, size: body.size, condition: { module, keyword, isDisplay } },
        { fields: columns },
      );
      return {
        ...page,
        records: page.records.map(answer),
        builtInFields: module ? Object.keys(builtInFields(module)) : [],
      };
    },
  }),

  /**
   * The modules a custom field may be put on, for the forms' module picker: the modules of the shipped
   * screens by their titles in the caller's language, those with a list screen first.
   */
  getFrameDefineModules: defineMethod<{ condition?: { keyword?: string | null } | null }>({
    body: keywordBody,
    access: { kind: 'menu', menus: [FRAME_DEFINE_MENU], flag: 'isSearch' },
    handler: (ctx, body) => namedScreenModules(ctx, body.condition?.keyword),
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
    // Also a lookup for the other screens whose forms pick a dictionary (business controls).
    access: { kind: 'menu', menus: [FRAME_DEFINE_MENU], flag: 'isSearch', lookup: true },
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
      const row = await get(frameDefineResource, ctx, body.condition.id);
      // The modify form edits the name in every language: fieldNoName is the object update takes.
      return { ...answer(row), fieldNoName: row.fieldNoNameI18n };
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
      return answer(
        await addRecord(frameDefineResource, ctx, { module: d.module, fieldNo: d.fieldNo, ...stored(d) }),
      );
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
    handler: (ctx, body) =>
      inTransaction(ctx, async (tx) => {
        const c = body.condition;
        const current = await get(frameDefineResource, tx, c.id);
        const merged: DefinitionInput = {
          module: current.module as string,
          fieldNo: current.fieldNo as string,
          fieldNoName: c.fieldNoName ?? (current.fieldNoNameI18n as Names),
          fieldType: typeOf(c.fieldType) ?? (current.fieldType as number),
          isDisplay: c.isDisplay ?? (current.isDisplay as 'Y' | 'N'),
          // undefined keeps what is stored; null (an emptied input) clears it.
          displayPage: c.displayPage === undefined ? (current.displayPage as string) : (c.displayPage ?? ''),
          displayOrder:
            c.displayOrder === undefined ? (current.displayOrder as number) : (c.displayOrder ?? 0),
          dateFormat: c.dateFormat !== undefined ? c.dateFormat : (current.dateFormat as string | null),
          enumMid: c.enumMid !== undefined ? c.enumMid : (current.enumMid as string | null),
          fixedMatchingCondition:
            c.fixedMatchingCondition !== undefined
              ? c.fixedMatchingCondition
              : (current.fixedMatchingCondition as string | null),
          dropDownDataSource:
            c.dropDownDataSource !== undefined
              ? c.dropDownDataSource
              : (current.dropDownDataSource as string | null),
        };
        return answer(
          await updateRecord(frameDefineResource, tx, { id: c.id, version: c.version, ...stored(merged) }),
        );
      }),
  }),

  ...standardMethods(frameDefineResource, {
    delete: { name: 'deleteSysFrameDefine', flag: 'isPhysicalDelete' },
  }),
});
