// The simulated ERP's purchase orders, as the integration API takes them (services/integration/orders.ts):
// the demo (a few hundred orders of the demo organisations and suppliers), the follow mode's new orders
// and line changes, and the scale fill's batches. Every generator is a pure function of its seed and of
// `today`, so the same call gives the same orders (a re-run is a replay) and the tests can pin them.
// Quantities and prices are drawn as whole units and written as exact decimal text.
import { multiplyDecimals, roundDecimal } from '../../engine/core/decimal.js';
import type { OrderIn } from '../../services/integration/orders.js';
import {
  type Buyer,
  type CatalogueItem,
  DEMO_BUYERS,
  ORDER_TYPES,
  priceOf,
  SCALE_ITEMS,
  SCALE_SHARES,
  SCALE_SUPPLIERS,
  scaleItem,
} from './catalogue.js';
import { addDays, createRandom, decimalOfUnits, type Random, subSeed } from './random.js';

export type { OrderIn };
export type OrderLine = OrderIn['lines'][number];

/** The ERP's own id of an order: what it would carry in its own tables. */
export const externalIdOf = (orgNo: string, purchaseNo: string) => `ERP-${orgNo}-${purchaseNo}`;

/** Demo order n (1-based): 4500000001, 4500000002, ... */
export const demoPurchaseNo = (n: number) => `4500${String(n).padStart(6, '0')}`;
/** Scale order n (0-based): 4600000000, ... */
export const scalePurchaseNo = (n: number) => `46${String(n).padStart(8, '0')}`;

const REMARKS = [
  'Deliver to dock 3, mornings only',
  'Urgent: line stop risk, confirm within 24 h',
  'Quality certificate with every delivery',
  'Annual frame agreement call-off',
  'Packing per packaging instruction PI-07',
];
const LINES_PER_ORDER = [
  [1, 15],
  [2, 25],
  [3, 25],
  [4, 15],
  [5, 10],
  [6, 5],
  [8, 5],
] as const;

interface OrderPlan {
  purchaseNo: string;
  orgNo: string;
  supplierNo: string;
  currency: string;
  taxRate: string;
  buyerNo: string;
  buyerName: string;
  purchaseDate: string;
  externalVersion: number;
  /** How many lines; each names an item of `items`. */
  lines: number;
  items: (rng: Random) => CatalogueItem;
  warehouses: readonly string[];
}

/**
 * What the buyer provides for a subcontract line, per unit of the line's quantity: sheet steel and
 * primer, as a bill of materials would say. Drawn from no random number, so adding them moved no other
 * order of a seed.
 */
const SUBCONTRACT_COMPONENTS = [
  { itemNo: 'R-3001', itemName: 'Cold-rolled steel sheet, 3 mm', perUnit: '0.4125', unitNo: 'KG' },
  { itemNo: 'R-3002', itemName: 'Zinc primer', perUnit: '0.00875', unitNo: 'L' },
] as const;

/** The components of a subcontract line of `qty`: each its share of the line, exactly. */
export function componentsOf(qty: string): NonNullable<OrderLine['components']> {
  return SUBCONTRACT_COMPONENTS.map((c, i) => ({
    componentSeq: i + 1,
    itemNo: c.itemNo,
    itemName: c.itemName,
    // At most the 5 decimals a quantity keeps.
    qty: roundDecimal(multiplyDecimals(qty, c.perUnit), 5),
    unitNo: c.unitNo,
  }));
}

/** A quantity of an item: whole packs, within the item's usual range. */
function quantityOf(rng: Random, it: CatalogueItem, packs = rng.int(it.minPacks, it.maxPacks)): string {
  return decimalOfUnits(it.pack * packs, it.qtyScale);
}

/** This order's price of an item: its list price, give or take 3 %, in whole units. */
function priceFor(rng: Random, it: CatalogueItem): string {
  const spread = Math.floor(it.priceUnits * 0.03);
  return priceOf(it, it.priceUnits + rng.int(-spread, spread));
}

