import type { Column } from '@schemas/generated/screen';
import { describe, expect, it } from 'vitest';
import { normaliseColumn } from '../../screens/normalise';
import { pageTotals, summaryCells } from './summary';

const columns = (list: Column[]) => list.map(normaliseColumn);

describe('page totals', () => {
  const cols = columns([
    { prop: 'itemNo' },
    { prop: 'qty', type: 'number', precision: 5, sum: true },
    { prop: 'amount', type: 'number', sum: true },
    { prop: 'price', type: 'number' },
  ]);

  it('sums the summed columns exactly: 0.1 + 0.2 is 0.3, 19 digits keep every digit', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(
      pageTotals(cols, [
        { itemNo: 'A', qty: '0.1', amount: '1234567890123.12345', price: '1' },
        { itemNo: 'B', qty: 0.2, amount: '0.00001', price: '2' },
        { itemNo: 'C', qty: null, amount: '', price: '3' },
      ]),
    ).toEqual({ qty: '0.3', amount: '1234567890123.12346' });
  });

  it('shows the totals like their columns, the label first, in the separators of the language', () => {
    const rows = [
      { itemNo: 'A', qty: '1000.5', amount: '1234.005' },
      { itemNo: 'B', qty: '0.25', amount: '-0.005' },
    ];
    expect(summaryCells(cols, rows, 'Page total', 'en-US')).toEqual({
      itemNo: 'Page total',
      qty: '1,000.75000',
      amount: '1,234.00',
      price: '',
    });
    expect(summaryCells(cols, rows, 'Tổng trang', 'vi')).toMatchObject({
      qty: '1.000,75000',
      amount: '1.234,00',
    });
    expect(summaryCells(cols, [], 'Page total', 'zh-CN')).toMatchObject({ qty: '0.00000', amount: '0.00' });
  });

  it('gives no total rather than a wrong one when a value is no number, and nothing when no column sums', () => {
    expect(summaryCells(cols, [{ qty: 'n/a', amount: '1' }], 'Page total', 'en-US')).toMatchObject({
      qty: '--',
      amount: '1.00',
    });
    expect(
      pageTotals(
        columns([
          { prop: 'qty', type: 'number' },
          { prop: 'x', sum: true },
        ]),
        [],
      ),
    ).toBeUndefined();
  });
});
