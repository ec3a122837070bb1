// Wave templates (Base.Strategy.WaveTemplate; spec 001 section 7: getbmwavemanageheadlistbyparams; the
// wave selector of spec 000 sections 3 and 7 offers waveNo/waveName): how a warehouse groups outbound
// documents into one picking wave: which document type and customer, at most how many documents, lines
// and how much quantity per wave, the daily cut-off time, and whether a full wave is released by itself.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import { decimal, keyCode, ORG_NAMED, ORG_NO, REMARK, recordName, yesNo } from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import { CUSTOMER_REFERENCE } from './IBmCustomerService.js';
import { WAREHOUSE_REFERENCE } from './IBmZoneService.js';

export const WAVE_MENU = 'Base.Strategy.WaveTemplate';

export const waveResource = defineResource({
  table: 'bmWaveManageHead',
  menus: [WAVE_MENU],
  fields: {
    orgNo: ORG_NO,
    warehouseNo: { type: 'string', write: 'create', required: true, maxLength: 32, sortable: true },
    waveNo: keyCode(),
    waveName: recordName(),
    classifyType: { type: 'string', write: 'always', maxLength: 32, sortable: true },
    customerNo: { type: 'string', write: 'always', maxLength: 32, sortable: true },
    maxDocCount: { type: 'integer', write: 'always', minimum: 1, maximum: 100000, sortable: true },
    maxLineCount: { type: 'integer', write: 'always', minimum: 1, maximum: 1000000, sortable: true },
    maxQty: decimal(5, { minimum: 0.00001, maximum: 999_999_999_999_999 }),
    cutOffTime: {
      type: 'string',
      write: 'always',
      maxLength: 5,
      pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
      patternProblem: 'problem.timeOfDay',
      sortable: true,
    },
    isAutoRelease: yesNo('N'),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    warehouseNo: { field: 'warehouseNo', op: 'eq' },
    waveNoIndistinct: { field: 'waveNo', op: 'contains' },
    waveNameIndistinct: { field: 'waveName', op: 'contains' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', warehouse: 'warehouseNo' },
  references: {
    orgNo: ORG_NAMED,
    warehouseNo: WAREHOUSE_REFERENCE,
    customerNo: { ...CUSTOMER_REFERENCE, checked: false },
    classifyType: {
      table: 'bmClassifyType',
      column: 'classifyType',
      with: { orgNo: 'orgNo' },
      name: { as: 'classifyTypeName', column: 'classifyTypeName' },
    },
  },
  defaultSort: { field: 'waveNo', order: 'asc' },
});

export const IBmWaveManageHeadService = defineService('IBmWaveManageHeadService', {
  ...standardMethods(waveResource, {
    list: 'getbmwavemanageheadlistbyparams',
    get: 'getbmwavemanageheadbyid',
    add: 'addbmwavemanagehead',
    update: 'updatebmwavemanageheadbyid',
    delete: { name: 'deletebmwavemanageheadbyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(waveResource),
});
