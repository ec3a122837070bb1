// A supplier's delivery addresses (spec 001 sections 2 and 3; Offsite delivery → address): kept by
// the supplier's own users, who see and change only their supplier's addresses; a purchaser views
// them. A supplier user's supplier is filled in when the form sends none. Times of day are HH:mm,
// the earliest not after the latest; coordinates are degrees (longitude ±180, latitude ±90). One
// default address per supplier and organisation.
import { type CallContext, defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import {
  decimal,
  dictionary,
  MOBILE,
  ORG_NAMED,
  ORG_NO,
  PHONE,
  REMARK,
  refCode,
  TIME_OF_DAY,
  text,
  yesNo,
} from '../resource/field-kinds.js';
import { inOrder, invalid, oneDefault } from '../resource/hooks.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import type { Row } from '../resource/resource.js';

export const deliveryAddressResource = defineResource({
  table: 'bmDeliveryAddress',
  menus: ['Offsite.Delivery.Address'],
  fields: {
    orgNo: ORG_NO,
    // Required, but a supplier's user may leave it to the server (its own supplier).
    supplierNo: { ...refCode(false, 'create'), fill: (ctx) => ctx.user?.scope.supplierNo },
    officeName: text(100, { required: true, keyword: true }),
    officeAlias: text(100, { keyword: true }),
    contacts: text(50, { keyword: true }),
    telphone: PHONE,
    mobile: MOBILE,
    areaId: text(32),
    zipCode: text(16, { pattern: '^$|^[A-Za-z0-9][A-Za-z0-9 -]*$' }),
    detailAddress: text(200, { required: true, keyword: true }),
    // Degrees, to the spec's 5 decimals (about a metre); the columns would hold 6.
    longitude: decimal(5, { minimum: -180, maximum: 180 }),
    latitude: decimal(5, { minimum: -90, maximum: 90 }),
    loadadrType: dictionary('LOADADR_TYPE', '1'),
    startTimeStr: text(5, { pattern: TIME_OF_DAY }),
    dueTimeStr: text(5, { pattern: TIME_OF_DAY }),
    platformNo: text(32),
    defaultAddressSign: yesNo('N'),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    supplierNo: { field: 'supplierNo', op: 'eq' },
    officeNameIndistinct: { field: 'officeName', op: 'contains' },
    loadadrType: { field: 'loadadrType', op: 'eq' },
    defaultAddressSign: { field: 'defaultAddressSign', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', supplier: 'supplierNo' },
  customFields: true,
  ordered: [['startTimeStr', 'dueTimeStr']],
  references: {
    orgNo: ORG_NAMED,
    supplierNo: {
      table: 'bmSupplier',
      column: 'supplierNo',
      name: { as: 'supplierName', column: 'supplierName' },
    },
  },
  hooks: {
    beforeSave: inOrder(
      requireSupplier,
      oneDefault('bmDeliveryAddress', 'defaultAddressSign', ['supplierNo', 'orgNo']),
    ),
  },
  defaultSort: { field: 'officeName', order: 'asc' },
});

function requireSupplier(ctx: CallContext, row: Row): void {
  if (!row.supplierNo) throw invalid(ctx, 'supplierNo', 'problem.required');
}

export const IBmDeliveryAddressService = defineService('IBmDeliveryAddressService', {
  ...standardMethods(deliveryAddressResource, {
    list: 'getbmdeliveryaddresslistbyparams',
    get: 'getbmdeliveryaddressbyid',
    add: 'addbmdeliveryaddress',
    update: 'updatebmdeliveryaddressbyid',
    delete: { name: 'deletebmdeliveryaddressbyids', flag: 'isDelete' },
  }),
  ...exportMethods(deliveryAddressResource),
});
