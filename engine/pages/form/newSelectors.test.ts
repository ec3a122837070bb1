// The lookup selectors (document type, machine, dropdown data, user by role) in a form, through the
// form controller and the lookup body their widget sends: the document type needs a document
// organisation (and the document nature the screen names), the machine an organisation; dropdown data
// sends its source, size 20, newest first; the user-by-role picker sends organisation, warehouse,
// classify type, valid only and its sort; a multi-select dependant of a multi-select parent keeps what
// still belongs to the remaining parents.
import type { Field } from '@schemas/generated/screen';
import { describe, expect, it, vi } from 'vitest';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen, validateScreen } from '../../screens/validate';
import { selectors } from '../../selectors/definitions';
import { selectorCondition } from '../../selectors/dependency';
import { lookupBody } from '../../selectors/selectorController';
import { createFormController } from './formController';
import { mountFields } from './testing';

const fields: Field[] = [
  { prop: 'docOrgNo', widget: 'remoteSelect', selector: 'organisation' },
  {
    prop: 'docNature',
    widget: 'select',
    options: [
      { value: '1', labelKey: 'n.in' },
      { value: '2', labelKey: 'n.out' },
    ],
  },
  {
    prop: 'docType',
    widget: 'remoteSelect',
    selector: 'docType',
    dependsOn: 'docOrgNo',
    lookupCondition: { bigModule: 'PO', docNature: { field: 'docNature' } },
  },
  { prop: 'orgNo', widget: 'remoteSelect', selector: 'organisation' },
  { prop: 'machineNo', widget: 'remoteSelect', selector: 'machine', dependsOn: 'orgNo' },
  {
    prop: 'carType',
    widget: 'remoteSelect',
    selector: 'dropdownData',
    lookupCondition: { dataSource: 'CAR_TYPE' },
  },
  { prop: 'warehouseNo', widget: 'remoteSelect', selector: 'warehouse', dependsOn: 'orgNo' },
  { prop: 'classifyType', widget: 'remoteSelect', selector: 'classifyType', dependsOn: 'orgNo' },
  {
    prop: 'approver',
    widget: 'userPicker',
    selector: 'userByRole',
    dependsOn: 'orgNo',
    lookupCondition: {
      roleNo: 'buyer',
      warehouseNo: { field: 'warehouseNo', optional: true },
      classifyType: { field: 'classifyType', optional: true },
    },
  },
  { prop: 'orgNos', widget: 'remoteSelect', selector: 'organisation', multiple: true, readOnlyOnEdit: false },
  {
    prop: 'warehouseNos',
    widget: 'remoteSelect',
    selector: 'warehouse',
    dependsOn: 'orgNos',
    multiple: true,
    readOnlyOnEdit: false,
  },
];

const raw = (mode: 'add' | 'modify') => ({
  name: 'T.Form',
  kind: 'form',
  path: mode === 'add' ? '/t/add' : '/t/modify/:id',
  menuNo: 'T.Menu',
  titleKey: 'title.t',
  parentPath: '/t/list',
  service: 'ITService',
  calls: mode === 'add' ? { add: 'add' } : { get: 'get', update: 'update' },
  form: { mode, groups: [{ fields }] },
});

type Lookup = (call: string, body?: unknown, options?: unknown) => Promise<unknown>;

function setup(mode: 'add' | 'modify', request: Lookup = vi.fn(async () => ({}))) {
  const c = createFormController(
    normaliseScreen(assertScreen(raw(mode), 't.json'), 't.json'),
    {
      request: request as never,
      navigate: vi.fn(),
      confirm: vi.fn(),
      success: vi.fn(),
      t: (key: string) => key,
      session: { orgNo: 'SH01', orgNos: ['SH01', 'HN01'] },
    },
    mode === 'add' ? {} : { id: 'r1' },
  );
  const field = mountFields(c);
  /** The body the field's widget sends for the first page (RemoteSelect and UserPicker build it so). */
  const body = (name: string) => {
    const s = field(name).componentProps.selector;
    const parent = s.dependsOn ? c.form.values[s.dependsOn] : undefined;
    return lookupBody(selectors.get(s.name), 1, '', parent, selectorCondition(s, c.form.values));
  };
  return { c, field, body, request };
}

