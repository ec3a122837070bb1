// Demo material base data for the demo organisations SH01 and HN01 and the suppliers SUP001 and SUP002
// (README, "Demo logins"), so the material screens are not empty. Seeded once, under its own marker,
// so a database seeded before these screens existed gets them at its next start.
import type { Db } from '../db/database.js';
import { seedOnce } from './once.js';

const audit = { createName: 'system', updateName: 'system' };

const UNITS = [
  { orgNo: 'SH01', unitNo: 'PCS', unitName: 'Piece', unitType: '1', dicimalDigit: 0 },
  { orgNo: 'SH01', unitNo: 'BOX', unitName: 'Carton', unitType: '1', dicimalDigit: 0 },
  { orgNo: 'SH01', unitNo: 'PLT', unitName: 'Pallet', unitType: '1', dicimalDigit: 0 },
  { orgNo: 'SH01', unitNo: 'KG', unitName: 'Kilogram', unitType: '2', dicimalDigit: 3 },
  { orgNo: 'HN01', unitNo: 'PCS', unitName: 'Piece', unitType: '1', dicimalDigit: 0 },
  { orgNo: 'HN01', unitNo: 'BOX', unitName: 'Carton', unitType: '1', dicimalDigit: 0 },
  { orgNo: 'HN01', unitNo: 'KG', unitName: 'Kilogram', unitType: '2', dicimalDigit: 3 },
];

const UNIT_CONVERTS = [
  { orgNo: 'SH01', fromUnitNo: 'PLT', fromUnitPt: 1, toUnitNo: 'BOX', toUnitPt: 40 },
  { orgNo: 'HN01', fromUnitNo: 'BOX', fromUnitPt: 1, toUnitNo: 'PCS', toUnitPt: 12 },
];

const CATEGORIES = [
  { orgNo: 'SH01', categoryNo: 'RAW', categoryName: 'Raw materials', parentCategoryNo: null },
  { orgNo: 'SH01', categoryNo: 'RAW-MET', categoryName: 'Metal parts', parentCategoryNo: 'RAW' },
  { orgNo: 'SH01', categoryNo: 'PKG', categoryName: 'Packaging', parentCategoryNo: null },
  { orgNo: 'HN01', categoryNo: 'RAW', categoryName: 'Raw materials', parentCategoryNo: null },
  { orgNo: 'HN01', categoryNo: 'RAW-PLA', categoryName: 'Plastic parts', parentCategoryNo: 'RAW' },
];

const ITEM_GROUPS = [
  { orgNo: 'SH01', itemGroupNo: 'GRP-BOLT', itemGroupName: 'M8 hex bolts (interchangeable)' },
  { orgNo: 'HN01', itemGroupNo: 'GRP-ABS', itemGroupName: 'ABS housings (interchangeable)' },
];

const item = (
  orgNo: string,
  itemNo: string,
  itemName: string,
  itemSpec: string,
  categoryNo: string,
  extra: Record<string, unknown> = {},
) => ({ orgNo, itemNo, itemName, itemSpec, categoryNo, unitNo: 'PCS', itemType: '1', ...extra });

const ITEMS = [
  item('SH01', 'M-1001', 'Hex bolt', 'M8 x 30, grade 8.8', 'RAW-MET', {
    itemGroupNo: 'GRP-BOLT',
    abcClass: 'A',
    netWeight: 0.018,
    grossWeight: 0.02,
  }),
  item('SH01', 'M-1002', 'Hex bolt, zinc plated', 'M8 x 30, grade 8.8, Zn', 'RAW-MET', {
    itemGroupNo: 'GRP-BOLT',
    abcClass: 'B',
  }),
  item('SH01', 'M-2001', 'Steel bracket', 'L-100, 3 mm', 'RAW-MET', { abcClass: 'B', isLotControl: 'Y' }),
  item('SH01', 'P-9001', 'Shipping carton', '400 x 300 x 200 mm', 'PKG', { itemType: '4', abcClass: 'C' }),
  item('SH01', 'M-1999', 'Hex bolt (discontinued)', 'M8 x 25', 'RAW-MET', { statusCode: '0' }),
  item('HN01', 'H-3001', 'ABS housing', 'A12, black', 'RAW-PLA', {
    itemGroupNo: 'GRP-ABS',
    abcClass: 'A',
    shelfLife: 720,
    isLotControl: 'Y',
  }),
  item('HN01', 'H-3002', 'ABS housing, grey', 'A12, grey', 'RAW-PLA', { itemGroupNo: 'GRP-ABS' }),
  item('HN01', 'H-9001', 'Polybag', '200 x 300 mm', 'RAW', { itemType: '4', abcClass: 'C' }),
];

