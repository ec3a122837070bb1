// Business control (BaseManage.Config.BusinessControl; spec 001 section 6 "authorisation by
// organisation", section 4 general disabling rules): typed business switches (Y/N, number, text, or a
// value of a dictionary) with a default and a value per organisation. The per-organisation values follow
// the data scope: a user sees and edits only the values of his organisations, and a save leaves the
// values of other organisations as they are. A seeded control the code reads (is_system) keeps its
// number, module and type and cannot be deleted. getBusinessControlValue answers the effective value.
// hand-written SQL: a control's values per organisation are read and replaced with it, in scope
import { sql } from 'kysely';
import { adminOnly } from '../access/admin-only.js';
import { AppError } from '../errors.js';
import { LANGUAGES, translator } from '../i18n.js';
import { type CallContext, defineMethod, defineService, type JsonSchema } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { standardMethods } from '../resource/methods.js';
import { add, get, inTransaction, type Row, remove, update } from '../resource/resource.js';
import { addBody, updateBody } from '../resource/schemas.js';
import {
  CONTROL_MODULES,
  controlValue,
  controlValueProblem,
  dropControlCache,
  VALUE_TYPES,
} from '../system/business-control.js';

export const BUSINESS_CONTROL_MENU = 'BaseManage.Config.BusinessControl';

export const controlValueResource = defineResource({
  table: 'bmBusinessControlValue',
  menus: [BUSINESS_CONTROL_MENU],
  fields: {
    controlId: { type: 'string' },
    seqNo: { type: 'integer' },
    orgNo: { type: 'string', write: 'always', required: true, maxLength: 32 },
    controlValue: { type: 'string', write: 'always', required: true, maxLength: 200 },
  },
  scope: { org: 'orgNo' },
});

export const controlResource = defineResource({
  table: 'bmBusinessControl',
  menus: [BUSINESS_CONTROL_MENU],
  fields: {
    controlNo: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 64,
      pattern: '^[A-Za-z][A-Za-z0-9_]*$',
      keyword: true,
      sortable: true,
    },
    // The name in every language (jsonb, written by this module's add and update); lists answer it
    // in the caller's language.
    controlName: { type: 'string', write: 'always' },
    module: {
      type: 'string',
      write: 'always',
      required: true,
      enum: CONTROL_MODULES,
      sortable: true,
      dictionary: 'BUSINESS_CONTROL_MODULE',
    },
    valueType: {
      type: 'string',
      write: 'always',
      required: true,
      enum: VALUE_TYPES,
      sortable: true,
      dictionary: 'BUSINESS_CONTROL_TYPE',
    },
    enumMid: { type: 'string', write: 'always', maxLength: 64 },
    defaultValue: { type: 'string', write: 'always', required: true, maxLength: 200, keyword: true },
    isSystem: { type: 'string', enum: ['Y', 'N'], sortable: true, dictionary: 'YES_NO' },
    remark: { type: 'string', write: 'always', maxLength: 255 },
  },
  filters: {
    controlNoIndistinct: { field: 'controlNo', op: 'contains' },
    module: { field: 'module', op: 'eq' },
    valueType: { field: 'valueType', op: 'eq' },
    isSystem: { field: 'isSystem', op: 'eq' },
  },
  defaultSort: { field: 'controlNo', order: 'asc' },
  // For the schemas and check:screens; the values are read and written in this module, under the scope.
  lines: { controlValues: { resource: controlValueResource, parentField: 'controlId', unique: ['orgNo'] } },
});

