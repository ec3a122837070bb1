// Machines (spec 000 section 3 "Machine: machineNo, machineName"; spec 001 section 7 "machine ...
// lookups"): the machine selector's lookup, valid machines of the caller's organisations, by the
// organisation the form has chosen (orgNo) and optionally a warehouse.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { fullAuthorityList } from '../resource/methods.js';

export const machineResource = defineResource({
  table: 'bmMachine',
  menus: ['Base.Basic.Warehouse'],
  fields: {
    orgNo: { type: 'string', maxLength: 32, sortable: true },
    warehouseNo: { type: 'string', maxLength: 32, sortable: true },
    machineNo: { type: 'string', maxLength: 32, keyword: true, sortable: true },
    machineName: { type: 'string', maxLength: 100, keyword: true, sortable: true },
    statusCode: { type: 'string', enum: ['0', '1'], sortable: true },
    remark: { type: 'string', maxLength: 255 },
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    warehouseNo: { field: 'warehouseNo', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo' },
  defaultSort: { field: 'machineNo', order: 'asc' },
});

export const IBmMachineService = defineService('IBmMachineService', {
  getbmmachinelistbyparams: fullAuthorityList(machineResource, [
    'id',
    'orgNo',
    'warehouseNo',
    'machineNo',
    'machineName',
  ]),
});