const ITEM_CONVERTS = [
  {
    orgNo: 'SH01',
    itemNo: 'M-1001',
    fromUnitNo: 'BOX',
    fromUnitPt: 1,
    toUnitNo: 'PCS',
    toUnitPt: 500,
    length: 30,
    width: 20,
    height: 15,
    cube: 9000,
    netWeight: 9,
    grossWeight: 9.6,
  },
  {
    orgNo: 'HN01',
    itemNo: 'H-3001',
    fromUnitNo: 'BOX',
    fromUnitPt: 1,
    toUnitNo: 'PCS',
    toUnitPt: 50,
    length: 60,
    width: 40,
    height: 40,
    cube: 96000,
    netWeight: 6.5,
    grossWeight: 7.2,
  },
];

const ZONES = [
  { orgNo: 'SH01', warehouseNo: 'SH01-RM', zoneNo: 'A', zoneName: 'Bulk storage' },
  { orgNo: 'SH01', warehouseNo: 'SH01-RM', zoneNo: 'B', zoneName: 'Picking' },
  { orgNo: 'SH01', warehouseNo: 'SH01-RM', zoneNo: 'R', zoneName: 'Receiving dock' },
  { orgNo: 'SH01', warehouseNo: 'SH01-FG', zoneNo: 'F1', zoneName: 'Finished goods' },
  { orgNo: 'HN01', warehouseNo: 'HN01-RM', zoneNo: 'HA', zoneName: 'Hanoi storage' },
];

const cell = (
  warehouseNo: string,
  zoneNo: string,
  cellNo: string,
  cellType: string,
  extra: Record<string, unknown> = {},
) => ({
  orgNo: warehouseNo.slice(0, 4),
  warehouseNo,
  zoneNo,
  cellNo,
  cellName: cellNo,
  cellType,
  ...extra,
});

const CELLS = [
  cell('SH01-RM', 'A', 'A-01-01-01', '1', {
    shelvesType: '2',
    scatterProperty: '1',
    cellX: 1,
    cellY: 1,
    cellZ: 1,
  }),
  cell('SH01-RM', 'A', 'A-01-01-02', '1', {
    shelvesType: '2',
    scatterProperty: '1',
    cellX: 1,
    cellY: 1,
    cellZ: 2,
  }),
  cell('SH01-RM', 'A', 'A-01-02-01', '1', {
    shelvesType: '2',
    scatterProperty: '1',
    cellX: 1,
    cellY: 2,
    cellZ: 1,
  }),
  cell('SH01-RM', 'B', 'B-01-01', '2', {
    shelvesType: '1',
    scatterProperty: '3',
    isMixSku: '1',
    maxQty: 500,
  }),
  cell('SH01-RM', 'R', 'R-DOCK-01', '3', { shelvesType: '3' }),
  cell('SH01-RM', 'A', 'DMG-01', '1', { isBadCell: '1', cellName: 'Damaged goods' }),
  cell('SH01-FG', 'F1', 'F1-01-01', '1', { shelvesType: '2' }),
  cell('HN01-RM', 'HA', 'HA-01-01', '1', { shelvesType: '1' }),
  cell('HN01-RM', 'HA', 'HA-01-02', '1', { shelvesType: '1' }),
];

const CUSTOMERS = [
  {
    orgNo: 'SH01',
    customerNo: 'CUS001',
    customerName: 'Nordic Tools AB',
    customerShortName: 'Nordic Tools',
    customerType: '1',
  },
  {
    orgNo: 'SH01',
    customerNo: 'CUS002',
    customerName: 'Pacific Retail Ltd.',
    customerShortName: 'Pacific Retail',
    customerType: '2',
  },
  {
    orgNo: 'HN01',
    customerNo: 'CUS101',
    customerName: 'Saigon Electronics JSC',
    customerShortName: 'Saigon Electronics',
    customerType: '3',
  },
];

const ADDRESSES = [
  {
    orgNo: 'SH01',
    customerNo: 'CUS001',
    country: 'Sweden',
    city: 'Stockholm',
    address: 'Hamngatan 12',
    zip: '111 47',
    contact: 'Erik Lund',
    isDefault: 'Y',
  },
  {
    orgNo: 'SH01',
    customerNo: 'CUS001',
    country: 'Sweden',
    city: 'Gothenburg',
    address: 'Lindholmspiren 5',
    zip: '417 56',
    contact: 'Anna Berg',
  },
  {
    orgNo: 'SH01',
    customerNo: 'CUS002',
    country: 'China',
    province: 'Shanghai',
    city: 'Shanghai',
    district: 'Pudong',
    address: '88 Century Avenue',
    zip: '200120',
    isDefault: 'Y',
  },
  {
    orgNo: 'HN01',
    customerNo: 'CUS101',
    country: 'Vietnam',
    city: 'Ho Chi Minh City',
    district: 'District 7',
    address: '23 Nguyen Van Linh',
    zip: '700000',
    isDefault: 'Y',
  },
];