/** One order from its plan: lines numbered 10, 20, ...; a VMI order's lines come in weekly batches. */
function buildOrder(rng: Random, plan: OrderPlan): OrderIn {
  const orderType = rng.weighted(ORDER_TYPES);
  const lines: OrderLine[] = [];
  const used = new Set<string>();
  for (let i = 0; i < plan.lines; i++) {
    // An item once an order, as far as the catalogue allows.
    let it = plan.items(rng);
    for (let tries = 0; tries < 4 && used.has(it.itemNo); tries++) it = plan.items(rng);
    used.add(it.itemNo);
    const price = priceFor(rng, it);
    const lead = rng.int(7, 60);
    const warehouseNo = rng.pick(plan.warehouses);
    const base = {
      purchaseSeq: (i + 1) * 10,
      itemNo: it.itemNo,
      itemName: it.itemName,
      itemSpec: it.itemSpec,
      unitNo: it.unitNo,
      warehouseNo,
      price,
      taxRate: plan.taxRate,
    };
    // A VMI line is called off in batches a week apart; the other lines arrive at once.
    const batches = orderType === '3' && lines.length + 2 <= plan.lines ? rng.int(2, 3) : 1;
    for (let b = 1; b <= batches && lines.length < plan.lines; b++) {
      const batchPurQty = quantityOf(rng, it);
      lines.push({
        ...base,
        ...(batches > 1 ? { batchSeq: b } : {}),
        batchPurQty,
        expectArrivalDate: addDays(plan.purchaseDate, lead + (b - 1) * 7),
        // A subcontract line names what the buyer provides to make it.
        ...(orderType === '2' ? { components: componentsOf(batchPurQty) } : {}),
      });
    }
    if (lines.length >= plan.lines) break;
  }
  return {
    externalId: externalIdOf(plan.orgNo, plan.purchaseNo),
    externalVersion: plan.externalVersion,
    purchaseNo: plan.purchaseNo,
    orgNo: plan.orgNo,
    supplierNo: plan.supplierNo,
    orderType,
    purchaseCenter: `PC-${plan.orgNo}`,
    factoryNo: plan.orgNo,
    buyerNo: plan.buyerNo,
    buyerName: plan.buyerName,
    currency: plan.currency,
    purchaseDate: plan.purchaseDate,
    remark: rng.chance(0.15) ? rng.pick(REMARKS) : null,
    lines,
  };
}

const fromBuyer = (buyer: Buyer) => ({
  orgNo: buyer.orgNo,
  currency: buyer.currency,
  taxRate: buyer.taxRate,
  buyerNo: buyer.buyerNo,
  buyerName: buyer.buyerName,
  warehouses: buyer.warehouses,
  items: (rng: Random) => rng.pick(buyer.items),
});

/** Which demo organisation orders demo order n: SH01 three times in five, HN01 twice, whatever the seed. */
const demoBuyerOf = (n: number) => DEMO_BUYERS[n % 5 < 3 ? 0 : 1];

/** A demo order of `buyer`, ordered `daysAgo` days before today. */
function demoOrder(
  rng: Random,
  buyer: Buyer,
  purchaseNo: string,
  today: string,
  daysAgo: number,
  version: number,
): OrderIn {
  return buildOrder(rng, {
    ...fromBuyer(buyer),
    purchaseNo,
    supplierNo: rng.pick(buyer.supplierNos),
    purchaseDate: addDays(today, -daysAgo),
    externalVersion: version,
    lines: rng.weighted(LINES_PER_ORDER),
  });
}

export interface DemoOptions {
  /** How many orders (the demo: 300). */
  count: number;
  seed: number;
  /** 'yyyy-MM-dd': order dates run up to five months before it. */
  today: string;
}

/** The demo: `count` orders of SH01/SUP001 and HN01/SUP002, version 1, ordered over five months. */
export function demoOrders({ count, seed, today }: DemoOptions): OrderIn[] {
  const rng = createRandom(seed);
  return Array.from({ length: count }, (_, i) =>
    demoOrder(rng, demoBuyerOf(i + 1), demoPurchaseNo(i + 1), today, rng.int(0, 150), 1),
  );
}

/** A new order the follow mode publishes: dated today, of one of the demo organisations. */
export function newOrder(rng: Random, purchaseNo: string, today: string, version: number): OrderIn {
  return demoOrder(rng, demoBuyerOf(rng.int(0, 4)), purchaseNo, today, 0, version);
}

export type LineChangeKind = 'quantity' | 'date' | 'cancel';

export interface LineChange {
  kind: LineChangeKind;
  /** The message: the order's head, a newer version, and only the changed line (lines not sent stay). */
  message: OrderIn;
  /** The order as the ERP now holds it. */
  order: OrderIn;
}

const lineKeyOf = (l: OrderLine) => `${l.purchaseSeq}/${l.phaseSeq ?? 1}/${l.batchSeq ?? 1}`;

