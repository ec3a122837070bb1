// Item categories, per organisation: a flat list in which a category may name a parent category of
// the same organisation (so reports can roll up), never itself or one of its own sub-categories.
// hand-written SQL: walks up the parent chain to refuse a category that is its own ancestor
import { type CallContext, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { keyCode, ORG_NO, ORG_REFERENCE, REMARK, refCode, text } from '../resource/field-kinds.js';
import { invalid } from '../resource/hooks.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import type { Row } from '../resource/resource.js';

export const categoryResource = defineResource({
  table: 'bmCategory',
  menus: ['Base.Material.Category'],
  fields: {
    orgNo: ORG_NO,
    categoryNo: keyCode(),
    categoryName: text(100, { required: true, keyword: true }),
    parentCategoryNo: refCode(),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    categoryNo: { field: 'categoryNo', op: 'eq' },
    categoryNoIndistinct: { field: 'categoryNo', op: 'contains' },
    categoryNameIndistinct: { field: 'categoryName', op: 'contains' },
    parentCategoryNo: { field: 'parentCategoryNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  customFields: true,
  references: {
    orgNo: ORG_REFERENCE,
    parentCategoryNo: {
      table: 'bmCategory',
      column: 'categoryNo',
      with: { orgNo: 'orgNo' },
      name: { as: 'parentCategoryName', column: 'categoryName' },
    },
  },
  hooks: { beforeSave: (ctx, row) => checkParent(ctx, row) },
  import: { key: ['orgNo', 'categoryNo'] },
  defaultSort: { field: 'categoryNo', order: 'asc' },
});

/** Walks up from the new parent: reaching the category itself would make a loop. */
async function checkParent(ctx: CallContext, row: Row): Promise<void> {
  const own = String(row.categoryNo);
  let parent = row.parentCategoryNo ? String(row.parentCategoryNo) : '';
  for (let depth = 0; parent && depth < 100; depth++) {
    if (parent === own) throw invalid(ctx, 'parentCategoryNo', 'problem.categoryLoop');
    const up = await ctx.db
      .selectFrom('bmCategory')
      .select('parentCategoryNo')
      .where('orgNo', '=', String(row.orgNo))
      .where('categoryNo', '=', parent)
      .executeTakeFirst();
    parent = up?.parentCategoryNo ?? '';
  }
}

export const IBmCategoryService = defineService('IBmCategoryService', {
  ...standardMethods(categoryResource, {
    list: 'getbmcategorylistbyparams',
    get: 'getbmcategorybyid',
    add: 'addbmcategory',
    update: 'updatebmcategorybyid',
    delete: { name: 'deletebmcategorybyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(categoryResource),
});