describe('the document type, machine, dropdown and user-by-role selectors in a form', () => {
  it('the document type is disabled until a document organisation (and nature) is chosen, and cleared when either changes', async () => {
    const { field, body } = setup('add');
    await field('docOrgNo').onInput(undefined);
    expect(field('docType').disabled).toBe(true);
    await field('docOrgNo').onInput('SH01');
    expect(field('docType').disabled).toBe(true);
    await field('docNature').onInput('1');
    expect(field('docType').disabled).toBe(false);
    expect(body('docType')).toEqual({
      current: 1,
      size: 10,
      condition: { statusCode: '1', bigModule: 'PO', docNature: '1', docOrgNo: 'SH01' },
    });
    await field('docType').onInput('SH-PO-STD');
    await field('docOrgNo').onInput('HN01');
    expect(field('docType').value).toBeUndefined();
    await field('docType').onInput('HN-PO-STD');
    await field('docNature').onInput('2');
    expect(field('docType').value).toBeUndefined();
  });

  it('the machine needs an organisation and is sent under it', async () => {
    const { field, body } = setup('add');
    expect(field('machineNo').disabled).toBe(false);
    expect(body('machineNo')).toEqual({
      current: 1,
      size: 10,
      condition: { statusCode: '1', orgNo: 'SH01' },
    });
    await field('machineNo').onInput('SH-FL-01');
    await field('orgNo').onInput(undefined);
    expect(field('machineNo').value).toBeUndefined();
    expect(field('machineNo').disabled).toBe(true);
  });

  it('dropdown data asks its source, 20 a page, newest first', () => {
    const { body, field } = setup('add');
    expect(field('carType').disabled).toBe(false);
    expect(body('carType')).toEqual({
      current: 1,
      size: 20,
      condition: { statusCode: '1', field: 'createDate', order: 'desc', dataSource: 'CAR_TYPE' },
    });
  });

  it('the user-by-role picker sends organisation, warehouse and classify type when chosen, valid only, sorted', async () => {
    const { field, body } = setup('add');
    expect(field('approver').disabled).toBe(false);
    expect(body('approver')).toEqual({
      current: 1,
      size: 10,
      condition: { statusCode: '1', field: 'userNo', order: 'asc', roleNo: 'buyer', orgNo: 'SH01' },
    });
    await field('warehouseNo').onInput('SH01-RM');
    await field('classifyType').onInput('SH01-PO');
    expect(body('approver').condition).toEqual({
      statusCode: '1',
      field: 'userNo',
      order: 'asc',
      roleNo: 'buyer',
      warehouseNo: 'SH01-RM',
      classifyType: 'SH01-PO',
      orgNo: 'SH01',
    });
    await field('approver').onInput('buyer');
    await field('warehouseNo').onInput('SH01-FG');
    expect(field('approver').value).toBeUndefined();
  });

  it('on an edit page the document type and machine are locked; data-scope selectors stay editable', async () => {
    const request = vi.fn(
      async (..._args: unknown[]): Promise<unknown> => ({
        id: 'r1',
        version: 1,
        docOrgNo: 'SH01',
        docNature: '1',
        docType: 'SH-PO-STD',
        orgNo: 'SH01',
        machineNo: 'SH-FL-01',
        orgNos: 'SH01,HN01',
        warehouseNos: 'SH01-RM,HN01-RM',
      }),
    );
    const { c, field } = setup('modify', request);
    await c.load();
    expect(field('docType').value).toBe('SH-PO-STD');
    expect(field('docType').disabled).toBe(true);
    expect(field('machineNo').disabled).toBe(true);
    expect(field('orgNos').disabled).toBe(false);
    expect(field('warehouseNos').disabled).toBe(false);
  });

  it('keeps the warehouses of the organisations left when one is taken away, adding one changes nothing', async () => {
    const request = vi.fn(async (call: string, _body?: unknown, _o?: unknown): Promise<unknown> => {
      if (call === 'ITService/get')
        return { id: 'r1', version: 1, orgNos: 'SH01,HN01', warehouseNos: 'SH01-RM,HN01-RM,SH01-FG' };
      return { records: [{ warehouseNo: 'SH01-RM' }, { warehouseNo: 'SH01-FG' }] };
    });
    const { c, field } = setup('modify', request);
    await c.load();
    // The record and the names of its warehouses (one lookup for the page).
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    await field('orgNos').onInput('SH01,HN01,XX01');
    expect(field('warehouseNos').value).toBe('SH01-RM,HN01-RM,SH01-FG');
    expect(request).toHaveBeenCalledTimes(2);
    await field('orgNos').onInput('SH01');
    await vi.waitFor(() => expect(field('warehouseNos').value).toBe('SH01-RM,SH01-FG'));
    expect(request.mock.calls[2]).toEqual([
      'IBmWarehouseService/getFullAuthorityWarehouseListByParams',
      {
        current: 1,
        size: 1000,
        condition: { statusCode: '1', orgNo: 'SH01', in: { warehouseNo: ['SH01-RM', 'HN01-RM', 'SH01-FG'] } },
      },
      { moduleNumber: 'T.Menu' },
    ]);
    await field('orgNos').onInput(undefined);
    expect(field('warehouseNos').value).toBeUndefined();
    expect(field('warehouseNos').disabled).toBe(true);
  });

  it('a newer change of the parent wins over an older answer', async () => {
    const answers: ((v: unknown) => void)[] = [];
    const request = vi.fn((call: string, body?: unknown, _o?: unknown): Promise<unknown> => {
      if (call === 'ITService/get')
        return Promise.resolve({
          id: 'r1',
          version: 1,
          orgNos: 'SH01,HN01,XX01',
          warehouseNos: 'SH01-RM,HN01-RM',
        });
      // The page's names: answered at once; the prunes wait for the test.
      if ((body as { size: number }).size !== 1000) return Promise.resolve({ records: [] });
      return new Promise((resolve) => {
        answers.push(resolve);
      });
    });
    const { c, field } = setup('modify', request);
    await c.load();
    await field('orgNos').onInput('SH01,HN01');
    await field('orgNos').onInput('SH01');
    expect(answers).toHaveLength(2);
    // The older prune answers late (and, had it counted, would have kept only HN01-RM), then the newer.
    answers[0]({ records: [{ warehouseNo: 'HN01-RM' }] });
    await new Promise((r) => setTimeout(r, 0));
    expect(field('warehouseNos').value).toBe('SH01-RM,HN01-RM');
    answers[1]({ records: [{ warehouseNo: 'SH01-RM' }] });
    await vi.waitFor(() => expect(field('warehouseNos').value).toBe('SH01-RM'));
  });

  it('refuses a lookupCondition field that is not on the form', () => {
    const bad = raw('add');
    bad.form.groups[0].fields = [
      {
        prop: 'docType',
        widget: 'remoteSelect',
        selector: 'docType',
        lookupCondition: { docNature: { field: 'nope' } },
      },
    ];
    expect(validateScreen(bad, 't.json').map((e) => `${e.pointer} ${e.message}`)).toEqual([
      '/form/groups/0/fields/0/lookupCondition/docNature/field names no field of the form ("nope")',
    ]);
  });
});
