// The row side of the standard list page on the organisation screen, in Chromium against the real
// server: the operation column (at most 4 buttons, the rest under More, gated by the menu's flags),
// the 75% detail drawer, the extra-rows dialog, a row delete that touches only its row, and the
// developer flag. The table-select dialog is driven through the user picker (the widget that uses
// it), rendered by the e2e widget harness.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DetailPage, dialogs, ListPage, poll } from './pages';
import { startHarness } from './support/harness';
import { type Portal, shot, startPortal } from './support/portal';
import { recordCalls } from './support/session';

const MENU = 'Base.Basic.Organizational';
const PATH = '/base/organizational';
const DEV_FLAG = 'srm.developerFlag';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

/** The organisation list in a new profile of `user` that may use the clipboard, recording its calls. */
async function openList(user = 'admin') {
  const { context, page } = await portal.signIn(user, PATH);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.server.url });
  const calls = recordCalls(page);
  const list = await ListPage.of(page);
  return { context, page, list, calls };
}

const buttonsOf = (list: ListPage, text: string) =>
  list
    .row(text)
    .locator('.screen-list__row-actions button[data-row-action]')
    .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-row-action')}:${e.textContent}`));
const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const devFlag = (page: Page) => page.evaluate((key) => localStorage.getItem(key), DEV_FLAG);

