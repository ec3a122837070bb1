import { describe, expect, it } from 'vitest';
import { applyComputes, computeInputs, computeValue } from './compute';

describe('computed values', () => {
  it('an amount is quantity times price rounded half-up to cents, never a float', () => {
    expect(computeValue({ amount: ['qty', 'price'] }, { qty: '240.5', price: '1.805' })).toBe('434.1');
    // 0.1 x 3 is 0.30000000000000004 in floats.
    expect(computeValue({ amount: ['qty', 'price'] }, { qty: '3', price: '0.1' })).toBe('0.3');
    expect(computeValue({ amount: ['qty', 'price'] }, { qty: '1', price: '2.345' })).toBe('2.35');
    // 19 digits stay exact.
    expect(computeValue({ amount: ['qty', 'price'] }, { qty: '99999999999999.99999', price: '1' })).toBe(
      '100000000000000',
    );
  });

  it('a tax is a percentage of an amount, rounded to cents', () => {
    expect(computeValue({ tax: ['amount', 'rate'] }, { amount: '434.1', rate: '13' })).toBe('56.43');
    expect(computeValue({ tax: ['amount', 'rate'] }, { amount: '0.5', rate: '1' })).toBe('0.01');
  });

  it('a sum adds exactly', () => {
    expect(computeValue({ sum: ['a', 'b', 'c'] }, { a: '0.1', b: '0.2', c: 1 })).toBe('1.3');
  });

  it('an empty or non-decimal input leaves the result empty', () => {
    expect(computeValue({ amount: ['qty', 'price'] }, { qty: '', price: '1' })).toBeUndefined();
    expect(computeValue({ amount: ['qty', 'price'] }, { qty: '1,5', price: '1' })).toBeUndefined();
    expect(computeValue({ sum: ['a', 'b'] }, { a: '1' })).toBeUndefined();
  });

  it('applies computations in order, each reading those before it', () => {
    const row = applyComputes(
      [
        { prop: 'amount', compute: { amount: ['qty', 'price'] } },
        { prop: 'tax', compute: { tax: ['amount', 'rate'] } },
        { prop: 'total', compute: { sum: ['amount', 'tax'] } },
      ],
      { qty: '5000', price: '0.125', rate: '13' },
    );
    expect(row).toMatchObject({ amount: '625', tax: '81.25', total: '706.25' });
    expect(computeInputs({ tax: ['amount', 'rate'] })).toEqual(['amount', 'rate']);
  });
});