/**
 * A change the buyer makes to an open line of `order` (one still wanted today or later): a quantity
 * changed by -50 % to +50 % in steps of 10 %, a date pushed back by 3 to 14 days, or now and then a
 * line cancelled. Undefined when the order has no open line.
 */
export function lineChange(
  rng: Random,
  order: OrderIn,
  version: number,
  today: string,
): LineChange | undefined {
  const open = order.lines.filter((l) => !l.cancelled && l.expectArrivalDate >= today);
  if (!open.length) return undefined;
  const line = rng.pick(open);
  const kind: LineChangeKind =
    order.lines.filter((l) => !l.cancelled).length > 1 && rng.chance(0.05)
      ? 'cancel'
      : rng.chance(0.5)
        ? 'quantity'
        : 'date';
  let changed: OrderLine;
  if (kind === 'cancel') changed = { ...line, cancelled: true };
  else if (kind === 'date')
    changed = { ...line, expectArrivalDate: addDays(line.expectArrivalDate, rng.int(3, 14)) };
  else {
    const tenths = rng.weighted([5, 6, 7, 8, 9, 11, 12, 13, 14, 15].map((t) => [t, 1] as const));
    changed = { ...line, batchPurQty: multiplyDecimals(String(line.batchPurQty), decimalOfUnits(tenths, 1)) };
  }
  const key = lineKeyOf(line);
  const updated = {
    ...order,
    externalVersion: version,
    lines: order.lines.map((l) => (lineKeyOf(l) === key ? changed : l)),
  };
  return { kind, message: { ...updated, lines: [changed] }, order: updated };
}

export interface ScaleOptions {
  /** Order lines in all. */
  lines: number;
  seed: number;
  today: string;
  /** Order lines a batch (the API takes at most 1,000 orders of at most 500 lines). */
  batchLines: number;
  /** Number of the first order (scalePurchaseNo): two fills with different starts never meet. */
  firstOrder?: number;
}

const SCALE_CURRENCY: Record<string, { currency: string; taxRate: string }> = {
  HN01: { currency: 'USD', taxRate: '10' },
};

/**
 * The supplier of scale order n: SUP001 and SUP002 take their shares (SCALE_SHARES), the rest go evenly
 * to SCALE_SUPPLIERS. Each supplier orders for its own organisation.
 */
function scaleSupplier(rng: Random): { supplierNo: string; orgNo: string } {
  const r = rng.next();
  if (r < SCALE_SHARES.SUP001) return { supplierNo: 'SUP001', orgNo: 'SH01' };
  if (r < SCALE_SHARES.SUP001 + SCALE_SHARES.SUP002) return { supplierNo: 'SUP002', orgNo: 'HN01' };
  return rng.pick(SCALE_SUPPLIERS);
}

/**
 * The scale fill in batches of exactly `batchLines` order lines (the last one what is left): orders of 1
 * to 20 lines, the last order of a batch cut to fit, ordered over the past year, due up to ten weeks
 * after. Order n depends only on the seed and n, so a batch is built without the ones before it.
 */
export function* scaleBatches(opts: ScaleOptions): Generator<OrderIn[]> {
  let left = opts.lines;
  let n = opts.firstOrder ?? 0;
  while (left > 0) {
    let room = Math.min(opts.batchLines, left);
    left -= room;
    const batch: OrderIn[] = [];
    while (room > 0) {
      const rng = createRandom(subSeed(opts.seed, n));
      const party = scaleSupplier(rng);
      const lines = Math.min(rng.int(1, 20), room);
      room -= lines;
      batch.push(
        buildOrder(rng, {
          ...party,
          ...(SCALE_CURRENCY[party.orgNo] ?? { currency: 'CNY', taxRate: '13' }),
          purchaseNo: scalePurchaseNo(n),
          buyerNo: 'buyer',
          buyerName: 'Wang Li (purchasing)',
          purchaseDate: addDays(opts.today, -rng.int(0, 364)),
          externalVersion: 1,
          lines,
          items: (r) => scaleItem(r.int(0, SCALE_ITEMS - 1)),
          warehouses: [`${party.orgNo}-RM`],
        }),
      );
      n++;
    }
    yield batch;
  }
}

/** Lines in a list of orders. */
export const lineCount = (orders: readonly OrderIn[]) => orders.reduce((n, o) => n + o.lines.length, 0);
