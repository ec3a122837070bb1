// Tabs of a form page, through the form controller: each tab's part of the schema, an error marker on
// the tab holding a field with an error (hidden or not), a refused save showing the first tab with an
// error, fields of hidden tabs validated and sent; and the schema rules of tabs.
import { describe, expect, it, vi } from 'vitest';
import { normaliseScreen } from '../../screens/normalise';
import { assertScreen, validateScreen } from '../../screens/validate';
import { createFormController } from './formController';
import { mountFields } from './testing';

const raw = {
  name: 'T.Add',
  kind: 'form',
  path: '/t/add',
  menuNo: 'T.Menu',
  titleKey: 'title.t',
  parentPath: '/t/list',
  service: 'ITService',
  calls: { add: 'add' },
  form: {
    mode: 'add',
    tabs: [
      { key: 'basic', titleKey: 'tab.basic' },
      { key: 'roles', titleKey: 'tab.roles' },
      { key: 'menus', titleKey: 'tab.menus' },
    ],
    groups: [
      { tab: 'basic', fields: [{ prop: 'userNo', required: true }] },
      { tab: 'roles', fields: [{ prop: 'roleNos', required: true }] },
      { tab: 'basic', titleKey: 'group.data', fields: [{ prop: 'email', format: 'email' }] },
      { tab: 'menus', fields: [{ prop: 'menuList', required: true }] },
    ],
  },
};

const t = (key: string) => key;

function setup() {
  const request = vi.fn(async () => ({}));
  const c = createFormController(
    normaliseScreen(assertScreen(raw, 't.json'), 't.json'),
    { request: request as never, navigate: vi.fn(), confirm: vi.fn(), success: vi.fn(), t },
    {},
  );
  const field = mountFields(c);
  return { c, request, field };
}

describe('form tabs', () => {
  it("gives each tab its groups, in the page's order, and starts on the first", () => {
    const { c } = setup();
    expect(c.tabs.map((tab) => [tab.key, tab.groups])).toEqual([
      ['basic', ['group0', 'group2']],
      ['roles', ['group1']],
      ['menus', ['group3']],
    ]);
    expect(Object.keys(c.schemaOf(c.tabs[0]).properties ?? {})).toEqual(['group0', 'group2']);
    expect(c.getState().activeTab).toBe('basic');
  });

  it('marks the tab holding a field with an error, and clears the mark when it is fixed', async () => {
    const { c, field } = setup();
    expect(c.tabErrors()).toEqual({});
    await field('email').onInput('not-an-email');
    await field('email').onBlur();
    expect(c.tabErrors()).toEqual({ basic: 1 });
    await field('roleNos').onInput('');
    await field('roleNos')
      .validate()
      .catch(() => undefined);
    expect(c.tabErrors()).toEqual({ basic: 1, roles: 1 });
    await field('email').onInput('a@b.cn');
    await field('email').onBlur();
    expect(c.tabErrors()).toEqual({ roles: 1 });
  });

  it('a refused save shows the first tab with an error, even when another is being looked at', async () => {
    const { c, field, request } = setup();
    await field('userNo').onInput('u1');
    c.showTab('menus');
    expect(c.getState().activeTab).toBe('menus');
    expect(await c.save()).toBe(false);
    expect(request).not.toHaveBeenCalled();
    // roles and menus both have an error; roles comes first.
    expect(c.tabErrors()).toEqual({ roles: 1, menus: 1 });
    expect(c.getState().activeTab).toBe('roles');
    await field('userNo').onInput('');
    expect(await c.save()).toBe(false);
    expect(c.getState().activeTab).toBe('basic');
  });

  it('sends the fields of every tab, whichever is shown', async () => {
    const { c, field, request } = setup();
    await field('userNo').onInput('u1');
    await field('roleNos').onInput('buyer');
    await field('menuList').onInput('[]');
    c.showTab('roles');
    expect(await c.save()).toBe(true);
    expect(request).toHaveBeenCalledWith(
      'ITService/add',
      { userNo: 'u1', roleNos: 'buyer', email: null, menuList: '[]' },
      { moduleNumber: 'T.Menu' },
    );
    // Kept alive by the shell, the page starts on its first tab when it is opened again.
    expect(c.getState().activeTab).toBe('basic');
  });

  it('ignores an unknown tab', () => {
    const { c } = setup();
    c.showTab('nope');
    expect(c.getState().activeTab).toBe('basic');
  });

  it('refuses tabs that hold no group, groups without a declared tab, and a tab on a page without tabs', () => {
    const errors = (form: object) =>
      validateScreen({ ...raw, form: { ...raw.form, ...form } }, 't.json').map(
        (e) => `${e.pointer} ${e.message}`,
      );
    expect(
      errors({
        tabs: [
          ...raw.form.tabs,
          { key: 'basic', titleKey: 'tab.again' },
          { key: 'empty', titleKey: 'tab.empty' },
        ],
      }),
    ).toEqual(['/form/tabs/3/key duplicate tab key "basic"', '/form/tabs/4 tab "empty" holds no group']);
    expect(
      errors({
        groups: [
          { tab: 'basic', fields: [{ prop: 'a' }] },
          { fields: [{ prop: 'b' }] },
          { tab: 'nope', fields: [{ prop: 'c' }] },
          { tab: 'roles', fields: [{ prop: 'd' }] },
          { tab: 'menus', fields: [{ prop: 'e' }] },
        ],
      }),
    ).toEqual([
      '/form/groups/1/tab is required on a page with tabs: name one of the tab keys',
      '/form/groups/2/tab names no tab of the page ("nope")',
    ]);
    expect(errors({ tabs: undefined })).toEqual([
      '/form/groups/0/tab names tab "basic" but the page declares no tabs',
      '/form/groups/1/tab names tab "roles" but the page declares no tabs',
      '/form/groups/2/tab names tab "basic" but the page declares no tabs',
      '/form/groups/3/tab names tab "menus" but the page declares no tabs',
    ]);
  });
});
