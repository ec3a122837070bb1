// Parameters (spec 001 sections 3 and 7): maintained on BaseManage.Config.Parameter; any logged-in
// client reads a parameter marked readable by users with getValueByParamNo (the printing screens do),
// the others only users of the parameter menu. A parameter the code reads
// (is_system) keeps its number and type, its value stays within its bounds, and it cannot be deleted.
// hand-written SQL: getValueByParamNo reads one parameter's readable mark by its number before the value

import { adminOnly } from '../access/admin-only.js';
import { requireOpenable } from '../access/permissions.js';
import { AppError } from '../errors.js';
import { type CallContext, defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { standardMethods } from '../resource/methods.js';
import { add, get, inTransaction, type Row, remove, update } from '../resource/resource.js';
import { dropCache } from '../system/cache.js';
import { PARAM_CACHE, paramValue, SECRET_PARAMS, SYSTEM_PARAMS, valueProblem } from '../system/params.js';

export const PARAM_MENU = 'BaseManage.Config.Parameter';

export const paramResource = defineResource({
  table: 'sysParam',
  menus: [PARAM_MENU],
  fields: {
    paramNo: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 64,
      pattern: '^[A-Za-z][A-Za-z0-9_.-]*$',
      keyword: true,
      sortable: true,
    },
    paramName: {
      type: 'string',
      write: 'always',
      required: true,
      maxLength: 100,
      keyword: true,
      sortable: true,
    },
    paramType: {
      type: 'string',
      write: 'always',
      enum: ['STRING', 'NUMBER', 'BOOLEAN', 'JSON'],
      default: 'STRING',
      sortable: true,
      dictionary: 'PARAM_TYPE',
    },
    paramValue: { type: 'string', write: 'always', maxLength: 2000, keyword: true },
    remark: { type: 'string', write: 'always', maxLength: 255 },
    isSystem: { type: 'string', enum: ['Y', 'N'], sortable: true, dictionary: 'YES_NO' },
    userReadable: {
      type: 'string',
      write: 'always',
      enum: ['Y', 'N'],
      default: 'N',
      sortable: true,
      dictionary: 'YES_NO',
    },
  },
  filters: {
    paramNoIndistinct: { field: 'paramNo', op: 'contains' },
    paramNameIndistinct: { field: 'paramName', op: 'contains' },
    paramType: { field: 'paramType', op: 'eq' },
    isSystem: { field: 'isSystem', op: 'eq' },
  },
  defaultSort: { field: 'paramNo', order: 'asc' },
  present: (row, t) =>
    row.isSystem === 'Y'
      ? { ...row, paramName: t(`param.${row.paramNo}`, { defaultValue: row.paramName }) }
      : row,
});

function checkValue(ctx: CallContext, type: string, value: string, paramNo: string): void {
  const system = SYSTEM_PARAMS.find((p) => p.paramNo === paramNo);
  const problem = valueProblem(type, value, system);
  if (problem)
    throw new AppError('invalidValue', {
      field: ctx.t('field.paramValue'),
      problem: ctx.t(problem.key, problem.params),
    });
}

const standard = standardMethods(paramResource, {
  list: 'getsysparamlistbyparams',
  get: 'getsysparambyid',
  add: 'addsysparam',
  update: 'updatesysparambyid',
  delete: { name: 'deletesysparambyids', flag: 'isDelete' },
});

export const ISysParamService = defineService('ISysParamService', {
  ...adminOnly({
    ...standard,
    addsysparam: {
      ...standard.addsysparam,
      handler: async (ctx, body: { condition: Row }) => {
        const c = body.condition;
        checkValue(ctx, String(c.paramType ?? 'STRING'), String(c.paramValue ?? ''), String(c.paramNo));
        const row = await add(paramResource, ctx, c);
        await dropCache(ctx.db, PARAM_CACHE, String(row.paramNo));
        return row;
      },
    },
    updatesysparambyid: {
      ...standard.updatesysparambyid,
      handler: (ctx, body: { condition: Row & { id: string; version: number } }) =>
        inTransaction(ctx, async (tx) => {
          const c = body.condition;
          const current = await get(paramResource, tx, c.id);
          const type = String(c.paramType ?? current.paramType);
          if (current.isSystem === 'Y' && type !== current.paramType)
            throw new AppError('systemRecord', { name: String(current.paramNo) });
          checkValue(tx, type, String(c.paramValue ?? current.paramValue ?? ''), String(current.paramNo));
          const row = await update(paramResource, tx, c);
          await dropCache(tx.db, PARAM_CACHE, String(row.paramNo));
          return row;
        }),
    },
    deletesysparambyids: {
      ...standard.deletesysparambyids,
      handler: (ctx, body: { condition: { delList: { id: string; version: number }[] } }) =>
        inTransaction(ctx, async (tx) => {
          for (const { id } of body.condition.delList) {
            const row = await get(paramResource, tx, id);
            if (row.isSystem === 'Y') throw new AppError('systemRecord', { name: String(row.paramNo) });
            await dropCache(tx.db, PARAM_CACHE, String(row.paramNo));
          }
          return remove(paramResource, tx, body.condition.delList);
        }),
    },
  }),
  // Any logged-in client for a parameter marked readable by users (the print dialogs of both sides
  // read the print service's addresses); any other parameter, and one that does not exist, only for a
  // user of the parameter menu. The answer is the value text or null.
  getValueByParamNo: defineMethod<{ condition: { paramNo: string } }>({
    body: {
      type: 'object',
      required: ['condition'],
      properties: {
        condition: {
          type: 'object',
          required: ['paramNo'],
          properties: { paramNo: { type: 'string', minLength: 1, maxLength: 64 } },
        },
      },
    },
    access: { kind: 'user' },
    handler: async (ctx, body) => {
      const { paramNo } = body.condition;
      // A secret (the SMTP password) is nobody's to read here.
      if (SECRET_PARAMS.has(paramNo)) return null;
      const row = await ctx.db
        .selectFrom('sysParam')
        .select('userReadable')
        .where('paramNo', '=', paramNo)
        .executeTakeFirst();
      if (row?.userReadable !== 'Y') await requireOpenable(ctx.db, ctx.user!.id, PARAM_MENU);
      return paramValue(ctx.db, paramNo);
    },
  }),
});