describe('list rows on the organisation screen', () => {
  it('admin: four row buttons open and the rest under More', async () => {
    const { context, page, list } = await openList();
    await poll(() => list.row('SH01').count()).toBe(1);
    expect(await buttonsOf(list, 'SH01')).toEqual([
      'view:View',
      'rows:Warehouses',
      'modify:Modify',
      'view:Open page',
    ]);
    await list.rowMore('SH01').click();
    const menu = dialogs.dropdown(page);
    await poll(() => menu.locator('[data-row-action]').allTextContents()).toEqual(['Delete']);
    await shot(page, 'list-rows-more');
    await page.keyboard.press('Escape');
    await poll(() => menu.count()).toBe(0);
    await context.close();
  });

  it('view opens the record in a drawer on the right, 75% wide', async () => {
    const { context, page, list, calls } = await openList();
    await list.rowAction('SH01', 'view').first().click();
    const drawer = dialogs.drawer(page);
    await poll(() => drawer.locator('[data-prop="orgNo"]').textContent()).toContain('SH01');
    await expect(drawer.locator('[data-prop="orgName"]').textContent()).resolves.toContain(
      'Shanghai Manufacturing Centre',
    );
    const viewport = page.viewportSize()!;
    // Measured once the slide-in has finished: flush with the right edge, 75% of the window.
    await poll(async () => {
      const box = await drawer.boundingBox();
      return box && [Math.round(box.width), Math.round(box.x + box.width)];
    }).toEqual([Math.round(viewport.width * 0.75), viewport.width]);
    await expect(page.locator('.ant-drawer-title:visible').textContent()).resolves.toBe(
      'Organization details',
    );
    // The admin may modify: the detail's own button is there.
    await expect(drawer.locator('[data-action="modify"]').count()).resolves.toBe(1);
    const get = calls.filter((c) => c.call === 'IBmOrgService/getbmorgbyid').at(-1)?.body as {
      condition: { id: string };
    };
    expect(get.condition.id).toEqual(expect.any(String));
    await shot(page, 'list-rows-drawer');
    await dialogs.closeDrawer(page);
    await poll(() => dialogs.drawer(page).count()).toBe(0);
    await context.close();
  });

  it("the extra-rows dialog lists the organisation's warehouses only", async () => {
    const { context, page, list, calls } = await openList();
    await list.rowAction('SH01', 'rows').click();
    const dialog = page.locator('.table-select-dialog:visible');
    await poll(() => dialog.locator('tbody tr.ant-table-row').allTextContents()).toHaveLength(2);
    const texts = (await dialog.locator('tbody tr.ant-table-row').allTextContents()).join(' ');
    expect(texts).toContain('SH01-RM');
    expect(texts).toContain('SH01-FG');
    expect(texts).not.toContain('HN01');
    await expect(dialog.locator('.ant-modal-title').textContent()).resolves.toBe(
      'Warehouses of the organization',
    );
    const body = calls.filter((c) => c.call.startsWith('IBmWarehouseService/')).at(-1)?.body;
    expect(body).toMatchObject({ current: 1, size: 20, condition: { orgNo: 'SH01' } });
    await shot(page, 'list-rows-extra');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close', exact: true }).click();
    await poll(() => page.locator('.table-select-dialog:visible').count()).toBe(0);
    await context.close();
  });

  it('delete from a row deletes that row only, after the same confirmation as the toolbar', async () => {
    const token = await portal.token('admin');
    for (const no of ['ROWDEL-1', 'ROWDEL-2']) {
      const r = await portal.server.call(
        'IBmOrgService/addbmorg',
        { condition: { orgNo: no, orgName: `Row delete ${no}` } },
        { token, menu: MENU },
      );
      expect(r.http).toBe(200);
    }
    const { context, page, list, calls } = await openList();
    await list.search('ROWDEL');
    await poll(() => list.rows().count()).toBe(2);
    // A selected row elsewhere must not be deleted with it.
    await list.select('ROWDEL-1');
    await list.rowMore('ROWDEL-2').click();
    await dialogs.dropdown(page).locator('[data-row-action="physicalDelete"]').click();
    const confirm = dialogs.confirm(page);
    await poll(() => confirm.textContent()).toContain('Delete the 1 selected record(s)?');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await poll(() => list.rows().allTextContents()).toHaveLength(1);
    expect(await list.rows().first().textContent()).toContain('ROWDEL-1');
    const del = calls.filter((c) => c.call === 'IBmOrgService/deletebmorgbyids').at(-1)?.body as {
      condition: { delList: { id: string; version: number }[] };
    };
    expect(del.condition.delList).toEqual([{ id: expect.any(String), version: 1 }]);
    const left = await portal.server.call(
      'IBmOrgService/getbmorglistbyparams',
      { condition: { keyword: 'ROWDEL' } },
      { token, menu: MENU },
    );
    expect(left.body.response.data.records.map((r: { orgNo: string }) => r.orgNo)).toEqual(['ROWDEL-1']);
    // The other row is still selected.
    await expect(list.row('ROWDEL-1').locator('.ant-checkbox-input').isChecked()).resolves.toBe(true);
    await context.close();
  });

  it('buyer (search and export only): view, warehouses and the page, no More, no modify or delete', async () => {
    const { context, page, list } = await openList('buyer');
    await poll(() => list.row('SH01').count()).toBe(1);
    expect(await buttonsOf(list, 'SH01')).toEqual(['view:View', 'rows:Warehouses', 'view:Open page']);
    await expect(list.rowMore('SH01').count()).resolves.toBe(0);
    await list.rowAction('SH01', 'view').last().click();
    await page.waitForURL(/\/base\/organizational-detail\/[^/]+$/);
    const detail = new DetailPage(page);
    await poll(() => detail.item('orgNo').textContent()).toContain('SH01');
    // No isModify: the detail has no modify button either.
    await expect(detail.root.locator('[data-action="modify"]').count()).resolves.toBe(0);
    await context.close();
  });

  it('seven clicks on the active tab copy the route name and set the flag for 10 minutes', async () => {
    const { context, page } = await openList();
    await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
    const tabs = page.locator('.shell__tabs');
    const tab = tabs.locator(`[data-tab-path="${PATH}"]`);
    // Six clicks are not enough.
    await tab.click({ clickCount: 6 });
    await expect(readClipboard(page)).resolves.toBe('nothing yet');
    await expect(devFlag(page)).resolves.toBeNull();
    // Going to another tab and back starts the count afresh (as 2 s without a click do).
    await page.evaluate(() => {
      window.history.pushState({}, '', '/dashboard');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await tabs.locator('.ant-tabs-tab-active [data-tab-path="/dashboard"]').waitFor();
    await tab.click();
    await tabs.locator(`.ant-tabs-tab-active [data-tab-path="${PATH}"]`).waitFor();
    await tab.click({ clickCount: 7 });
    await poll(() => readClipboard(page)).toBe(MENU);
    await poll(async () => (await dialogs.messages(page)).at(-1)).toContain(`Route name copied: ${MENU}`);
    const stored = JSON.parse((await devFlag(page)) ?? '{}');
    const left = stored.expires - (await page.evaluate(() => Date.now()));
    expect(left).toBeGreaterThan(590_000);
    expect(left).toBeLessThanOrEqual(600_000);
    await context.close();
  });

  it('while the flag is on, a right-click on a column name and a meta-click on a form label copy the property', async () => {
    const { context, page, list } = await openList();
    // The flag as seven clicks on the tab leave it.
    await page.evaluate(
      (key) => localStorage.setItem(key, JSON.stringify({ expires: Date.now() + 600_000 })),
      DEV_FLAG,
    );
    await list.waitForRows();
    await list.header('Organization name').click({ button: 'right' });
    await poll(() => readClipboard(page)).toBe('orgName');
    // The column was not sorted by the click.
    await shot(page, 'list-rows-devflag');

    await list.rowAction('SH01', 'view').first().click();
    const drawer = dialogs.drawer(page);
    await poll(() => drawer.locator('[data-prop="remark"]').count()).toBe(1);
    await drawer.locator('[data-prop="remark"] .ant-formily-item-label').click({ modifiers: ['Meta'] });
    await poll(() => readClipboard(page)).toBe('remark');
    await dialogs.closeDrawer(page);
    await context.close();
  });

  it('an expired flag is removed and copies nothing', async () => {
    const { context, page, list, calls } = await openList();
    await list.waitForRows();
    await page.evaluate(() => navigator.clipboard.writeText('unchanged'));
    await page.evaluate(
      (key) => localStorage.setItem(key, JSON.stringify({ expires: Date.now() - 1 })),
      DEV_FLAG,
    );
    const sortsBefore = calls.filter((c) => c.call === 'IBmOrgService/getbmorglistbyparams').length;
    await list.header('Organization name').click({ modifiers: ['Meta'] });
    await expect(devFlag(page)).resolves.toBeNull();
    await expect(readClipboard(page)).resolves.toBe('unchanged');
    // Without the flag the click is an ordinary header click: it sorts.
    await poll(
      () => calls.filter((c) => c.call === 'IBmOrgService/getbmorglistbyparams').length,
    ).toBeGreaterThan(sortsBefore);
    await context.close();
  });
});

describe('the table-select dialog through the user picker', () => {
  let harness: Portal;
  let hp: Page;

  beforeAll(async () => {
    harness = await startHarness();
    // The harness has no shell for signIn to wait for.
    const { page } = await harness.session('admin', { width: 1280, height: 900 });
    hp = page;
    await hp.goto(`${harness.server.url}/`);
    await hp.locator('[data-prop="userNo"]').waitFor();
  });

  afterAll(async () => {
    await harness?.close();
  });

  it('55% wide, a search form, 20 a page, single keeps one row, a warning when none is chosen', async () => {
    const lookups = recordCalls(hp, (call) => call.startsWith('ISysUserService/'));
    await hp.locator('[data-prop="userNo"] [data-action="pickUser"]').click();
    const dialog = hp.locator('.table-select-dialog:visible');
    const tableRows = dialog.locator('tbody tr.ant-table-row');
    await poll(() => tableRows.count()).toBeGreaterThan(1);
    expect(lookups.at(-1)?.body).toMatchObject({ current: 1, size: 20, condition: { statusCode: '1' } });
    // Measured once antd's opening zoom has finished.
    await poll(async () => Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(
      Math.round(1280 * 0.55),
    );
    // The table body is never lower than 250 px and at most 55vh.
    const body = await dialog.locator('.ant-table-body').boundingBox();
    // Rounded: the layout may land a fraction of a pixel under (249.94 seen under load).
    expect(Math.round(body!.height)).toBeGreaterThanOrEqual(250);
    expect(body!.height).toBeLessThanOrEqual(900 * 0.55 + 1);

    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'OK' }).click();
    await poll(() => hp.locator('.ant-message-notice').textContent()).toContain('No user was chosen');
    await expect(dialog.isVisible()).resolves.toBe(true);

    await dialog.locator('tbody tr.ant-table-row', { hasText: 'buyer' }).click();
    await dialog.locator('tbody tr.ant-table-row', { hasText: 'supplier1' }).click();
    await poll(() => dialog.locator('tbody .ant-radio-wrapper-checked').count()).toBe(1);
    await expect(
      dialog
        .locator('tbody tr.ant-table-row', { hasText: 'supplier1' })
        .locator('.ant-radio-input')
        .isChecked(),
    ).resolves.toBe(true);

    // The search form searches from page 1 with its values.
    await dialog.locator('.table-select-dialog__search input').fill('buyer');
    await dialog.locator('[data-action="search"]').click();
    await poll(() => lookups.at(-1)?.body).toMatchObject({
      current: 1,
      size: 20,
      condition: { keyword: 'buyer' },
    });
    await poll(() => tableRows.count()).toBe(1);
    await shot(hp, 'list-rows-table-select');
    // The choice made before the search survives it.
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'OK' }).click();
    await poll(() => dialog.count()).toBe(0);
    // The picker's input names the chosen user (selectors show names, not codes).
    await expect(hp.locator('[data-prop="userNo"] input').inputValue()).resolves.toBe('Acme sales desk');
  });
});
