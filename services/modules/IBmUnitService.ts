// Units of measure (spec 001 sections 3 and 7: getbmunitlistbyparams (orgNo)), per organisation. The
// unit lookup of other screens is the list itself, valid units only.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { dictionary, keyCode, ORG_NO, ORG_REFERENCE, REMARK, text, whole } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';

export const unitResource = defineResource({
  table: 'bmUnit',
  menus: ['Base.Material.Unit'],
  fields: {
    orgNo: ORG_NO,
    unitNo: keyCode(16),
    unitName: text(50, { required: true, keyword: true }),
    unitType: dictionary('UNIT_TYPE'),
    // Spec 001 section 5: fewer than 6 decimal places.
    dicimalDigit: { ...whole(0, 5), default: 0 },
    roundingType: dictionary('ROUNDING_TYPE', '1'),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    unitNo: { field: 'unitNo', op: 'eq' },
    unitNoIndistinct: { field: 'unitNo', op: 'contains' },
    unitNameIndistinct: { field: 'unitName', op: 'contains' },
    unitType: { field: 'unitType', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  customFields: true,
  references: { orgNo: ORG_REFERENCE },
  import: { key: ['orgNo', 'unitNo'] },
  defaultSort: { field: 'unitNo', order: 'asc' },
});

export const IBmUnitService = defineService('IBmUnitService', {
  ...standardMethods(unitResource, {
    list: 'getbmunitlistbyparams',
    get: 'getbmunitbyid',
    add: 'addbmunit',
    update: 'updatebmunitbyid',
    delete: { name: 'deletebmunitbyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(unitResource),
});
