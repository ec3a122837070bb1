// The simulated warehouse's VMI stock: the supplier's goods it keeps for the buyer's VMI orders, one
// stock per organisation, warehouse, supplier and item of a VMI order line. The demo counts each
// (a snapshot at 06:00 the day before) and reports what moved since: receipts in and issues to
// production; follow keeps it moving, never below nought. Ids come from the stock's place and a
// number, at version 1, so the demo sent again is a replay. Quantities are decimal text, exactly.
import { addDecimals, compareDecimals, subtractDecimals } from '../../engine/core/decimal.js';
import type { MovementIn, SnapshotIn } from '../../services/integration/stock.js';
import type { OrderIn } from './orders.js';
import { addDays, type Random } from './random.js';

export type { MovementIn, SnapshotIn };

/** Where a stock lies and whose it is. */
export interface StockPlace {
  orgNo: string;
  warehouseNo: string;
  supplierNo: string;
  itemNo: string;
  itemName?: string | null;
  unitNo: string;
}

/** A stock's name among the simulator's: organisation, warehouse, supplier and item. */
export const placeId = (p: StockPlace) => `${p.orgNo}-${p.warehouseNo}-${p.supplierNo}-${p.itemNo}`;

/** The stocks the VMI orders' lines make, each once, in a stable order. */
export function vmiPlaces(orders: Iterable<OrderIn>): StockPlace[] {
  const places = new Map<string, StockPlace>();
  for (const o of orders) {
    if (o.orderType !== '3') continue;
    for (const l of o.lines) {
      if (!l.warehouseNo) continue;
      const place = {
        orgNo: o.orgNo,
        warehouseNo: l.warehouseNo,
        supplierNo: o.supplierNo,
        itemNo: l.itemNo,
        itemName: l.itemName ?? null,
        unitNo: l.unitNo,
      };
      places.set(placeId(place), place);
    }
  }
  return [...places.values()].sort((a, b) => placeId(a).localeCompare(placeId(b)));
}

/** `day` ('yyyy-MM-dd') at `hour`:`minute` local time, as an ISO instant. */
const at = (day: string, hour: number, minute = 0) =>
  new Date(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`).toISOString();

/**
 * The demo's stock: each place counted at 06:00 yesterday (20 to 400 units), then one to three
 * movements since: a receipt in the morning, issues to production later, never more than is there.
 * Answers the stock each place holds after them too, for follow to go on from.
 */
export function demoStock(
  rng: Random,
  places: readonly StockPlace[],
  today: string,
): { snapshots: SnapshotIn[]; movements: MovementIn[]; held: Map<string, string> } {
  const yesterday = addDays(today, -1);
  const snapshots: SnapshotIn[] = [];
  const movements: MovementIn[] = [];
  const held = new Map<string, string>();
  for (const place of places) {
    let qty = String(rng.int(20, 400));
    snapshots.push({ ...place, kind: 'vmi', qty, asOf: at(yesterday, 6) });
    const moves = rng.int(1, 3);
    for (let n = 1; n <= moves; n++) {
      const incoming = n === 1 && rng.chance(0.6);
      const amount = String(incoming ? rng.int(10, 200) : rng.int(1, 60));
      if (!incoming && compareDecimals(amount, qty) > 0) continue;
      qty = incoming ? addDecimals(qty, amount) : subtractDecimals(qty, amount);
      const id = `WMS-VMI-${placeId(place)}-${n}`;
      movements.push({
        ...place,
        kind: 'vmi',
        externalId: id,
        externalVersion: 1,
        type: incoming ? 'in' : 'out',
        qty: amount,
        moveDate: at(yesterday, 8 + n * 3, rng.int(0, 59)),
        docNo: id,
      });
    }
    held.set(placeId(place), qty);
  }
  return { snapshots, movements, held };
}

/**
 * One movement while the demo runs: production takes some of a stock (when there is enough) or the
 * supplier tops it up. `held` is what each place holds as far as the simulator knows; it is updated.
 */
export function stockMove(
  rng: Random,
  places: readonly StockPlace[],
  held: Map<string, string>,
  moveId: string,
): MovementIn | undefined {
  if (!places.length) return undefined;
  const place = rng.pick(places);
  const now = held.get(placeId(place)) ?? '0';
  const out = compareDecimals(now, '20') >= 0 && rng.chance(0.7);
  const amount = String(out ? rng.int(1, Math.min(60, Number(now))) : rng.int(20, 200));
  held.set(placeId(place), out ? subtractDecimals(now, amount) : addDecimals(now, amount));
  return {
    ...place,
    kind: 'vmi',
    externalId: moveId,
    externalVersion: 1,
    type: out ? 'out' : 'in',
    qty: amount,
    moveDate: new Date().toISOString(),
    docNo: moveId,
  };
}
