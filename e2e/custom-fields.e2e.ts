// Custom fields (frame-define, DESIGN section 5) end to end in Chromium against the real server, all in
// one browser session with no page reload after the login: the administrator adds a date field and a
// dictionary dropdown field to the organisation module through the admin screen's add form (its
// "Display on" boxes ticked for search, column and detail: displayPage 123; the dropdown first refused
// without a source, in the user's language), renames one through the modify form (the boxes ticked as
// stored); the admin list names the module by its menu title; the organisation list, reached again
// through its kept-alive tab, shows the new columns and search fields, the add form saves values, the
// detail page shows them (the dropdown by its dictionary name), the search finds the record, a saved
// default view refers to the field; switched off, the column is gone on the next in-app visit and the
// screen still loads with that view.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DetailPage, dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { openByClick, openInApp, type RecordedCall, recordCalls } from './support/session';

const MODULE = 'Base.Basic.Organizational';
const ORG_LIST = '/base/organizational';
const ADMIN_LIST = '/baseManage/frame-define';
const ADMIN_SCREEN = 'BaseManage.Config.FrameDefine';
const RECORDED = ['IBmOrgService/', 'ISysFrameDefineService/', 'ISysViewService/', 'IBmEnumService/'];

let portal: Portal;
let page: Page;
let list: ListPage;
let form: FormPage;
let calls: RecordedCall[] = [];

beforeAll(async () => {
  portal = await startPortal();
});

afterEach(async (test) => {
  // What the page looked like when a step failed.
  if (test.task.result?.state === 'fail' && page)
    await shot(page, `custom-fields-failed-${test.task.name.slice(0, 30)}`, false);
});

afterAll(async () => {
  await portal?.close();
});

const callsOf = (method: string) => calls.filter((c) => c.call.endsWith(`/${method}`));
/** Scrolls the table to its right end, where the custom columns are, before a screenshot. */
const scrollRight = () =>
  list.root.evaluate((root) => {
    for (const el of root.querySelectorAll<HTMLElement>('.ant-table *')) {
      if (el.scrollWidth > el.clientWidth + 1) el.scrollLeft = el.scrollWidth;
    }
  });
/** A mark on the window that a page reload would wipe: every step below must keep it. */
const stillSamePage = () => page.evaluate(() => (window as { __sameLoad?: boolean }).__sameLoad === true);
const openTab = (path: string) => page.locator(`[data-tab-path="${path}"]`).click();

async function chooseSelect(prop: string, title: string, search?: string) {
  await form.item(prop).locator('.ant-select-selector').click();
  if (search) await form.item(prop).locator('input').fill(search);
  await dialogs.option(page, title).click();
}

/** Ticks the "Display on" boxes (displayPage): the form writes the spec's digits, in their order. */
async function tickPlaces(...labels: string[]) {
  for (const label of labels) {
    const box = form.item('displayPage').getByLabel(label, { exact: true });
    await box.click();
    // The box follows the form's value, which the click sets: checked once the form has it.
    await poll(() => box.isChecked()).toBe(true);
  }
}

async function fillNames(en: string, zhCN: string, zhTW: string, vi: string) {
  const input = (lang: string) => form.item('fieldNoName').locator(`input[data-language="${lang}"]`);
  await input('en-US').fill(en);
  await input('zh-CN').fill(zhCN);
  await input('zh-TW').fill(zhTW);
  await input('vi').fill(vi);
}

async function openAddForm() {
  // The admin list itself: right after an in-app navigation the organisation list's tab can still be
  // the one showing, with an Add button of its own.
  await poll(
    () => list.root.evaluateAll((els) => els.map((el) => el.getAttribute('data-screen'))),
    15000,
  ).toEqual([ADMIN_SCREEN]);
  // The list's first answer first (rows or the empty placeholder): until it shows, the side menu's
  // animation and the toolbar's fitting can still move the button under the pointer on a loaded
  // machine, and the click misses; a missed click is tried again.
  await poll(
    async () =>
      (await list.rows().count()) + (await list.root.locator('.ant-table-placeholder .ant-empty').count()),
    15000,
  ).toBeGreaterThan(0);
  await openByClick(page, list.action('add'), /\/baseManage\/add-frame-define$/);
  await FormPage.of(page);
}

