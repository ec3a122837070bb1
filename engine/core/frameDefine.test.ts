import type { Field, Screen } from '@schemas/generated/screen';
import { describe, expect, it } from 'vitest';
import addOrg from '../../screens/base/add-organizational.json';
import orgList from '../../screens/base/organizational.json';
import orgDetail from '../../screens/base/organizational-detail.json';
import { normaliseScreen } from '../screens/normalise';
import { assertScreen } from '../screens/validate';
import {
  type Dictionaries,
  type FrameDefinition,
  mergeFrameDefinitions,
  parseDefinition,
} from './frameDefine';

const M = 'Base.Basic.Organizational';
const list = () => assertScreen(structuredClone(orgList), 'organizational.json');
const form = () => assertScreen(structuredClone(addOrg), 'add-organizational.json');
const detail = () => assertScreen(structuredClone(orgDetail), 'organizational-detail.json');

const names = { 'en-US': 'Deadline', 'zh-CN': '截止日期', 'zh-TW': '截止日期', vi: 'Hạn chót' };
const def = (over: Partial<FrameDefinition>): FrameDefinition => ({
  fieldNo: 'deadline',
  fieldNoName: 'Deadline',
  fieldNoNameI18n: names,
  fieldType: 3,
  isDisplay: 'Y',
  displayPage: '123',
  displayOrder: 100,
  dateFormat: 'yyyy-MM-dd',
  ...over,
});

const merge = (screen: Screen, defs: unknown) => mergeFrameDefinitions(screen, defs, M);
const props = (items: { prop: string }[] | undefined) => (items ?? []).map((i) => i.prop);
const formProps = (s: Screen) => s.form?.groups.flatMap((g) => g.fields.map((f) => f.prop));

describe('frame-define merge: nothing to merge', () => {
  it('returns the very same screen with no, empty or non-list definitions', () => {
    const s = list();
    for (const defs of [undefined, null, [], {}, 'x', 42]) {
      expect(merge(s, defs)).toEqual({ screen: s, labels: {} });
    }
  });

  it('does not change the screen it is given', () => {
    const s = list();
    const before = structuredClone(s);
    merge(s, [def({}), def({ fieldNo: 'orgName', fieldType: 0, isDisplay: 'N' })]);
    expect(s).toEqual(before);
  });
});

describe('frame-define merge: a field the screen has', () => {
  it('overrides its label in every language', () => {
    const { screen, labels } = merge(list(), [
      def({ fieldNo: 'orgShortName', fieldType: 0, displayPage: '2' }),
    ]);
    const column = screen.list?.columns.find((c) => c.prop === 'orgShortName');
    expect(column?.labelKey).toBe(`frameDefine.${M}.orgShortName`);
    expect(labels[`frameDefine.${M}.orgShortName`]).toEqual({ ...names, '*': 'Deadline' });
  });

  it('keeps its own label when the definition has none', () => {
    const { screen } = merge(list(), [
      def({ fieldNo: 'orgShortName', fieldType: 0, fieldNoName: undefined, fieldNoNameI18n: undefined }),
    ]);
    expect(screen.list?.columns.find((c) => c.prop === 'orgShortName')?.labelKey).toBeUndefined();
  });

  it('hides it everywhere when switched off', () => {
    const { screen } = merge(list(), [def({ fieldNo: 'orgName', fieldType: 0, isDisplay: 'N' })]);
    expect(props(screen.list?.columns)).not.toContain('orgName');
    expect(props(screen.list?.searchFields)).not.toContain('orgNameIndistinct');
  });

  it('removes it from the parts whose digit is missing, matching search fields by their label too', () => {
    const { screen } = merge(list(), [def({ fieldNo: 'orgNo', fieldType: 0, displayPage: '1' })]);
    expect(props(screen.list?.columns)).not.toContain('orgNo');
    expect(props(screen.list?.searchFields)).toContain('orgNoIndistinct');
    const only2 = merge(list(), [def({ fieldNo: 'orgNo', fieldType: 0, displayPage: '2' })]).screen;
    expect(props(only2.list?.columns)).toContain('orgNo');
    expect(props(only2.list?.searchFields)).not.toContain('orgNoIndistinct');
  });

  it('never removes a required field from a form', () => {
    const { screen } = merge(form(), [
      def({ fieldNo: 'orgName', fieldType: 0, isDisplay: 'N' }),
      def({ fieldNo: 'remark', fieldType: 0, isDisplay: 'N' }),
    ]);
    expect(formProps(screen)).toContain('orgName');
    expect(formProps(screen)).not.toContain('remark');
  });

  it('is not added to a part where the screen does not have it', () => {
    // orgShortName is a column but has no search field: digit 1 must not invent one.
    const { screen } = merge(list(), [def({ fieldNo: 'orgShortName', fieldType: 0, displayPage: '12' })]);
    expect(props(screen.list?.searchFields)).not.toContain('orgShortName');
  });

  it('moves it by displayOrder, a position among the part', () => {
    const { screen } = merge(list(), [
      def({ fieldNo: 'remark', fieldType: 0, displayPage: '2', displayOrder: 1 }),
    ]);
    // orgNo stays first: it is frozen on the left.
    expect(props(screen.list?.columns).slice(0, 3)).toEqual(['orgNo', 'remark', 'orgName']);
  });

  it('keeps a frozen column first and keeps the screen when every column is hidden', () => {
    const s = list();
    const all = s.list?.columns.map((c) => def({ fieldNo: c.prop, fieldType: 0, isDisplay: 'N' }));
    expect(props(merge(s, all).screen.list?.columns)).toEqual(props(s.list?.columns));
  });
});

