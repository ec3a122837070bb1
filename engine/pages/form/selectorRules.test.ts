// The selector rules a screen declares, through the form controller: the organisation default, a
// dependent selector disabled until its parent has a value and on edit pages, cleared when the parent
// changes but not when a record is loaded; a multi-select's comma-joined value is sent as is.
import { describe, expect, it, vi } from 'vitest';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen, validateScreen } from '../../screens/validate';
import { createFormController } from './formController';
import { mountFields } from './testing';

const fields = [
  { prop: 'orgNo', widget: 'remoteSelect', selector: 'organisation', required: true },
  { prop: 'warehouseNo', widget: 'remoteSelect', selector: 'warehouse', dependsOn: 'orgNo' },
  { prop: 'roles', widget: 'remoteSelect', selector: 'role', multiple: true },
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
const t = (key: string) => key;

function setup(mode: 'add' | 'modify') {
  const request = vi.fn(
    async (_call: string, _body?: unknown): Promise<unknown> => ({
      id: 'r1',
      version: 1,
      orgNo: 'HN01',
      warehouseNo: 'HN01-RM',
    }),
  );
  const deps = {
    request: request as never,
    navigate: vi.fn(),
    confirm: vi.fn(),
    success: vi.fn(),
    t,
    session: { orgNo: 'SH01', orgNos: ['HN01', 'SH01'] },
  };
  const c = createFormController(
    normaliseScreen(assertScreen(raw(mode), 't.json'), 't.json'),
    deps,
    mode === 'add' ? {} : { id: 'r1' },
  );
  const field = mountFields(c);
  return { c, field, request };
}

describe('selector rules in a form', () => {
  it("starts the organisation at the user's own, and the warehouse enabled under it", () => {
    const { field } = setup('add');
    expect(field('orgNo').value).toBe('SH01');
    expect(field('orgNo').disabled).toBe(false);
    expect(field('warehouseNo').disabled).toBe(false);
    expect(field('warehouseNo').componentProps.selector).toEqual({
      name: 'warehouse',
      dependsOn: 'orgNo',
      multiple: false,
      lockOnEdit: true,
    });
  });

  it('clears the warehouse when the organisation changes, and disables it while there is none', async () => {
    const { field } = setup('add');
    await field('warehouseNo').onInput('SH01-RM');
    await field('orgNo').onInput('HN01');
    expect(field('warehouseNo').value).toBeUndefined();
    await field('warehouseNo').onInput('HN01-RM');
    await field('orgNo').onInput(undefined);
    expect(field('warehouseNo').value).toBeUndefined();
    expect(field('warehouseNo').disabled).toBe(true);
    await field('orgNo').onInput('SH01');
    expect(field('warehouseNo').disabled).toBe(false);
  });

  it('on an edit page both are disabled, and loading the record clears nothing', async () => {
    const { c, field } = setup('modify');
    await c.load();
    expect(field('orgNo').value).toBe('HN01');
    expect(field('warehouseNo').value).toBe('HN01-RM');
    expect(field('orgNo').disabled).toBe(true);
    expect(field('warehouseNo').disabled).toBe(true);
    expect(field('roles').disabled).toBe(false);
  });

  it('sends a multi-select as its comma-joined value', async () => {
    const { c, field, request } = setup('add');
    await field('roles').onInput('R1,R2');
    expect(await c.save()).toBe(true);
    expect(request.mock.calls[0][1]).toEqual({ orgNo: 'SH01', warehouseNo: null, roles: 'R1,R2' });
  });

  it('refuses a selector without a name or a dependsOn that names no field', () => {
    const bad = raw('add');
    bad.form.groups[0].fields = [
      { prop: 'a', widget: 'remoteSelect' } as never,
      { prop: 'b', widget: 'remoteSelect', selector: 'warehouse', dependsOn: 'nope' },
    ];
    expect(validateScreen(bad, 't.json').map((e) => `${e.pointer} ${e.message}`)).toEqual([
      '/form/groups/0/fields/0/selector is required for widget "remoteSelect"',
      '/form/groups/0/fields/1/dependsOn names no field of the form ("nope")',
    ]);
  });
});
