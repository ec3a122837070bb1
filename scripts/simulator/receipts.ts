// The simulated warehouse: what its WMS does with the goods of a shipped delivery notice. For each open
// line nothing has been received against yet, it accepts most of what is on the way (70 to 90 %, whole
// units), refuses a little at inspection (up to 3 %, with a reason), sends a little of the accepted back
// (up to 2 %) and puts the rest away, leaving the remainder still expected: the notice ends partially
// received. The receipts' ids are made from the notice's number and the line's, at version 1, so running
// it again sends nothing new (a line already received is left alone) and a replay changes nothing.
// Quantities are decimal text computed exactly (engine/core/decimal.ts), never floats.
import {
  addDecimals,
  compareDecimals,
  multiplyDecimals,
  roundDecimal,
  subtractDecimals,
} from '../../engine/core/decimal.js';
import type { Random } from './random.js';

/** A notice the warehouse should expect, as `GET /integration/v1/asns` answers it. */
export interface OpenAsn {
  asnNo: string;
  orgNo: string;
  supplierNo: string;
  warehouseNo: string;
  status: string;
  lines: {
    asnLineId: string;
    lineSeq: number;
    lineStatus: string;
    itemNo: string;
    deliveryQty: string;
    receiveQty: string;
    rejectQty: string;
    unreceivedQty: string;
  }[];
}

/** One receipt as `POST /integration/v1/receipts` takes it. */
export interface ReceiptIn {
  externalId: string;
  externalVersion: number;
  type: 'acceptance' | 'rejection' | 'return' | 'warehousing';
  asnNo: string;
  lineSeq: number;
  qty: string;
  reason?: string;
  docNo?: string;
  cellNo?: string;
  operator?: string;
}

const REJECT_REASONS = [
  'Damaged packaging',
  'Dimensions out of tolerance',
  'Surface scratches',
  'Wrong label',
];
const RETURN_REASONS = ['Failed incoming test', 'Wrong colour', 'Rust found at the line'];
const OPERATORS = ['Zhou Min', 'Chen Hao', 'Nguyen Lan'];

/** A whole number of units, `min` to `max` per cent of `qty`, rounded half up. */
const share = (rng: Random, qty: string, min: number, max: number) =>
  roundDecimal(multiplyDecimals(qty, String(rng.int(min, max) / 100)), 0);

/** What the warehouse reports for one shipped notice: nothing for lines already worked on. */
export function receiptsFor(rng: Random, asn: OpenAsn): ReceiptIn[] {
  const out: ReceiptIn[] = [];
  for (const line of asn.lines) {
    if (line.lineStatus !== '0' || compareDecimals(line.unreceivedQty, '1') < 0) continue;
    if (compareDecimals(addDecimals(line.receiveQty, line.rejectQty), '0') > 0) continue;
    const open = line.unreceivedQty;
    const accepted = share(rng, open, 70, 90);
    if (compareDecimals(accepted, '0') <= 0) continue;
    const left = subtractDecimals(open, accepted);
    let rejected = share(rng, open, 0, 3);
    if (compareDecimals(rejected, left) >= 0) rejected = '0';
    const returned = share(rng, accepted, 0, 2);
    const id = (kind: string) => `WMS-${asn.asnNo}-${line.lineSeq}-${kind}`;
    const base = {
      externalVersion: 1,
      asnNo: asn.asnNo,
      lineSeq: line.lineSeq,
      operator: rng.pick(OPERATORS),
    };
    out.push({ ...base, externalId: id('GR'), docNo: id('GR'), type: 'acceptance', qty: accepted });
    if (compareDecimals(rejected, '0') > 0)
      out.push({
        ...base,
        externalId: id('QC'),
        docNo: id('QC'),
        type: 'rejection',
        qty: rejected,
        reason: rng.pick(REJECT_REASONS),
      });
    if (compareDecimals(returned, '0') > 0)
      out.push({
        ...base,
        externalId: id('RT'),
        docNo: id('RT'),
        type: 'return',
        qty: returned,
        reason: rng.pick(RETURN_REASONS),
      });
    const putAway = subtractDecimals(accepted, returned);
    if (compareDecimals(putAway, '0') > 0)
      out.push({
        ...base,
        externalId: id('PA'),
        docNo: id('PA'),
        type: 'warehousing',
        qty: putAway,
        cellNo: `${asn.warehouseNo}-A-${String(rng.int(1, 20)).padStart(2, '0')}-${String(rng.int(1, 9)).padStart(2, '0')}`,
      });
  }
  return out;
}