const NAMES: JsonSchema = {
  type: 'object',
  description: 'The name in every language.',
  required: [...LANGUAGES],
  additionalProperties: false,
  properties: Object.fromEntries(
    LANGUAGES.map((l) => [l, { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' }]),
  ),
};

/** The name in the caller's language: a seeded control's locale key, else the stored names. */
function nameOf(ctx: CallContext, row: Row): string {
  if (row.isSystem === 'Y') return ctx.t(`control.${row.controlNo}`);
  const names = (row.controlName ?? {}) as Record<string, string>;
  return names[ctx.lang] ?? names['en-US'] ?? String(row.controlNo);
}

/** The organisations whose values the caller sees and edits; null: all of them. */
const scopeOrgs = (ctx: CallContext): string[] | null => (ctx.user!.scope.all ? null : ctx.user!.scope.orgs);

async function readValues(ctx: CallContext, controlIds: string[]): Promise<Row[]> {
  if (!controlIds.length) return [];
  const orgs = scopeOrgs(ctx);
  if (orgs && !orgs.length) return [];
  let q = ctx.db
    .selectFrom('bmBusinessControlValue')
    .select(['id', 'version', 'controlId', 'orgNo', 'controlValue', 'updateName', 'updateDate'])
    .where('controlId', 'in', controlIds);
  if (orgs) q = q.where('orgNo', 'in', orgs);
  return (await q.orderBy('orgNo').execute()) as Row[];
}

type ValueInput = { id?: string; orgNo: string; controlValue: string };
type ControlInput = Row & { controlName?: Record<string, string>; controlValues?: ValueInput[] | null };

async function refuseValue(ctx: CallContext, type: string, enumMid: unknown, value: string, name: string) {
  const problem = await controlValueProblem(ctx.db, type, enumMid as string | null, value);
  if (problem)
    throw new AppError('controlValue', {
      name,
      value: value.slice(0, 100),
      problem: ctx.t(problem.key, problem.params),
    });
}

/** The control's type and dictionary: the dictionary exists when the type is ENUM. */
async function checkType(ctx: CallContext, type: string, enumMid: unknown): Promise<void> {
  if (type !== 'ENUM') return;
  const any =
    typeof enumMid === 'string' && enumMid
      ? await ctx.db.selectFrom('sysEnum').select('id').where('enumMid', '=', enumMid).executeTakeFirst()
      : undefined;
  if (!any)
    throw new AppError('invalidValue', {
      field: ctx.t('field.enumMid'),
      problem: ctx.t(enumMid ? 'problem.notExisting' : 'problem.required', { value: String(enumMid ?? '') }),
    });
}

/**
 * Replaces the caller's organisations' values of a control with `values`; values of organisations
 * outside the caller's scope are neither shown nor touched. Each organisation must exist and be in scope.
 */
async function writeValues(ctx: CallContext, control: Row, values: ValueInput[]): Promise<void> {
  const orgs = scopeOrgs(ctx);
  const seen = new Set<string>();
  for (const [i, v] of values.entries()) {
    if (orgs && !orgs.includes(v.orgNo))
      throw new AppError('outOfScope', { field: ctx.t('field.orgNo'), value: v.orgNo });
    if (seen.has(v.orgNo))
      throw new AppError('lineDuplicate', {
        line: i + 1,
        other: values.findIndex((o) => o.orgNo === v.orgNo) + 1,
        field: ctx.t('field.orgNo'),
        value: v.orgNo,
      });
    seen.add(v.orgNo);
    const org = await ctx.db.selectFrom('bmOrg').select('id').where('orgNo', '=', v.orgNo).executeTakeFirst();
    if (!org)
      throw new AppError('invalidValue', {
        field: ctx.t('field.orgNo'),
        problem: ctx.t('problem.notExisting', { value: v.orgNo }),
      });
    await refuseValue(ctx, String(control.valueType), control.enumMid, v.controlValue, v.orgNo);
  }
  let gone = ctx.db.deleteFrom('bmBusinessControlValue').where('controlId', '=', String(control.id));
  if (orgs) gone = orgs.length ? gone.where('orgNo', 'in', orgs) : gone.where(sql<boolean>`false`);
  await gone.execute();
  const name = ctx.user!.userName;
  if (values.length)
    await ctx.db
      .insertInto('bmBusinessControlValue')
      .values(
        values.map((v, i) => ({
          controlId: String(control.id),
          seqNo: i + 1,
          orgNo: v.orgNo,
          controlValue: v.controlValue,
          createName: name,
          updateName: name,
        })),
      )
      .execute();
}

async function withValues(ctx: CallContext, row: Row): Promise<Row> {
  const values = await readValues(ctx, [String(row.id)]);
  // A seeded control is named by its locale key: the form shows that name in every language.
  const names =
    row.isSystem === 'Y'
      ? Object.fromEntries(LANGUAGES.map((l) => [l, translator(l)(`control.${row.controlNo}`)]))
      : (row.controlName as Record<string, string>);
  return { ...row, controlName: names, controlNameText: nameOf(ctx, row), controlValues: values };
}

const standard = standardMethods(controlResource, {
  list: 'getbmbusinesscontrollistbyparams',
  get: 'getbmbusinesscontrolbyid',
  add: 'addbmbusinesscontrol',
  update: 'updatebmbusinesscontrolbyid',
  delete: { name: 'deletebmbusinesscontrolbyids', flag: 'isDelete' },
});

const VALUES: JsonSchema = {
  type: ['array', 'null'],
  maxItems: 500,
  items: {
    type: 'object',
    required: ['orgNo', 'controlValue'],
    properties: {
      id: { type: ['string', 'null'] },
      orgNo: { type: 'string', minLength: 1, maxLength: 32 },
      controlValue: { type: 'string', maxLength: 200 },
    },
  },
};

function withExtra(
  schema: JsonSchema,
  extra: Record<string, JsonSchema>,
  required: string[] = [],
): JsonSchema {
  const condition = (schema.properties as Record<string, JsonSchema>).condition as JsonSchema & {
    properties: Record<string, JsonSchema>;
    required?: string[];
  };
  return {
    ...schema,
    properties: {
      condition: {
        ...condition,
        required: [...(condition.required ?? []), ...required],
        properties: { ...condition.properties, ...extra },
      },
    },
  };
}

export const IBmBusinessControlService = defineService('IBmBusinessControlService', {
  ...adminOnly({
    getbmbusinesscontrollistbyparams: {
      ...standard.getbmbusinesscontrollistbyparams,
      handler: async (ctx, body) => {
        const page = (await standard.getbmbusinesscontrollistbyparams.handler(ctx, body)) as {
          records: Row[];
        };
        const values = await readValues(
          ctx,
          page.records.map((r) => String(r.id)),
        );
        return {
          ...page,
          records: page.records.map((r) => ({
            ...r,
            controlName: nameOf(ctx, r),
            // The caller's organisations' own values, "SH01: N, HN01: Y" (exports and API clients).
            orgValues: values
              .filter((v) => v.controlId === r.id)
              .map((v) => `${v.orgNo}: ${v.controlValue}`)
              .join(', '),
          })),
        };
      },
    },
    getbmbusinesscontrolbyid: {
      ...standard.getbmbusinesscontrolbyid,
      handler: async (ctx, body: { condition: { id: string } }) =>
        withValues(ctx, await get(controlResource, ctx, body.condition.id)),
    },
    addbmbusinesscontrol: {
      ...standard.addbmbusinesscontrol,
      body: withExtra(addBody(controlResource), { controlName: NAMES, controlValues: VALUES }, [
        'controlName',
      ]),
      handler: (ctx, body: { condition: ControlInput }) =>
        inTransaction(ctx, async (tx) => {
          const c = body.condition;
          const type = String(c.valueType);
          await checkType(tx, type, c.enumMid);
          await refuseValue(tx, type, c.enumMid, String(c.defaultValue), tx.t('field.defaultValue'));
          const { controlName: _names, controlValues: _values, ...fields } = c;
          const row = await add(controlResource, tx, fields, {
            controlName: JSON.stringify(c.controlName),
            isSystem: 'N',
            ...(type === 'ENUM' ? {} : { enumMid: null }),
          });
          await writeValues(tx, row, c.controlValues ?? []);
          await dropControlCache(tx.db);
          return withValues(tx, row);
        }),
    },
    updatebmbusinesscontrolbyid: {
      ...standard.updatebmbusinesscontrolbyid,
      body: withExtra(updateBody(controlResource), { controlName: NAMES, controlValues: VALUES }),
      handler: (ctx, body: { condition: ControlInput & { id: string; version: number } }) =>
        inTransaction(ctx, async (tx) => {
          const c = body.condition;
          const current = await get(controlResource, tx, c.id);
          const type = String(c.valueType ?? current.valueType);
          const enumMid = type === 'ENUM' ? ('enumMid' in c ? c.enumMid : current.enumMid) : null;
          if (
            current.isSystem === 'Y' &&
            (type !== current.valueType || String(c.module ?? current.module) !== current.module)
          )
            throw new AppError('systemRecord', { name: String(current.controlNo) });
          await checkType(tx, type, enumMid);
          await refuseValue(
            tx,
            type,
            enumMid,
            String(c.defaultValue ?? current.defaultValue),
            tx.t('field.defaultValue'),
          );
          // A new type must fit every stored value, those of other organisations too.
          if (type !== current.valueType || enumMid !== current.enumMid) {
            const all = await tx.db
              .selectFrom('bmBusinessControlValue')
              .select(['orgNo', 'controlValue'])
              .where('controlId', '=', c.id)
              .execute();
            const orgs = scopeOrgs(tx);
            for (const v of all) {
              // Values the save replaces are checked as they are written.
              const replaced = c.controlValues && (orgs === null || orgs.includes(v.orgNo));
              if (!replaced) await refuseValue(tx, type, enumMid, v.controlValue, v.orgNo);
            }
          }
          const own: Row = { enumMid };
          if (c.controlName && current.isSystem !== 'Y') own.controlName = JSON.stringify(c.controlName);
          const { controlName: _names, controlValues: _values, ...fields } = c;
          const row = await update(controlResource, tx, fields, own);
          if (c.controlValues) await writeValues(tx, row, c.controlValues);
          await dropControlCache(tx.db);
          return withValues(tx, row);
        }),
    },
    deletebmbusinesscontrolbyids: {
      ...standard.deletebmbusinesscontrolbyids,
      handler: (ctx, body: { condition: { delList: { id: string; version: number }[] } }) =>
        inTransaction(ctx, async (tx) => {
          const orgs = scopeOrgs(tx);
          for (const { id } of body.condition.delList) {
            const row = await get(controlResource, tx, id);
            if (row.isSystem === 'Y') throw new AppError('systemRecord', { name: String(row.controlNo) });
            // Values of organisations the caller cannot see would go with the control: refused.
            if (orgs) {
              const other = await tx.db
                .selectFrom('bmBusinessControlValue')
                .select('orgNo')
                .where('controlId', '=', id)
                .where((eb) => (orgs.length ? eb.not(eb('orgNo', 'in', orgs)) : sql<boolean>`true`))
                .executeTakeFirst();
              if (other) throw new AppError('outOfScope', { field: tx.t('field.orgNo'), value: other.orgNo });
            }
          }
          const result = await remove(controlResource, tx, body.condition.delList);
          await dropControlCache(tx.db);
          return result;
        }),
    },
  }),
  /**
   * The effective value of a control for an organisation of the caller: the organisation's own value,
   * else the control's default. Any logged-in user (screens and workflows of both sides read switches).
   */
  getBusinessControlValue: defineMethod<{ condition: { orgNo: string; controlNo: string } }>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['orgNo', 'controlNo'],
          properties: {
            orgNo: { type: 'string', minLength: 1, maxLength: 32 },
            controlNo: { type: 'string', minLength: 1, maxLength: 64 },
          },
        },
      },
    },
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      const { orgNo, controlNo } = body.condition;
      const orgs = scopeOrgs(ctx);
      if (orgs && !orgs.includes(orgNo))
        throw new AppError('outOfScope', { field: ctx.t('field.orgNo'), value: orgNo });
      const value = await controlValue(ctx.db, orgNo, controlNo);
      if (!value) throw new AppError('controlUnknown', { controlNo: controlNo.slice(0, 64) });
      return value;
    },
  }),
});