const DELIVERY_ADDRESSES = [
  {
    orgNo: 'SH01',
    supplierNo: 'SUP001',
    officeName: 'Acme Suzhou plant',
    officeAlias: 'Suzhou',
    contacts: 'Zhang Wei',
    mobile: '13800138000',
    detailAddress: '18 Xinghu Street, Suzhou Industrial Park',
    zipCode: '215000',
    longitude: 120.7,
    latitude: 31.3,
    loadadrType: '1',
    startTimeStr: '08:00',
    dueTimeStr: '17:30',
    platformNo: 'D1',
    defaultAddressSign: 'Y',
  },
  {
    orgNo: 'SH01',
    supplierNo: 'SUP001',
    officeName: 'Acme Kunshan warehouse',
    contacts: 'Li Na',
    detailAddress: '6 Qianjin Road, Kunshan',
    loadadrType: '1',
    startTimeStr: '09:00',
    dueTimeStr: '16:00',
  },
  {
    orgNo: 'HN01',
    supplierNo: 'SUP002',
    officeName: 'Delta Bac Ninh factory',
    contacts: 'Nguyen Van An',
    detailAddress: 'Lot C2, Que Vo Industrial Park, Bac Ninh',
    longitude: 106.1,
    latitude: 21.2,
    loadadrType: '1',
    startTimeStr: '07:30',
    dueTimeStr: '16:30',
    defaultAddressSign: 'Y',
  },
];

const CUSTOMER_ITEMS = [
  {
    orgNo: 'SH01',
    merchantNo: 'CUS001',
    itemNo: 'M-2001',
    merchantItemNo: 'NT-BRK-100',
    merchantItemName: 'Bracket L100',
    outShelflife: 12,
    outShelflifeUnit: 'M',
  },
];

const SUPPLIER_ITEMS = [
  {
    orgNo: 'SH01',
    merchantNo: 'SUP001',
    itemNo: 'M-1001',
    merchantItemNo: 'ACME-HB830',
    merchantItemName: 'Hex bolt M8x30 8.8',
    purOrgNo: 'SH01',
    brand: 'Acme',
    isPreferredSupplier: 'Y',
    supplierProportion: 70,
    effectiveStart: '2025-01-01',
    effectiveEnd: '2026-12-31',
    minPackQty: 500,
    minPurQty: 5000,
    purLeadTime: 14,
    transferMode: '1',
    refPrice: 0.12,
  },
  {
    orgNo: 'SH01',
    merchantNo: 'SUP001',
    itemNo: 'M-2001',
    merchantItemNo: 'ACME-BRK-L100',
    purOrgNo: 'SH01',
    minPackQty: 50,
    purLeadTime: 21,
    transferMode: '2',
    refPrice: 3.4,
  },
  {
    orgNo: 'HN01',
    merchantNo: 'SUP002',
    itemNo: 'H-3001',
    merchantItemNo: 'DP-ABS-A12',
    merchantItemName: 'ABS housing A12',
    purOrgNo: 'HN01',
    isPreferredSupplier: 'Y',
    supplierProportion: 100,
    effectiveStart: '2025-03-01',
    minPackQty: 50,
    purLeadTime: 10,
    transferMode: '3',
    refPrice: 1.85,
  },
];

/** Seeds the material demo rows unless they were seeded before; answers whether it did. */
export async function seedMaterialDemo(db: Db): Promise<boolean> {
  const demo = await db.selectFrom('sysSeed').select('name').where('name', '=', 'demo').executeTakeFirst();
  if (!demo) return false;
  try {
    return await seedRows(db);
  } catch (err) {
    // Someone removed a demo organisation, warehouse or supplier these rows need: start without them.
    console.warn(`material demo data not seeded: ${(err as Error).message}`);
    return false;
  }
}

function seedRows(db: Db): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await seedOnce(tx, 'demo-material'))) return false;
    const rows = <T>(list: T[]) => list.map((r) => ({ ...r, ...audit }));
    await tx.insertInto('bmUnit').values(rows(UNITS)).execute();
    await tx.insertInto('bmUnitConvert').values(rows(UNIT_CONVERTS)).execute();
    await tx.insertInto('bmCategory').values(rows(CATEGORIES)).execute();
    await tx.insertInto('bmItemGroup').values(rows(ITEM_GROUPS)).execute();
    await tx.insertInto('bmItem').values(rows(ITEMS)).execute();
    await tx.insertInto('bmItemUnitConvert').values(rows(ITEM_CONVERTS)).execute();
    await tx.insertInto('bmZone').values(rows(ZONES)).execute();
    await tx.insertInto('bmWarehouseCell').values(rows(CELLS)).execute();
    await tx.insertInto('bmCustomer').values(rows(CUSTOMERS)).execute();
    await tx.insertInto('bmCustomerAddress').values(rows(ADDRESSES)).execute();
    await tx.insertInto('bmDeliveryAddress').values(rows(DELIVERY_ADDRESSES)).execute();
    await tx.insertInto('bmCustomerItem').values(rows(CUSTOMER_ITEMS)).execute();
    await tx.insertInto('bmSupplierItem').values(rows(SUPPLIER_ITEMS)).execute();
    return true;
  });
}
