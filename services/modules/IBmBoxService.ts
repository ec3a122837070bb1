// Containers (spec 001 sections 3 and 5): the boxes and pallets labels are packed in. The query needs a
// container number, a barcode (the container holding that label) or an item code (containers holding
// labels of that item); the export obeys the same rule. A container packed by a supplier is visible to
// that supplier's users only.
// hand-written SQL: the barcode and item conditions look into the box's labels (exists)
import { sql } from 'kysely';
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { ORG_NAMED, SUPPLIER_REFERENCE } from '../resource/field-kinds.js';
import { type StandardNames, standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import type { ListOptions } from '../resource/resource.js';
import { checkContainerQuery } from '../rules/query-rules.js';

export const CONTAINER_MENU = 'Base.Barcode.Container';

const text = { type: 'string', sortable: true } as const;

export const boxResource = defineResource({
  table: 'bmBox',
  menus: [CONTAINER_MENU],
  fields: {
    orgNo: text,
    supplierNo: text,
    boxNo: { type: 'string', sortable: true, keyword: true },
    boxRuleNo: text,
    boxLevel: { type: 'string', sortable: true, enum: ['1', '2', '3'], dictionary: 'BOX_LEVEL' },
    boxOwner: text,
    usageCount: { type: 'integer', sortable: true },
    statusCode: { ...STATUS_FIELD, write: undefined },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    supplierNo: { field: 'supplierNo', op: 'eq' },
    boxNo: { field: 'boxNo', op: 'contains' },
    boxRuleNo: { field: 'boxRuleNo', op: 'eq' },
    boxLevel: { field: 'boxLevel', op: 'eq' },
    boxOwner: { field: 'boxOwner', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  references: { orgNo: ORG_NAMED, supplierNo: { ...SUPPLIER_REFERENCE, checked: false } },
  defaultSort: { field: 'boxNo', order: 'asc' },
});

const CONTENT = {
  barcode: { type: ['string', 'null'], maxLength: 100 },
  itemNo: { type: ['string', 'null'], maxLength: 64 },
};

/** barcode and itemNo search the labels packed in the container. */
function contentWhere(condition: Record<string, unknown> | undefined): ListOptions['where'] {
  const barcode = typeof condition?.barcode === 'string' ? condition.barcode.trim() : '';
  const itemNo = typeof condition?.itemNo === 'string' ? condition.itemNo.trim() : '';
  if (!barcode && !itemNo) return undefined;
  return (q) =>
    q.where(({ exists, selectFrom }) => {
      let labels = selectFrom('bmBarcode as b').select(sql`1`.as('one')).whereRef('b.boxNo', '=', 't1.boxNo');
      if (barcode) labels = labels.where('b.barcode', '=', barcode);
      if (itemNo) labels = labels.where('b.itemNo', '=', itemNo);
      return exists(labels);
    });
}

const names: StandardNames = {
  list: 'getbmboxlistbyparams',
  get: 'getbmboxbyid',
  listExtra: CONTENT,
  listOptions: (body) => ({ where: contentWhere(body.condition) }),
};
const standard = standardMethods(boxResource, names);
const list = standard.getbmboxlistbyparams;
const exports = exportMethods(boxResource, names);

export const IBmBoxService = defineService('IBmBoxService', {
  ...standard,
  getbmboxlistbyparams: {
    ...list,
    handler: (ctx, body) => {
      checkContainerQuery(ctx, body.condition);
      return list.handler(ctx, body);
    },
  },
  ...exports,
  exportexcel: {
    ...exports.exportexcel,
    handler: (ctx, body) => {
      checkContainerQuery(ctx, body.condition);
      return exports.exportexcel.handler(ctx, body);
    },
  },
});
