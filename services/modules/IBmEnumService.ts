// The dictionary lookup (spec 001: IBmEnumService/getsysenumbyparamssearch {status 1, keyword, enumMid}).
// A seeded system value is named by its locale key enum.<enumMid>.<enumValue>; other values by their
// stored name.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { standardMethods } from '../resource/methods.js';

export const enumResource = defineResource({
  table: 'sysEnum',
  menus: ['BaseManage.Config.Dictionary'],
  fields: {
    enumMid: { type: 'string', maxLength: 64, keyword: true, sortable: true },
    enumValue: { type: 'string', maxLength: 64, keyword: true, sortable: true },
    enumName: { type: 'string', maxLength: 100, keyword: true, sortable: true },
    enumSeq: { type: 'integer', minimum: 0, sortable: true },
    status: { type: 'string', enum: ['0', '1'], sortable: true },
  },
  filters: {
    enumMid: { field: 'enumMid', op: 'eq' },
    status: { field: 'status', op: 'eq' },
  },
  validField: 'status',
  defaultSort: { field: 'enumSeq', order: 'asc' },
  present: (row, t) => ({
    ...row,
    enumName: t(`enum.${row.enumMid}.${row.enumValue}`, { defaultValue: row.enumName }),
  }),
});

export const IBmEnumService = defineService('IBmEnumService', {
  ...standardMethods(enumResource, { list: 'getsysenumbyparamssearch' }),
});
