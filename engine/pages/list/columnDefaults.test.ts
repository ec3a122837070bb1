// Spec 000 section 9 and spec 001: the shared column defaults, from the screen's column to the text in
// the cell: minWidth 130 and server sort; remark 200; date and time 160; status 100; numbers with
// thousands separators and 2 decimals, '--' when not finite; dates yyyy-MM-dd and yyyy-MM-dd HH:mm:ss.
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { normaliseColumn } from '../../screens/normalise';
import { renderCell } from '../../widgets/cells';

const t = ((key: string) => `t:${key}`) as unknown as TFunction;
const cell = (column: Parameters<typeof normaliseColumn>[0], value: unknown) =>
  renderCell(normaliseColumn(column), value, t);

describe('column defaults', () => {
  it('a plain column: minWidth 130, no fixed width, sorted on the server by its prop', () => {
    expect(normaliseColumn({ prop: 'orgName' })).toMatchObject({
      minWidth: 130,
      width: undefined,
      sortable: true,
      sortField: 'orgName',
    });
  });

  it('remark columns are 200 wide, including remarks and the xxxRemark fields', () => {
    for (const prop of ['remark', 'remarks', 'closeRemark', 'closeAcctRemark'])
      expect(normaliseColumn({ prop }), prop).toMatchObject({ width: 200, minWidth: 200 });
    expect(normaliseColumn({ prop: 'remarkable' }).minWidth).toBe(130);
  });

  it('date and date-time columns are 160, status columns 100', () => {
    expect(normaliseColumn({ prop: 'billDate', type: 'date' })).toMatchObject({ width: 160, minWidth: 160 });
    expect(normaliseColumn({ prop: 'updateDate', type: 'datetime' })).toMatchObject({ width: 160 });
    expect(normaliseColumn({ prop: 'statusCode', type: 'status' })).toMatchObject({
      width: 100,
      minWidth: 100,
    });
  });

  it('a screen may still say otherwise', () => {
    expect(normaliseColumn({ prop: 'remark', width: 320, sortable: false })).toMatchObject({
      width: 320,
      sortable: false,
    });
  });
});

describe('cells', () => {
  it('numbers: thousands separators and 2 decimals, right aligned', () => {
    expect(cell({ prop: 'qty', type: 'number' }, 1234567.891)).toBe('1,234,567.89');
    expect(cell({ prop: 'qty', type: 'number' }, '42')).toBe('42.00');
    expect(normaliseColumn({ prop: 'qty', type: 'number' }).align).toBe('right');
  });

  it("numbers: '--' for anything not finite", () => {
    for (const v of [null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY])
      expect(cell({ prop: 'qty', type: 'number' }, v)).toBe('--');
  });

  it('a column precision wins over the 2 decimals', () => {
    expect(cell({ prop: 'qty', type: 'number', precision: 0 }, 1234.6)).toBe('1,235');
  });

  it('dates yyyy-MM-dd and date-times yyyy-MM-dd HH:mm:ss', () => {
    expect(cell({ prop: 'billDate', type: 'date' }, '2024-03-05T10:11:12')).toBe('2024-03-05');
    expect(cell({ prop: 'updateDate', type: 'datetime' }, '2024-03-05T10:11:12')).toBe('2024-03-05 10:11:12');
    expect(cell({ prop: 'updateDate', type: 'datetime' }, null)).toBe('');
  });

  it('codes show their option label; text shows as it is', () => {
    expect(cell({ prop: 'flag', type: 'yesNo' }, 'Y')).toBe('t:option.yes');
    expect(cell({ prop: 'orgNo' }, 'SH01')).toBe('SH01');
    expect(cell({ prop: 'orgNo' }, null)).toBe('');
  });
});
