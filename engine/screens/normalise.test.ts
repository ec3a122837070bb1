import flagSchema from '@schemas/flag.schema.json';
import type { Screen } from '@schemas/generated/screen';
import screenSchema from '@schemas/screen.schema.json';
import { describe, expect, it } from 'vitest';
import { FLAG_ORDER } from './flags';
import { normaliseColumn, normaliseField, normaliseScreen } from './normalise';
import { assertScreen } from './validate';

describe('column defaults (spec 000 section 9)', () => {
  it('gives every column minWidth 130 and server sort by its prop', () => {
    expect(normaliseColumn({ prop: 'orgNo' })).toMatchObject({
      labelKey: 'field.orgNo',
      type: 'text',
      width: undefined,
      minWidth: 130,
      sortable: true,
      sortField: 'orgNo',
      align: 'left',
    });
  });

  it('makes remark 200, dates 160 and status 100 wide', () => {
    expect(normaliseColumn({ prop: 'remark' })).toMatchObject({ width: 200, minWidth: 200 });
    expect(normaliseColumn({ prop: 'createDate', type: 'date' })).toMatchObject({
      width: 160,
      format: 'YYYY-MM-DD',
    });
    expect(normaliseColumn({ prop: 'updateDate', type: 'datetime' })).toMatchObject({
      width: 160,
      format: 'YYYY-MM-DD HH:mm:ss',
    });
    expect(normaliseColumn({ prop: 'statusCode', type: 'status' })).toMatchObject({ width: 100 });
  });

  it('lets the screen override the defaults', () => {
    expect(
      normaliseColumn({ prop: 'remark', width: 300, sortable: false, sortField: 't1.remark', fixed: 'left' }),
    ).toMatchObject({ width: 300, sortable: false, sortField: 't1.remark', fixed: 'left' });
  });

  it('resolves the built-in status and yes/no options', () => {
    expect(normaliseColumn({ prop: 'statusCode', type: 'status' }).options?.map((o) => o.value)).toEqual([
      '1',
      '0',
    ]);
    expect(normaliseColumn({ prop: 'flag', type: 'yesNo' }).options?.map((o) => o.value)).toEqual(['Y', 'N']);
    expect(normaliseColumn({ prop: 'n', type: 'number' })).toMatchObject({ align: 'right', precision: 2 });
  });
});

describe('field defaults', () => {
  it('checks text on blur and selections on change', () => {
    expect(normaliseField({ prop: 'orgName', required: true })).toMatchObject({
      widget: 'input',
      trigger: 'blur',
      required: true,
      requiredMessageKey: 'validation.required',
    });
    expect(normaliseField({ prop: 'statusCode', widget: 'select', options: 'status' })).toMatchObject({
      trigger: 'change',
      requiredMessageKey: 'validation.select',
    });
    expect(normaliseField({ prop: 'd', widget: 'date' }).trigger).toBe('change');
    expect(normaliseField({ prop: 's', widget: 'select', options: 'status', trigger: 'blur' }).trigger).toBe(
      'blur',
    );
  });

  it('gives number inputs a minimum of 0', () => {
    expect(normaliseField({ prop: 'qty', widget: 'number' }).min).toBe(0);
    expect(normaliseField({ prop: 'qty', widget: 'number', min: -5 }).min).toBe(-5);
    expect(normaliseField({ prop: 'name' }).min).toBeUndefined();
  });
});

describe('screen normalisation', () => {
  const screen: Screen = {
    name: 'T.List',
    kind: 'list',
    path: '/t/list',
    menuNo: 'T.List',
    titleKey: 'title.t',
    service: 'ITService',
    calls: { list: 'getlist', delete: 'deletebyids' },
    list: {
      columns: [{ prop: 'a' }],
      actions: [
        { flag: 'isPhysicalDelete', kind: 'physicalDelete' },
        { flag: 'isModify', kind: 'modify', target: '/t/modify/:id' },
        { flag: 'isEnd', kind: 'end', call: 'endbyids' },
        { flag: 'isAdd', kind: 'add', target: '/t/add' },
        { flag: 'isDelete', kind: 'delete', selection: 'atLeastOne' },
      ],
    },
  };

  it('puts actions in the fixed flag order with selection rules by kind', () => {
    const list = normaliseScreen(assertScreen(screen, 't.json'), 't.json').list!;
    expect(list.actions.map((a) => [a.kind, a.selection])).toEqual([
      ['add', 'none'],
      ['modify', 'exactlyOne'],
      ['delete', 'atLeastOne'],
      ['physicalDelete', 'atLeastOne'],
      ['end', 'atLeastOne'],
    ]);
    const del = list.actions.find((a) => a.kind === 'physicalDelete')!;
    expect(del).toMatchObject({
      call: 'ITService/deletebyids',
      confirmKey: 'list.confirmDelete',
      danger: true,
    });
    expect(list.actions.find((a) => a.kind === 'end')?.call).toBe('ITService/endbyids');
  });

  it('defaults paging and sort to the spec', () => {
    const list = normaliseScreen(screen, 't.json').list!;
    expect(list.pageSize).toBe(20);
    expect(list.pageSizes).toEqual([20, 30, 50, 100, 200, 300, 500, 1000]);
    expect(list.defaultSort).toEqual({ field: 't1.updateDate', order: 'desc' });
    expect(list.rowKey).toBe('id');
  });

  it('uses the schema flag list in the fixed order', () => {
    expect(screenSchema.definitions.flagName.$ref).toBe('flag.schema.json');
    expect([...FLAG_ORDER]).toEqual(flagSchema.enum);
  });
});

describe('form normalisation', () => {
  const form = (reveal?: NonNullable<Screen['form']>['reveal']): Screen => ({
    name: 'T.Add',
    kind: 'form',
    path: '/t/add',
    menuNo: 'T.List',
    titleKey: 'title.t',
    parentPath: '/t/list',
    service: 'ITService',
    calls: { add: 'add' },
    form: { mode: 'add', groups: [{ fields: [{ prop: 'keyName' }] }], ...(reveal ? { reveal } : {}) },
  });

  it("carries the values a save's answer reveals, labelled by their prop unless they say otherwise", () => {
    const screen = assertScreen(
      form([{ prop: 'apiKey' }, { prop: 'webhookSecret', labelKey: 'field.signingSecret' }]),
      't.json',
    );
    expect(normaliseScreen(screen, 't.json').form?.reveal).toEqual([
      { prop: 'apiKey', labelKey: 'field.apiKey' },
      { prop: 'webhookSecret', labelKey: 'field.signingSecret' },
    ]);
  });

  it('reveals nothing unless the screen says so', () => {
    expect(normaliseScreen(assertScreen(form(), 't.json'), 't.json').form?.reveal).toEqual([]);
  });

  it('refuses an empty reveal list and an unknown property of a revealed value', () => {
    expect(() => assertScreen(form([] as never), 't.json')).toThrow();
    expect(() => assertScreen(form([{ prop: 'apiKey', copy: false } as never]), 't.json')).toThrow();
  });
});