describe('custom fields through the admin screen', () => {
  // One user story in one page load, step by step: each step works on the fields and the record the
  // steps before made, and on the tabs they left open.
  it('adds a date field through the add form, its date format shown only for dates', async () => {
    ({ page } = await portal.signIn('admin', ORG_LIST, { width: 1600 }));
    calls = recordCalls(page, (call) => RECORDED.some((service) => call.startsWith(service)));
    list = new ListPage(page);
    form = new FormPage(page);
    await poll(() => list.rows().count(), 15000).toBeGreaterThan(0);
    await page.evaluate(() => {
      (window as { __sameLoad?: boolean }).__sameLoad = true;
    });
    expect(await list.headers()).not.toContain('Due date');

    await openInApp(page, ADMIN_LIST);
    await poll(() => list.action('add').count(), 15000).toBe(1);
    await openAddForm();
    await chooseSelect('module', 'Organizations', MODULE);
    await form.item('fieldNo').locator('input').fill('deadline');
    await fillNames('Deadline', '截止日期', '截止日期', 'Hạn chót');
    expect(await form.item('dateFormat').count()).toBe(0);
    await chooseSelect('fieldType', 'Date');
    await poll(() => form.item('dateFormat').count()).toBe(1);
    expect(await form.item('enumMid').count()).toBe(0);
    await tickPlaces('Search', 'Table column', 'Form and detail');
    await form.item('displayOrder').locator('input').fill('100');
    await shot(page, 'custom-fields-add-form', false);
    await form.save();
    await page.waitForURL(/\/baseManage\/frame-define$/);
    expect(callsOf('addSysFrameDefine').at(-1)?.body).toMatchObject({
      condition: {
        module: MODULE,
        fieldNo: 'deadline',
        fieldNoName: { 'en-US': 'Deadline', 'zh-CN': '截止日期', 'zh-TW': '截止日期', vi: 'Hạn chót' },
        fieldType: '3',
        dateFormat: 'yyyy-MM-dd',
        displayPage: '123',
        displayOrder: 100,
        isDisplay: 'Y',
        enumMid: null,
      },
    });
    // The list shows the type by its label, and the module by its menu title beside its number.
    await poll(() => list.row('deadline').count()).toBe(1);
    expect(await list.row('deadline').textContent()).toContain('Date');
    expect(await list.row('deadline').textContent()).toContain('Organizations');
  });

  it('refuses a dropdown without a source in the user language, then adds it with a dictionary', async () => {
    await openAddForm();
    await chooseSelect('module', 'Organizations', MODULE);
    await form.item('fieldNo').locator('input').fill('grade');
    await fillNames('Grade', '等级', '等級', 'Hạng');
    await chooseSelect('fieldType', 'Dropdown');
    // Ticked in another order: the digits are still written in the spec's order.
    await tickPlaces('Form and detail', 'Search', 'Table column');
    await form.item('displayOrder').locator('input').fill('101');
    await form.save();
    await poll(() => form.alert().textContent()).toContain(
      'a dropdown needs a dictionary (enumMid) or a data source',
    );
    expect(page.url()).toMatch(/add-frame-define$/);
    await chooseSelect('enumMid', 'ASN_STATUS', 'ASN_ST');
    await shot(page, 'custom-fields-add-dropdown', false);
    await form.save();
    await page.waitForURL(/\/baseManage\/frame-define$/);
    await poll(() => list.row('grade').count()).toBe(1);
    expect(await list.row('grade').textContent()).toContain('Dropdown');
    expect(callsOf('addSysFrameDefine').at(-1)?.body).toMatchObject({ condition: { displayPage: '123' } });
  });

  it('renames one through the modify form, its module and code locked', async () => {
    await list.select('deadline');
    await list.action('modify').click();
    await page.waitForURL(/\/baseManage\/modify-frame-define\//);
    const english = form.item('fieldNoName').locator('input[data-language="en-US"]');
    await poll(() => english.inputValue()).toBe('Deadline');
    expect(await form.item('fieldNo').locator('input').isDisabled()).toBe(true);
    expect(await form.item('fieldType').textContent()).toContain('Date');
    // The stored digits 123 tick search, column and detail, and nothing else.
    const place = (label: string) => form.item('displayPage').getByLabel(label, { exact: true }).isChecked();
    expect(await Promise.all(['Search', 'Table column', 'Form and detail'].map(place))).toEqual([
      true,
      true,
      true,
    ]);
    expect(await Promise.all(['Editable table 1', 'Editable table 2'].map(place))).toEqual([false, false]);
    await english.fill('Due date');
    await shot(page, 'custom-fields-modify-form', false);
    await form.save();
    await page.waitForURL(/\/baseManage\/frame-define$/);
    expect(callsOf('updateSysFrameDefine').at(-1)?.body).toMatchObject({
      condition: { fieldNoName: { 'en-US': 'Due date' }, fieldType: '3' },
    });
    await poll(() => list.row('deadline').textContent()).toContain('Due date');
    await shot(page, 'custom-fields-admin-list', false);
  });

  it("shows the new columns and search fields on the organisation list's kept-alive tab, in-app", async () => {
    await openTab(ORG_LIST);
    await page.waitForURL(new RegExp(`${ORG_LIST}$`));
    await poll(() => list.headers()).toEqual(expect.arrayContaining(['Due date', 'Grade']));
    // displayOrder 100 and 101: after the screen's own columns, in that order.
    const h = await list.headers();
    expect(h.indexOf('Grade')).toBe(h.indexOf('Due date') + 1);
    expect(h.indexOf('Due date')).toBeGreaterThan(h.indexOf('Organization code'));
    expect(await stillSamePage()).toBe(true);
    await list.advancedSearch().click();
    const popover = list.advanced();
    await poll(() => popover.locator('[data-prop="deadline"]').textContent()).toContain('Due date');
    await poll(() => popover.locator('[data-prop="grade"]').textContent()).toContain('Grade');
    await shot(page, 'custom-fields-search', false);
    await page.keyboard.press('Escape');
  });

  it('saves values from the add form; the list and the detail show the dictionary name', async () => {
    await list.action('add').click();
    await page.waitForURL(/\/base\/add-organizational$/);
    await FormPage.of(page);
    await form.item('orgNo').locator('input').fill('CF-01');
    await form.item('orgName').locator('input').fill('Custom Field Org');
    const date = form.item('deadline').locator('input');
    await date.click();
    await date.fill('2025-06-30');
    await date.press('Enter');
    await chooseSelect('grade', 'Pending approval');
    expect(await form.item('deadline').textContent()).toContain('Due date');
    await shot(page, 'custom-fields-add', false);
    await form.save();
    await page.waitForURL(new RegExp(`${ORG_LIST}$`));
    expect(callsOf('addbmorg').at(-1)?.body).toMatchObject({
      condition: { orgNo: 'CF-01', deadline: '2025-06-30', grade: '0' },
    });
    await poll(() => list.row('CF-01').count()).toBe(1);
    const text = await list.row('CF-01').textContent();
    expect(text).toContain('2025-06-30');
    expect(text).toContain('Pending approval');

    const found = await portal.server.call(
      'IBmOrgService/getbmorglistbyparams',
      { current: 1, size: 10, condition: { orgNoIndistinct: 'CF-01' } },
      { token: await portal.token('admin'), menu: MODULE },
    );
    const id = found.body.response.data.records[0].id;
    await openInApp(page, `/base/organizational-detail/${id}`);
    const detail = await DetailPage.of(page);
    await poll(() => detail.item('grade').textContent(), 15000).toContain('Pending approval');
    expect(await detail.item('deadline').textContent()).toContain('2025-06-30');
    expect(await detail.item('deadline').textContent()).toContain('Due date');
    await shot(page, 'custom-fields-detail', false);
    expect(await stillSamePage()).toBe(true);
  });

  it('finds the record by the dropdown value and keeps that search as the default view', async () => {
    await openTab(ORG_LIST);
    await page.waitForURL(new RegExp(`${ORG_LIST}$`));
    await list.advancedSearch().click();
    const popover = list.advanced();
    await popover.locator('[data-prop="grade"] .ant-select-selector').click();
    await dialogs.option(page, 'Pending approval').click();
    await popover.getByRole('button', { name: 'Query' }).click();
    await poll(() => list.rows().count()).toBe(1);
    expect(callsOf('getbmorglistbyparams').at(-1)?.body).toMatchObject({ condition: { grade: '0' } });
    expect(await list.rows().first().textContent()).toContain('CF-01');
    await page.keyboard.press('Escape');
    await scrollRight();
    await shot(page, 'custom-fields-found', false);

    await list.root.locator('button.screen-views').click();
    await page.locator('.ant-dropdown:visible .screen-views__save').click();
    const dialog = page.locator('.screen-view-dialog .ant-modal-content');
    await dialog.locator('input#viewName').fill('Pending grade');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await poll(() => callsOf('saveView').length).toBe(1);
    expect(callsOf('saveView')[0].body).toMatchObject({
      condition: { module: MODULE, content: { params: { grade: '0' } } },
    });
    await dialog.waitFor({ state: 'hidden' });
    await list.root.locator('button.screen-views').click();
    await page
      .locator('.ant-dropdown:visible .screen-views__item', { hasText: 'Pending grade' })
      .locator('.screen-views__default')
      .click();
    await poll(() => callsOf('setDefaultView').length).toBe(1);
    await page.keyboard.press('Escape');
  });

  it('switched off through the modify form, the column is gone at the next in-app visit and the view still loads', async () => {
    await openTab(ADMIN_LIST);
    await page.waitForURL(/\/baseManage\/frame-define$/);
    await poll(() => list.row('grade').count()).toBe(1);
    // The kept-alive list still has the row picked for the rename selected.
    await list.row('deadline').locator('.ant-checkbox-input').uncheck();
    await list.select('grade');
    await list.action('modify').click();
    await page.waitForURL(/\/baseManage\/modify-frame-define\//);
    await poll(() => form.item('fieldNoName').locator('input[data-language="en-US"]').inputValue()).toBe(
      'Grade',
    );
    await form.item('isDisplay').locator('.ant-checkbox-input').uncheck();
    await form.save();
    await page.waitForURL(/\/baseManage\/frame-define$/);
    expect(callsOf('updateSysFrameDefine').at(-1)?.body).toMatchObject({ condition: { isDisplay: 'N' } });

    const searches = callsOf('getbmorglistbyparams').length;
    await openTab(ORG_LIST);
    await page.waitForURL(new RegExp(`${ORG_LIST}$`));
    await poll(() => list.headers()).toContain('Due date');
    await poll(() => list.headers()).not.toContain('Grade');
    // The default view that searched by grade is applied without it: the list loads, CF-01 among the rows.
    await poll(() => callsOf('getbmorglistbyparams').length).toBeGreaterThan(searches);
    const last = callsOf('getbmorglistbyparams').at(-1)?.body as { condition: Record<string, unknown> };
    expect(last.condition).not.toHaveProperty('grade');
    await poll(() => list.row('CF-01').count()).toBe(1);
    expect(await list.rows().count()).toBeGreaterThan(1);
    expect(await page.locator('.ant-result-error').count()).toBe(0);
    expect(await stillSamePage()).toBe(true);
    await scrollRight();
    await shot(page, 'custom-fields-off', false);
  });

  it('deleted from the admin list, the field is gone at the next in-app visit of its kept-alive tab', async () => {
    await openTab(ADMIN_LIST);
    await poll(() => list.rows().count()).toBe(2);
    await list.search('deadline');
    await poll(() => list.rows().count()).toBe(1);
    await list.rows().first().locator('.ant-checkbox-input').check();
    await list.action('physicalDelete').click();
    await dialogs.accept(page);
    await poll(() => list.rows().count()).toBe(0);
    const left = await portal.server.call(
      'ISysFrameDefineService/getSysFrameDefineDown',
      { condition: { module: MODULE } },
      { token: await portal.token('admin'), menu: ADMIN_SCREEN },
    );
    expect(left.body.response.data.records.map((r: { fieldNo: string }) => r.fieldNo)).toEqual(['grade']);

    await openTab(ORG_LIST);
    await page.waitForURL(new RegExp(`${ORG_LIST}$`));
    await poll(() => list.headers()).not.toContain('Due date');
    await poll(() => list.row('CF-01').count()).toBe(1);
    expect(await stillSamePage()).toBe(true);
  });
});