describe('frame-define merge: a new field', () => {
  it('is added per displayPage digit: 1 search, 2 column, 3 form and detail', () => {
    for (const [page, search, column, fields] of [
      ['1', true, false, false],
      ['2', false, true, false],
      ['3', false, false, true],
      ['123', true, true, true],
      ['', false, false, false],
      ['45', false, false, false],
    ] as const) {
      const d = [def({ fieldType: 1, displayPage: page })];
      const l = merge(list(), d).screen;
      expect(props(l.list?.searchFields).includes('deadline'), `search ${page}`).toBe(search);
      expect(props(l.list?.columns).includes('deadline'), `column ${page}`).toBe(column);
      expect(formProps(merge(form(), d).screen)?.includes('deadline'), `form ${page}`).toBe(fields);
      const shown = merge(detail(), d).screen.detail?.groups.flatMap((g) => props(g.fields));
      expect(shown?.includes('deadline'), `detail ${page}`).toBe(fields);
    }
  });

  it('goes into the last group of a form, once', () => {
    const { screen } = merge(form(), [def({ fieldType: 1 })]);
    const groups = screen.form?.groups ?? [];
    expect(props(groups.at(-1)?.fields)).toContain('deadline');
    expect(formProps(screen)?.filter((p) => p === 'deadline')).toHaveLength(1);
  });

  it('on a page with tabs goes into the last group of the first tab (basic info, not a permission tree)', () => {
    const tabbed = form();
    const groups = tabbed.form!.groups;
    expect(groups.length).toBeGreaterThan(1);
    tabbed.form = {
      ...tabbed.form!,
      tabs: [
        { key: 'basic', titleKey: 'form.group.basic' },
        { key: 'more', titleKey: 'form.group.closeAccount' },
      ],
      groups: groups.map((g, i) => ({ ...g, tab: i === 0 ? 'basic' : 'more' })) as typeof groups,
    };
    const { screen } = merge(assertScreen(tabbed, 't.json'), [def({ fieldType: 1 })]);
    const merged = screen.form?.groups ?? [];
    expect(props(merged[0]?.fields)).toContain('deadline');
    expect(merged.slice(1).flatMap((g) => props(g.fields))).not.toContain('deadline');
    expect(normaliseScreen(assertScreen(screen, 't.json'), 't.json').form?.tabs).toHaveLength(2);
  });

  it('is not added when switched off', () => {
    const { screen } = merge(list(), [def({ isDisplay: 'N' })]);
    expect(props(screen.list?.columns)).not.toContain('deadline');
  });

  it('is ordered by displayOrder among new and existing items', () => {
    const { screen } = merge(list(), [
      def({ fieldNo: 'b', fieldType: 1, displayPage: '2', displayOrder: 100 }),
      def({ fieldNo: 'a', fieldType: 1, displayPage: '2', displayOrder: 2 }),
    ]);
    const columns = props(screen.list?.columns);
    expect(columns.indexOf('a')).toBe(2);
    expect(columns.at(-1)).toBe('b');
  });

  it('is labelled with its names, or its fieldNo when it has none', () => {
    const { screen, labels } = merge(list(), [
      def({ displayPage: '2' }),
      def({
        fieldNo: 'nameless',
        fieldType: 1,
        displayPage: '2',
        fieldNoName: '',
        fieldNoNameI18n: undefined,
      }),
    ]);
    const column = (p: string) => screen.list?.columns.find((c) => c.prop === p);
    expect(column('deadline')?.labelKey).toBe(`frameDefine.${M}.deadline`);
    expect(labels[`frameDefine.${M}.deadline`]?.vi).toBe('Hạn chót');
    expect(labels[`frameDefine.${M}.nameless`]).toEqual({ '*': 'nameless' });
  });

  it('takes the widget of its type: 0 and 1 text, 2 number, 3 date, 4 dropdown', () => {
    const source = JSON.stringify([
      { name: 'Red', code: 'R' },
      { name: 'Green', code: 'G' },
    ]);
    const { screen, labels } = merge(form(), [
      def({ fieldNo: 't0', fieldType: 0 }),
      def({ fieldNo: 't1', fieldType: 1 }),
      def({ fieldNo: 'n', fieldType: 2 }),
      def({ fieldNo: 'd', fieldType: 3, dateFormat: 'yyyy-MM' }),
      def({ fieldNo: 'dt', fieldType: 3, dateFormat: 'yyyy-MM-dd HH:mm:ss' }),
      def({ fieldNo: 'e', fieldType: 4, enumMid: 'colour' }),
      def({ fieldNo: 's', fieldType: 4, dropDownDataSource: source }),
    ]);
    const field = (p: string) => screen.form?.groups.flatMap((g) => g.fields).find((f) => f.prop === p);
    expect(field('t0')?.widget).toBe('input');
    expect(field('t1')?.widget).toBe('input');
    expect(field('n')?.widget).toBe('decimal');
    expect(field('d')).toMatchObject({ widget: 'date', dateFormat: 'yyyy-MM' });
    expect(field('dt')).toMatchObject({ widget: 'datetime', dateFormat: 'yyyy-MM-dd HH:mm:ss' });
    expect(field('e')).toMatchObject({ widget: 'remoteSelect', selector: 'enum', enumMid: 'colour' });
    expect(field('s')).toMatchObject({
      widget: 'select',
      options: [
        { value: 'R', labelKey: `frameDefine.${M}.s.option.0` },
        { value: 'G', labelKey: `frameDefine.${M}.s.option.1` },
      ],
    });
    expect(labels[`frameDefine.${M}.s.option.1`]).toEqual({ '*': 'Green' });
  });

  it('gives columns and search fields the type too', () => {
    const source = JSON.stringify([{ name: 'Red', code: 'R' }]);
    const { screen } = merge(list(), [
      def({ fieldNo: 'n', fieldType: 2 }),
      def({ fieldNo: 'd', fieldType: 3 }),
      def({ fieldNo: 'dt', fieldType: 3, dateFormat: 'yyyy-MM-dd HH:mm:ss' }),
      def({ fieldNo: 'e', fieldType: 4, enumMid: 'colour' }),
      def({ fieldNo: 's', fieldType: 4, dropDownDataSource: source }),
    ]);
    const column = (p: string) => screen.list?.columns.find((c) => c.prop === p);
    expect(column('n')?.type).toBe('number');
    expect(column('d')).toMatchObject({ type: 'date', format: 'YYYY-MM-DD' });
    expect(column('dt')).toMatchObject({ type: 'datetime', format: 'YYYY-MM-DD HH:mm:ss' });
    expect(column('e')?.type).toBeUndefined();
    expect(column('s')).toMatchObject({ type: 'enum', options: [{ value: 'R' }] });
    const search = (p: string) => screen.list?.searchFields?.find((f) => f.prop === p);
    expect(search('d')?.widget).toBe('date');
    expect(search('e')).toMatchObject({ widget: 'remoteSelect', multiple: true });
    expect(search('s')?.widget).toBe('select');
  });
});

