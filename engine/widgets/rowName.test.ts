import { describe, expect, it } from 'vitest';
import { rowName } from './rowName';

describe('rowName', () => {
  it('takes the first shown column with a text or number', () => {
    expect(rowName({ orgNo: 'SH01', orgName: 'Shanghai' }, ['orgNo', 'orgName'])).toBe('SH01');
    expect(rowName({ orgNo: '', qty: 0, orgName: 'x' }, ['orgNo', 'qty'])).toBe('0');
    expect(rowName({ tags: ['a'], name: 'n' }, ['tags', 'name'])).toBe('n');
    expect(rowName({}, ['orgNo'])).toBe('');
  });
});
