// Mobile app versions (spec 001 sections 2, 3 and 5): the version list, adding a version with
// exactly one app package uploaded beforehand (ISrmFileService/uploadFile?purpose=appVersion), and
// deleting versions together with their packages. A version number must not contain parentheses and
// is unique. The spec names no service for the screen; this one is ours.
import { AppError } from '../errors.js';
import { removeFileRows, visibleFile } from '../files/files.js';
import { defineMethod, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { standardMethods } from '../resource/methods.js';
import { add, get, inTransaction, type Row, remove } from '../resource/resource.js';
import { addBody, deleteBody } from '../resource/schemas.js';

const APP_MENU = 'BaseManage.Config.AppVersion';
/** Spec 001 section 5: "Version number must not contain parentheses" (full-width ones too). */
const PARENTHESES = /[()（）]/;

export const appVersionResource = defineResource({
  table: 'sysAppVersion',
  menus: [APP_MENU],
  fields: {
    versionNo: {
      type: 'string',
      write: 'create',
      required: true,
      maxLength: 64,
      keyword: true,
      sortable: true,
    },
    remark: { type: 'string', write: 'always', maxLength: 255, keyword: true, sortable: true },
    fileId: {
      type: 'string',
      write: 'create',
      required: true,
      pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    },
    fileName: { type: 'string', sortable: true },
    sizeBytes: { type: 'integer', sortable: true },
  },
  filters: {
    versionNoIndistinct: { field: 'versionNo', op: 'contains' },
    remarkIndistinct: { field: 'remark', op: 'contains' },
  },
});

type AddBody = { condition: Row & { versionNo: string; fileId: string } };

export const ISysAppVersionService = defineService('ISysAppVersionService', {
  ...standardMethods(appVersionResource, {
    list: 'getSysAppVersionList',
    get: 'getSysAppVersionById',
  }),
  addSysAppVersion: defineMethod<AddBody>({
    body: addBody(appVersionResource),
    resource: appVersionResource,
    access: { kind: 'menu', menus: [APP_MENU], flag: 'isAdd' },
    handler: async (ctx, body) => {
      const { versionNo, fileId } = body.condition;
      if (!versionNo.trim())
        throw new AppError('invalidValue', {
          field: ctx.t('field.versionNo'),
          problem: ctx.t('problem.required'),
        });
      if (PARENTHESES.test(versionNo)) throw new AppError('appVersionNo');
      return inTransaction(ctx, async (tx) => {
        // The package must be an app package the caller uploaded or may see; anything else is 'not found'.
        const { record } = await visibleFile(tx, fileId, 'appVersion');
        return add(appVersionResource, tx, body.condition, {
          fileName: record.originalName,
          sizeBytes: record.sizeBytes,
        });
      });
    },
  }),
  // Physical delete: the versions and their packages, all or none.
  deleteSysAppVersionByIds: defineMethod<{ condition: { delList: { id: string; version: number }[] } }>({
    body: deleteBody(),
    resource: appVersionResource,
    access: { kind: 'menu', menus: [APP_MENU], flag: 'isPhysicalDelete' },
    handler: (ctx, body) =>
      inTransaction(ctx, async (tx) => {
        const fileIds: string[] = [];
        for (const { id } of body.condition.delList)
          fileIds.push(String((await get(appVersionResource, tx, id)).fileId));
        const result = await remove(appVersionResource, tx, body.condition.delList);
        await removeFileRows(tx, [...new Set(fileIds)]);
        return result;
      }),
  }),
});
