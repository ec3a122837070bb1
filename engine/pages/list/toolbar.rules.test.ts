// The selection rule that keeps rows of different organisations and customers from one print (spec 000
// section 5), as data on any toolbar action (sameValues) and evaluated here for every screen.
import type { Screen } from '@schemas/generated/screen';
import { describe, expect, it } from 'vitest';
import { FLAG_ORDER, type MenuFlags } from '../../screens/flags';
import { computeToolbar } from './actionKinds';
import type { Row } from './listContext';
import { buildScreen } from './testing';
import { mixedProps, reasonText } from './toolbar';

const screen = buildScreen({
  name: 'T.Docs',
  kind: 'list',
  path: '/t/docs',
  menuNo: 'T.Docs',
  titleKey: 'title.t',
  service: 'ITService',
  calls: { list: 'getlist' },
  list: {
    columns: [{ prop: 'docNo' }, { prop: 'orgNo', labelKey: 'field.docOrg' }, { prop: 'customerNo' }],
    actions: [
      { flag: 'isPrint', kind: 'print', sameValues: ['orgNo', 'customerNo'] },
      { flag: 'isExport', kind: 'export' },
    ],
  },
} satisfies Screen);
const flags = (...granted: (keyof MenuFlags)[]): MenuFlags =>
  Object.fromEntries(FLAG_ORDER.map((f) => [f, granted.includes(f) ? 'Y' : 'N'])) as MenuFlags;
const MENU = flags('isSearch', 'isPrint', 'isExport');
const ROWS: Row[] = [
  { id: 'a', docNo: 'D1', orgNo: 'SH01', customerNo: 'C1' },
  { id: 'b', docNo: 'D2', orgNo: 'SH01', customerNo: 'C1' },
  { id: 'c', docNo: 'D3', orgNo: 'HN01', customerNo: 'C1' },
  { id: 'd', docNo: 'D4', orgNo: 'SH01', customerNo: 'C2' },
  { id: 'e', docNo: 'D5', orgNo: 'SH01', customerNo: null },
  { id: 'f', docNo: 'D6', orgNo: 'SH01', customerNo: '' },
];
const pick = (...ids: string[]) => ROWS.filter((r) => ids.includes(String(r.id)));
const t = (key: string, params?: Record<string, unknown>) =>
  params ? `${key}(${Object.values(params).join('|')})` : `<${key}>`;

describe('the same-values selection rule', () => {
  it('finds the props whose values differ across the rows; empty is one value', () => {
    expect(mixedProps(pick('a', 'b'), ['orgNo', 'customerNo'])).toEqual([]);
    expect(mixedProps(pick('a', 'c'), ['orgNo', 'customerNo'])).toEqual(['orgNo']);
    expect(mixedProps(pick('a', 'd'), ['orgNo', 'customerNo'])).toEqual(['customerNo']);
    expect(mixedProps(pick('c', 'd'), ['orgNo', 'customerNo'])).toEqual(['orgNo', 'customerNo']);
    expect(mixedProps(pick('e', 'f'), ['customerNo'])).toEqual([]);
    expect(mixedProps(pick('a', 'e'), ['customerNo'])).toEqual(['customerNo']);
    // Rows without the prop at all never mix it.
    expect(mixedProps([{ id: 1 }, { id: 2 }], ['customerNo'])).toEqual([]);
  });

  it('disables print with nothing selected, then when the selection mixes organisations or customers', () => {
    const print = (rows: Row[]) =>
      computeToolbar(screen.list!.actions, MENU, rows.length, rows, (p) => `field.${p}`).buttons.find(
        (b) => b.action.kind === 'print',
      )!;
    expect(print([])).toMatchObject({ disabled: true, reasonKey: 'list.reason.atLeastOne' });
    expect(print(pick('a'))).toMatchObject({ disabled: false });
    expect(print(pick('a', 'b'))).toMatchObject({ disabled: false });
    expect(print(pick('a', 'c'))).toMatchObject({
      disabled: true,
      reasonKey: 'list.reason.sameValues',
      reasonFields: ['field.orgNo'],
    });
    expect(print(pick('a', 'c', 'd')).reasonFields).toEqual(['field.orgNo', 'field.customerNo']);
    expect(reasonText(print(pick('a', 'c', 'd')), t)).toBe(
      'list.reason.sameValues(<field.orgNo>, <field.customerNo>)',
    );
    // An action without the rule is not held back by it.
    expect(
      computeToolbar(screen.list!.actions, MENU, 2, pick('a', 'c')).buttons.find(
        (b) => b.action.kind === 'export',
      ),
    ).toMatchObject({ disabled: false });
  });
});