describe('frame-define merge: bad definitions', () => {
  const bad: unknown[] = [
    null,
    'deadline',
    42,
    [],
    {},
    def({ fieldNo: '' }),
    def({ fieldNo: '1abc' }),
    def({ fieldNo: 'a b' }),
    def({ fieldNo: 'x', fieldType: 9 }),
    def({ fieldNo: 'x', fieldType: '3' as unknown as number }),
    def({ fieldNo: 'x', displayPage: '12a' }),
    def({ fieldNo: 'x', displayPage: 123 as unknown as string }),
    def({ fieldNo: 'x', isDisplay: 'yes' as 'Y' }),
    def({ fieldNo: 'x', fieldType: 4 }),
    def({ fieldNo: 'x', fieldType: 4, dropDownDataSource: 'not json' }),
    def({ fieldNo: 'x', fieldType: 4, dropDownDataSource: '[{"name": 1}]' }),
    def({ fieldNo: 'x', fieldType: 4, dropDownDataSource: '[]' }),
  ];

  it('skips each of them and merges the good ones', () => {
    for (const b of bad) {
      const { screen } = merge(list(), [b, def({ fieldNo: 'good', fieldType: 1 })]);
      expect(props(screen.list?.columns), JSON.stringify(b)).not.toContain('x');
      expect(props(screen.list?.columns)).toContain('good');
    }
  });

  it('falls back to yyyy-MM-dd for an unknown date format and to 0 for a bad order', () => {
    expect(parseDefinition(def({ dateFormat: 'dd/MM' }))?.dateFormat).toBe('yyyy-MM-dd');
    expect(parseDefinition(def({ displayOrder: Number.NaN }))?.order).toBe(0);
  });

  it('lets the first of two definitions of one field win', () => {
    const { screen } = merge(list(), [def({ fieldType: 2 }), def({ fieldType: 1 })]);
    expect(screen.list?.columns.filter((c) => c.prop === 'deadline')).toEqual([
      expect.objectContaining({ type: 'number' }),
    ]);
  });

  it('always yields a screen that validates and normalises', () => {
    const junk = [
      ...bad,
      def({}),
      def({ fieldNo: 'orgNo', isDisplay: 'N' }),
      def({ fieldNo: 'remark', displayPage: '' }),
    ];
    for (const s of [list(), form(), detail()]) {
      const { screen } = merge(s, junk);
      expect(() => assertScreen(screen, 'merged.json')).not.toThrow();
      expect(() => normaliseScreen(screen, 'merged.json')).not.toThrow();
    }
    // Every field of a detail page hidden: its groups are kept rather than emptied.
    const d = detail();
    const hideAll = d.detail?.groups.flatMap((g) =>
      g.fields.map((f) => def({ fieldNo: f.prop, isDisplay: 'N' })),
    );
    expect(() => assertScreen(merge(d, hideAll).screen, 'merged.json')).not.toThrow();
  });
});

