// Storage cells (spec 001 sections 3 and 7): maintenance on Base.Material.Cell and the cell lookup
// getbmwarehousecelllistbyparams (warehouseNo; the bad-cell variant sends isBadCell '1'). A cell
// lies in one zone of its own warehouse; organisation and warehouse scope every call.
import { defineService } from '../registry.js';
import { defineResource } from '../resource/define.js';
import { exportMethods } from '../resource/export.js';
import {
  dictionary,
  flag10,
  keyCode,
  measure,
  ORG_NO,
  ORG_REFERENCE,
  REMARK,
  refCode,
  text,
  whole,
} from '../resource/field-kinds.js';
import { standardMethods } from '../resource/methods.js';
import { STATUS_FIELD } from '../resource/patterns.js';
import { WAREHOUSE_NO, WAREHOUSE_REFERENCE } from './IBmZoneService.js';

export const cellResource = defineResource({
  table: 'bmWarehouseCell',
  menus: ['Base.Material.Cell'],
  fields: {
    orgNo: ORG_NO,
    warehouseNo: WAREHOUSE_NO,
    zoneNo: refCode(true),
    cellNo: keyCode(),
    cellName: text(100, { keyword: true }),
    cellOutsideNo: text(64, { keyword: true }),
    cellType: dictionary('CELL_TYPE', '1'),
    shelvesType: dictionary('SHELVES_TYPE'),
    scatterProperty: dictionary('SCATTER_PROPERTY'),
    isMixSku: flag10('0'),
    isMixLot: flag10('0'),
    isBadCell: flag10('0'),
    cellOutSeq: whole(),
    cellInSeq: whole(),
    cellX: whole(-999_999, 999_999),
    cellY: whole(-999_999, 999_999),
    cellZ: whole(-999_999, 999_999),
    cellLength: measure(),
    cellWidth: measure(),
    cellHeight: measure(),
    maxWeight: measure(),
    maxQty: measure(),
    rightSpaceDistance: measure(),
    shelfNo: text(32),
    statusCode: STATUS_FIELD,
    remark: REMARK,
  },
  filters: {
    orgNo: { field: 'orgNo', op: 'eq' },
    warehouseNo: { field: 'warehouseNo', op: 'eq' },
    zoneNo: { field: 'zoneNo', op: 'eq' },
    cellNo: { field: 'cellNo', op: 'eq' },
    cellNoIndistinct: { field: 'cellNo', op: 'contains' },
    cellNameIndistinct: { field: 'cellName', op: 'contains' },
    cellType: { field: 'cellType', op: 'eq' },
    shelvesType: { field: 'shelvesType', op: 'eq' },
    isBadCell: { field: 'isBadCell', op: 'eq' },
    statusCode: { field: 'statusCode', op: 'eq' },
  },
  scope: { org: 'orgNo', warehouse: 'warehouseNo' },
  customFields: true,
  references: {
    orgNo: ORG_REFERENCE,
    warehouseNo: WAREHOUSE_REFERENCE,
    zoneNo: { table: 'bmZone', column: 'zoneNo', with: { warehouseNo: 'warehouseNo' } },
  },
  import: { key: ['warehouseNo', 'cellNo'] },
  defaultSort: { field: 'cellNo', order: 'asc' },
});

export const IBmWarehouseCellService = defineService('IBmWarehouseCellService', {
  ...standardMethods(cellResource, {
    list: 'getbmwarehousecelllistbyparams',
    get: 'getbmwarehousecellbyid',
    add: 'addbmwarehousecell',
    update: 'updatebmwarehousecellbyid',
    delete: { name: 'deletebmwarehousecellbyids', flag: 'isPhysicalDelete' },
  }),
  ...exportMethods(cellResource),
});
