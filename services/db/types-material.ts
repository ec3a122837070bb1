// Row types of the material base-data tables (migrations 040-045), as Kysely sees them.
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns: read as canonical decimal text (services/db/database.ts), written as decimal text. */
type Decimal = ColumnType<string | null, string | number | null | undefined, string | number | null>;
type RequiredDecimal = ColumnType<string, string | number, string | number>;
type Flag = Generated<string>;

interface Row {
  id: Generated<string>;
  version: Generated<number>;
  orgNo: string;
  statusCode: Flag;
  remark: string | null;
  ext: Generated<Record<string, unknown>>;
  createName: string | null;
  createDate: Timestamp;
  updateName: string | null;
  updateDate: Timestamp;
}

export interface BmUnitTable extends Row {
  unitNo: string;
  unitName: string;
  unitType: string | null;
  dicimalDigit: Generated<number>;
  roundingType: Flag;
}

interface Conversion {
  fromUnitNo: string;
  fromUnitPt: RequiredDecimal;
  toUnitNo: string;
  toUnitPt: RequiredDecimal;
}

export interface BmUnitConvertTable extends Row, Conversion {}

interface Dimensions {
  length: Decimal;
  width: Decimal;
  height: Decimal;
  cube: Decimal;
  netWeight: Decimal;
  grossWeight: Decimal;
}

export interface BmCategoryTable extends Row {
  categoryNo: string;
  categoryName: string;
  parentCategoryNo: string | null;
}

export interface BmItemGroupTable extends Row {
  itemGroupNo: string;
  itemGroupName: string;
}

export interface BmItemTable extends Row, Dimensions {
  itemNo: string;
  itemName: string;
  itemSpec: string | null;
  itemModel: string | null;
  itemType: string | null;
  unitNo: string;
  categoryNo: string | null;
  itemGroupNo: string | null;
  barcode: string | null;
  brand: string | null;
  abcClass: string | null;
  shelfLife: number | null;
  isLotControl: Flag;
  isSnControl: Flag;
  safetyStock: Decimal;
}

export interface BmItemUnitConvertTable extends Row, Conversion, Dimensions {
  itemNo: string;
}

export interface BmZoneTable extends Row {
  warehouseNo: string;
  zoneNo: string;
  zoneName: string;
}

export interface BmWarehouseCellTable extends Row {
  warehouseNo: string;
  zoneNo: string;
  cellNo: string;
  cellName: string | null;
  cellOutsideNo: string | null;
  cellType: string | null;
  shelvesType: string | null;
  scatterProperty: string | null;
  isMixSku: Flag;
  isMixLot: Flag;
  isBadCell: Flag;
  cellOutSeq: number | null;
  cellInSeq: number | null;
  cellX: number | null;
  cellY: number | null;
  cellZ: number | null;
  cellLength: Decimal;
  cellWidth: Decimal;
  cellHeight: Decimal;
  maxWeight: Decimal;
  maxQty: Decimal;
  rightSpaceDistance: Decimal;
  shelfNo: string | null;
}

export interface BmCustomerTable extends Row {
  customerNo: string;
  customerName: string;
  customerShortName: string | null;
  customerType: string | null;
  contact: string | null;
  telNo: string | null;
  mobileNo: string | null;
  email: string | null;
  address: string | null;
}

export interface BmCustomerAddressTable extends Row {
  customerNo: string;
  country: string | null;
  province: string | null;
  city: string | null;
  district: string | null;
  address: string;
  zip: string | null;
  contact: string | null;
  telNo: string | null;
  mobileNo: string | null;
  isDefault: Flag;
}

export interface BmDeliveryAddressTable extends Row {
  supplierNo: string;
  officeName: string;
  officeAlias: string | null;
  contacts: string | null;
  telphone: string | null;
  mobile: string | null;
  areaId: string | null;
  zipCode: string | null;
  detailAddress: string;
  longitude: Decimal;
  latitude: Decimal;
  loadadrType: string | null;
  startTimeStr: string | null;
  dueTimeStr: string | null;
  platformNo: string | null;
  defaultAddressSign: Flag;
}

interface MerchantItem extends Row {
  merchantNo: string;
  itemNo: string;
  merchantItemNo: string;
  merchantItemName: string | null;
  merchantItemSpec: string | null;
  merchantItemModel: string | null;
  inShelflife: number | null;
  inShelflifeUnit: string | null;
  outShelflife: number | null;
  outShelflifeUnit: string | null;
}

export interface BmCustomerItemTable extends MerchantItem {}

export interface BmSupplierItemTable extends MerchantItem {
  purOrgNo: string | null;
  factoryNo: string | null;
  sourceArea: string | null;
  makeBy: string | null;
  brand: string | null;
  isPreferredSupplier: Flag;
  supplierProportion: Decimal;
  effectiveStart: string | null;
  effectiveEnd: string | null;
  minPackQty: Decimal;
  minPurQty: Decimal;
  purLeadTime: number | null;
  prepareCycle: number | null;
  transferMode: string | null;
  refPrice: Decimal;
}

export interface MaterialTables {
  bmUnit: BmUnitTable;
  bmUnitConvert: BmUnitConvertTable;
  bmCategory: BmCategoryTable;
  bmItemGroup: BmItemGroupTable;
  bmItem: BmItemTable;
  bmItemUnitConvert: BmItemUnitConvertTable;
  bmZone: BmZoneTable;
  bmWarehouseCell: BmWarehouseCellTable;
  bmCustomer: BmCustomerTable;
  bmCustomerAddress: BmCustomerAddressTable;
  bmDeliveryAddress: BmDeliveryAddressTable;
  bmCustomerItem: BmCustomerItemTable;
  bmSupplierItem: BmSupplierItemTable;
}