describe('frame-define merge: editable-table columns (digits 4 and 5)', () => {
  // A form with two editable tables: digit 4 is the first table's columns, digit 5 the second's.
  const withTables = (): Screen => {
    const s = form();
    const table = (prop: string, first: string) => ({
      prop,
      widget: 'editableTable' as const,
      rowFields: [{ prop: first, required: true }, { prop: `${prop}Remark` }] as [Field, ...Field[]],
    });
    s.form?.groups.push({
      titleKey: 'form.group.basic',
      fields: [table('lines', 'itemNo'), table('boxes', 'boxNo')],
    });
    return assertScreen(s, 'with-tables.json');
  };
  const rowProps = (s: Screen, table: string) =>
    s.form?.groups
      .flatMap((g) => g.fields)
      .find((f) => f.prop === table)
      ?.rowFields?.map((f) => f.prop);

  it('adds a new field to the first table for 4 and to the second for 5, with the widget of its type', () => {
    const { screen } = merge(withTables(), [
      def({ fieldNo: 'lotDate', displayPage: '4', displayOrder: 100 }),
      def({ fieldNo: 'boxGrade', fieldType: 2, displayPage: '5', displayOrder: 100 }),
    ]);
    expect(rowProps(screen, 'lines')).toEqual(['itemNo', 'linesRemark', 'lotDate']);
    expect(rowProps(screen, 'boxes')).toEqual(['boxNo', 'boxesRemark', 'boxGrade']);
    const lot = screen.form?.groups.flatMap((g) => g.fields).find((f) => f.prop === 'lines')?.rowFields?.[2];
    expect(lot).toMatchObject({
      widget: 'date',
      dateFormat: 'yyyy-MM-dd',
      labelKey: `frameDefine.${M}.lotDate`,
    });
    // Digit 4 alone puts nothing on the form itself.
    expect(formProps(screen)).not.toContain('lotDate');
    expect(() => normaliseScreen(screen, 'merged.json')).not.toThrow();
  });

  it('overrides, hides and reorders a column a table has, but never hides a required one', () => {
    const { screen, labels } = merge(withTables(), [
      def({ fieldNo: 'linesRemark', fieldType: 0, displayPage: '4', displayOrder: 0 }),
      def({ fieldNo: 'boxesRemark', fieldType: 0, displayPage: '4' }),
      def({ fieldNo: 'boxNo', fieldType: 0, displayPage: '4' }),
    ]);
    expect(rowProps(screen, 'lines')).toEqual(['linesRemark', 'itemNo']);
    expect(labels[`frameDefine.${M}.linesRemark`]).toBeDefined();
    // boxesRemark lacks digit 5: gone from the second table; boxNo is required there: kept.
    expect(rowProps(screen, 'boxes')).toEqual(['boxNo']);
  });

  it('places nothing for 4 or 5 on a screen without editable tables', () => {
    const { screen } = merge(form(), [def({ displayPage: '45' })]);
    expect(screen).toEqual(form());
  });
});

