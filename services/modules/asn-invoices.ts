// The invoices that travel with a delivery notice's goods (spec 001 section 3, the ASN's "invoices":
// invoiceType, invoiceClassify, invoiceNo, invoiceDate, invoiceAmount, taxAmount, taxRate,
// isGoodsInvoice): lines of the notice (`invoiceList`), saved with it under its version and only while
// the supplier may change it (the notice's editable states). Money has 2 decimals, the rate is a
// percentage with 4. The rules, checked on every save, all or nothing:
//   invoiceAmount >= 0, taxAmount >= 0, taxRate 0 to 100 (the fields' bounds);
//   taxAmount, when given, is invoiceAmount x taxRate / 100 rounded half-up to cents, give or take one
//   cent (an invoice printed by another system may round its own way); not given, it is computed so;
//   an invoice number appears once a notice (the lines' `unique`, and the database's).
import { checkDecimal, compareDecimals, subtractDecimals, taxAmount } from '../../engine/core/decimal.js';
import { AppError } from '../errors.js';
import type { CallContext } from '../registry.js';
import { defineResource, type LinesSpec } from '../resource/define.js';
import { dictionary, REMARK, text, yesNo } from '../resource/field-kinds.js';
import type { Row } from '../resource/resource.js';

/** Money of a numeric(20, 2) column: not negative, 2 decimals. */
const money = () =>
  ({
    type: 'decimal',
    write: 'always',
    scale: 2,
    minimum: 0,
    maximum: 999_999_999_999_999,
    sortable: true,
  }) as const;

/** How far a given tax may be from the computed one: one cent. */
export const TAX_TOLERANCE = '0.01';

/** The invoice lines of the notices of these menus. */
export function asnInvoiceLines(menus: readonly string[]): LinesSpec {
  return {
    resource: defineResource({
      table: 'srmAsnInvoice',
      menus,
      fields: {
        headId: { type: 'string' },
        seqNo: { type: 'integer', sortable: true },
        invoiceType: dictionary('INVOICE_TYPE', { default: '3', required: true }),
        invoiceClassify: dictionary('INVOICE_CLASSIFY', { default: '1', required: true }),
        invoiceNo: text(50, { required: true }),
        invoiceDate: { type: 'date', write: 'always', required: true, sortable: true },
        invoiceAmount: { ...money(), required: true },
        taxRate: { type: 'decimal', write: 'always', scale: 4, minimum: 0, maximum: 100, default: '0' },
        taxAmount: money(),
        isGoodsInvoice: yesNo('Y'),
        remark: REMARK,
      },
      defaultSort: { field: 'seqNo', order: 'asc' },
    }),
    parentField: 'headId',
    seqField: 'seqNo',
    maxRows: 100,
    unique: ['invoiceNo'],
  };
}

const blank = (v: unknown) => v === undefined || v === null || v === '';

/** A decimal of a sent invoice that the line's own check will accept, else undefined. */
function decimalOf(value: unknown, scale: number): string | undefined {
  if (blank(value)) return undefined;
  const checked = checkDecimal(value, { scale });
  return checked.value;
}

/** Before a save: an invoice sent without its tax gets it computed from its amount and rate. */
export function fillInvoiceTaxes(payload: Row): void {
  const invoices = payload.invoiceList;
  if (!Array.isArray(invoices)) return;
  payload.invoiceList = (invoices as Row[]).map((inv) => {
    if (!blank(inv.taxAmount)) return inv;
    const amount = decimalOf(inv.invoiceAmount, 2);
    const rate = decimalOf(inv.taxRate ?? '0', 4);
    if (amount === undefined || rate === undefined) return inv;
    return { ...inv, taxRate: inv.taxRate ?? '0', taxAmount: taxAmount(amount, rate) };
  });
}

/** Once saved (values canonical): each invoice's tax agrees with its amount and rate. */
export function checkInvoiceTaxes(ctx: CallContext, saved: Row): void {
  const invoices = saved.invoiceList;
  if (!Array.isArray(invoices)) return;
  (invoices as Row[]).forEach((inv, i) => {
    const expected = taxAmount(String(inv.invoiceAmount), String(inv.taxRate ?? '0'));
    const off = subtractDecimals(String(inv.taxAmount ?? '0'), expected).replace(/^-/, '');
    if (compareDecimals(off, TAX_TOLERANCE) > 0)
      throw new AppError('lineInvalid', {
        line: i + 1,
        field: ctx.t('field.taxAmount'),
        problem: ctx.t('problem.asnInvoiceTax', {
          expected,
          amount: String(inv.invoiceAmount),
          rate: String(inv.taxRate ?? '0'),
        }),
      });
  });
}
