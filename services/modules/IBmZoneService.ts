// Zones of a warehouse (the spec's "reservoir" areas, menu Base.Material.Reservoir): the zone lookup
// of the cell screens lists the valid zones of one warehouse (condition warehouseNo).
import { defineService } from '../registry.js';
import { defineResource, type ReferenceSpec } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { keyCode, ORG_NO, ORG_REFERENCE, REMARK, text } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';

/** A valid warehouse of the row's own organisation. */
export const WAREHOUSE_REFERENCE: ReferenceSpec = {
  table: 'bmWarehouse',
  column: 'warehouseNo',
  with: { orgNo: 'orgNo' },
  name: { as: 'warehouseName', column: 'warehouseName' },
};

export const WAREHOUSE_NO = {
  type: 'string',
  write: 'create',
  required: true,
  maxLength: 32,
  sortable: true,
} as const;

export const zoneResource = defineResource({
  table: 'bmZone',
  menus: ['Base.Material.Reservoir'],
  fields: {
    orgNo: ORG_NO,
    warehouseNo: WAREHOUSE_NO,
    zoneNo: keyCode(),
    zoneName: text(100, { required: true, keyword: true }),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    warehouseNo: { field: 'warehouseNo', op: 'eq' },
    zoneNo: { field: 'zoneNo', op: 'eq' },
    zoneNoIndistinct: { field: 'zoneNo', op: 'contains' },
    zoneNameIndistinct: { field: 'zoneName', op: 'contains' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', warehouse: 'warehouseNo' },
  customFields: true,
  references: { orgNo: ORG_REFERENCE, warehouseNo: WAREHOUSE_REFERENCE },
  import: { key: ['warehouseNo', 'zoneNo'] },
  defaultSort: { field: 'zoneNo', order: 'asc' },
});

export const IBmZoneService = defineService('IBmZoneService', {
  ...standardMethods(zoneResource, {
    list: 'getbmzonelistbyparams',
    get: 'getbmzonebyid',
    add: 'addbmzone',
    update: 'updatebmzonebyid',
    delete: { name: 'deletebmzonebyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(zoneResource),
});