describe('frame-define merge: dictionary dropdowns', () => {
  const dictionaries = {
    ASN_STATUS: [
      { value: '0', name: 'Pending approval', labelKey: 'enum.ASN_STATUS.0' },
      { value: '9', name: 'Own value' },
    ],
  };
  const status = def({ fieldNo: 'asnState', fieldType: 4, enumMid: 'ASN_STATUS', dateFormat: null });

  it('shows the names of a fetched dictionary: system values by their locale key, others by their name', () => {
    const { screen, labels } = mergeFrameDefinitions(list(), [status], M, dictionaries);
    const column = screen.list?.columns.find((c) => c.prop === 'asnState');
    expect(column).toMatchObject({
      type: 'enum',
      options: [
        { value: '0', labelKey: 'enum.ASN_STATUS.0' },
        { value: '9', labelKey: `frameDefine.${M}.asnState.option.1` },
      ],
    });
    expect(labels[`frameDefine.${M}.asnState.option.1`]).toEqual({ '*': 'Own value' });
    expect(screen.list?.searchFields?.find((f) => f.prop === 'asnState')).toMatchObject({ widget: 'select' });
    const d = mergeFrameDefinitions(detail(), [status], M, dictionaries).screen;
    const field = d.detail?.groups.flatMap((g) => g.fields).find((f) => f.prop === 'asnState');
    expect(field).toMatchObject({ widget: 'select', options: column?.options });
  });

  it('falls back to the dictionary selector (codes in the list) when the dictionary could not be fetched', () => {
    for (const dicts of [undefined, {}, { ASN_STATUS: [] }] as (Dictionaries | undefined)[]) {
      const { screen } = mergeFrameDefinitions(form(), [status], M, dicts);
      const field = screen.form?.groups.flatMap((g) => g.fields).find((f) => f.prop === 'asnState');
      expect(field).toMatchObject({ widget: 'remoteSelect', selector: 'enum', enumMid: 'ASN_STATUS' });
    }
  });
});
