// What the simulated ERP buys, and from whom. The demo catalogue is the demo installation's own base
// data (services/seed/: the organisations SH01 and HN01, their suppliers SUP001 and SUP002, their
// warehouses, units and items), so an order line names an item the portal knows. The scale catalogue
// adds organisations, suppliers and a few thousand items, made up but plausible, for benchmarks.
import { decimalOfUnits } from './random.js';

export interface CatalogueItem {
  itemNo: string;
  itemName: string;
  itemSpec: string;
  unitNo: string;
  /** The price in units of 10^-priceScale of the order's currency. */
  priceUnits: number;
  priceScale: number;
  /** Quantities are whole packs: `pack` units of 10^-qtyScale, ordered min..max packs at a time. */
  pack: number;
  qtyScale: number;
  minPacks: number;
  maxPacks: number;
}

export interface Buyer {
  orgNo: string;
  supplierNos: readonly string[];
  currency: string;
  /** The tax rate, a percentage, as decimal text. */
  taxRate: string;
  buyerNo: string;
  buyerName: string;
  warehouses: readonly string[];
  items: readonly CatalogueItem[];
}

const item = (
  itemNo: string,
  itemName: string,
  itemSpec: string,
  unitNo: string,
  price: [units: number, scale: number],
  qty: [pack: number, scale: number, minPacks: number, maxPacks: number],
): CatalogueItem => ({
  itemNo,
  itemName,
  itemSpec,
  unitNo,
  priceUnits: price[0],
  priceScale: price[1],
  pack: qty[0],
  qtyScale: qty[1],
  minPacks: qty[2],
  maxPacks: qty[3],
});

/** The demo organisations as their buyers order: one supplier each, in its currency and tax. */
export const DEMO_BUYERS: readonly Buyer[] = [
  {
    orgNo: 'SH01',
    supplierNos: ['SUP001'],
    currency: 'CNY',
    taxRate: '13',
    buyerNo: 'buyer',
    buyerName: 'Wang Li (purchasing)',
    warehouses: ['SH01-RM', 'SH01-FG'],
    items: [
      item('M-1001', 'Hex bolt', 'M8 x 30, grade 8.8', 'PCS', [125, 3], [500, 0, 2, 40]),
      item('M-1002', 'Hex bolt, zinc plated', 'M8 x 30, grade 8.8, Zn', 'PCS', [148, 3], [500, 0, 2, 30]),
      item('M-2001', 'Steel bracket', 'L-100, 3 mm', 'PCS', [345, 2], [50, 0, 1, 30]),
      item('P-9001', 'Shipping carton', '400 x 300 x 200 mm', 'PCS', [1805, 3], [120, 0, 1, 20]),
      // Bought by weight: quantities with three decimals (not in the demo item master: an ERP may
      // order an item before the portal's master data has it).
      item('R-5001', 'Steel wire rod', 'Q235, 6.5 mm', 'KG', [4275, 3], [25125, 3, 4, 80]),
    ],
  },
  {
    orgNo: 'HN01',
    supplierNos: ['SUP002'],
    currency: 'USD',
    taxRate: '10',
    buyerNo: 'buyer',
    buyerName: 'Wang Li (purchasing)',
    warehouses: ['HN01-RM'],
    items: [
      item('H-3001', 'ABS housing', 'A12, black', 'PCS', [190, 2], [100, 0, 2, 40]),
      item('H-3002', 'ABS housing, grey', 'A12, grey', 'PCS', [1955, 3], [100, 0, 1, 30]),
      item('H-9001', 'Polybag', '200 x 300 mm', 'PCS', [215, 4], [1000, 0, 5, 50]),
    ],
  },
];

/** How the ERP's orders divide among the order types: 1 general, 2 subcontract, 3 VMI. */
export const ORDER_TYPES = [
  ['1', 70],
  ['2', 18],
  ['3', 12],
] as const;

const NOUNS = [
  'Hex bolt',
  'Socket screw',
  'Flat washer',
  'Lock nut',
  'Steel bracket',
  'Hinge',
  'Ball bearing',
  'Shaft seal',
  'O-ring',
  'Gear wheel',
  'Drive belt',
  'Spring pin',
  'Cable tie',
  'Terminal block',
  'Relay',
  'Fuse holder',
  'PCB assembly',
  'LED module',
  'Power cord',
  'Fan',
  'ABS housing',
  'Cover plate',
  'Rubber foot',
  'Label roll',
  'Shipping carton',
  'Polybag',
  'Foam insert',
  'Pallet',
  'Hose clamp',
  'Valve',
];
const MATERIALS = ['steel', 'stainless', 'zinc plated', 'brass', 'aluminium', 'nylon', 'ABS', 'PP', 'EPDM'];
const UNITS = ['PCS', 'PCS', 'PCS', 'BOX', 'KG'];

/** The scale catalogue's item `n` (0-based): its name, spec, unit and price follow from n alone. */
export function scaleItem(n: number): CatalogueItem {
  const noun = NOUNS[n % NOUNS.length];
  const material = MATERIALS[Math.floor(n / NOUNS.length) % MATERIALS.length];
  const unitNo = UNITS[n % UNITS.length];
  const kg = unitNo === 'KG';
  return {
    itemNo: `I${String(100000 + n)}`,
    itemName: `${noun}, ${material}`,
    itemSpec: `Size ${(n % 17) + 1}, rev ${String.fromCharCode(65 + (n % 5))}`,
    unitNo,
    priceUnits: 50 + ((n * 7919) % 250_000),
    priceScale: 4,
    pack: kg ? 2500 : unitNo === 'BOX' ? 1 : 10 * ((n % 10) + 1),
    qtyScale: kg ? 3 : 0,
    minPacks: 1,
    maxPacks: kg ? 400 : 100,
  };
}
export const SCALE_ITEMS = 3000;

/** The organisations of a scale fill: the demo's two and eight more. */
export const SCALE_ORGS: readonly string[] = [
  'SH01',
  'HN01',
  ...Array.from({ length: 8 }, (_, i) => `SIM${String(i + 1).padStart(2, '0')}`),
];

export interface ScaleSupplier {
  supplierNo: string;
  orgNo: string;
  supplierName: string;
}

const FIRMS = ['Precision', 'Industrial', 'Plastics', 'Metalworks', 'Packaging', 'Electronics', 'Rubber'];
/** The suppliers of a scale fill besides SUP001 and SUP002, each in one of SCALE_ORGS. */
export const SCALE_SUPPLIERS: readonly ScaleSupplier[] = Array.from({ length: 198 }, (_, i) => ({
  supplierNo: `V${10001 + i}`,
  orgNo: SCALE_ORGS[i % SCALE_ORGS.length],
  supplierName: `${['Anhui', 'Jiangsu', 'Bac Ninh', 'Hai Phong', 'Zhejiang', 'Guangdong'][i % 6]} ${FIRMS[i % FIRMS.length]} Co. ${10001 + i}`,
}));

/**
 * Who a scale order goes to: SUP001 (SH01) takes a tenth of the orders and SUP002 (HN01) a twentieth,
 * as a portal's main suppliers do; the rest spread evenly over SCALE_SUPPLIERS.
 */
export const SCALE_SHARES = { SUP001: 0.1, SUP002: 0.05 } as const;

export const priceOf = (it: CatalogueItem, units = it.priceUnits) => decimalOfUnits(units, it.priceScale);
