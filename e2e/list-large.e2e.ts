// The organisation list at its largest page in Chromium against the real server: 1000 virtual rows,
// a selection that stays right while scrolling, the limitCount 'more' icon, and toolbar folding.
// Its own server, seeded before the browser logs in, so it depends on no other file or test.
import { mkdirSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import { distDir, logIn, openPage, poll, SHOTS } from './support/session';

let server: TestServer;
let browser: Browser;
let page: Page;
const searches: { current: number; size: number; condition: Record<string, unknown> }[] = [];

const list = () => page.locator('.screen-list:visible');
const rows = () => list().locator('.ant-table-row');
const lastSearch = () => searches.at(-1);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: distDir });
  const db = server.server.database.db;
  const now = new Date();
  await db
    .insertInto('bmOrg')
    .values(
      Array.from({ length: 1200 }, (_, i) => ({
        orgNo: `B${String(i).padStart(4, '0')}`,
        orgName: `Bench organisation ${i}`,
        orgShortName: `B${i}`,
        createName: 'seed',
        updateName: 'seed',
        createDate: now,
        updateDate: now,
      })),
    )
    .execute();
  await db.updateTable('sysUser').set({ limitCount: 1000 }).where('userNo', '=', 'admin').execute();
  browser = await launchBrowser();
  ({ page } = await openPage(browser, server));
  page.on('request', (r) => {
    if (r.url().endsWith('/getbmorglistbyparams')) searches.push(r.postDataJSON());
  });
  await logIn(page, server, 'admin');
  await rows().nth(19).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('list page: large pages', () => {
  const grid = () => list().locator('.screen-grid');
  const scroller = () => grid().locator('.screen-grid__scroller');
  /** A row's part in one pane (left: selection and frozen columns, middle, right: operations). */
  const part = (pane: 'left' | 'middle' | 'right', index: number) =>
    grid().locator(`.screen-grid__pane--${pane} .screen-grid__row[data-row-index="${index}"]`);
  const gridRows = () => grid().locator('.screen-grid__pane--middle .screen-grid__row');
  const box = async (locator: Locator) => (await locator.boundingBox())!;

  it('renders a page of 1000 with virtual rows and keeps the selection while scrolling', async () => {
    await list().locator('.ant-pagination-options .ant-select-selector').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '1000 / page' })
      .click();
    await poll(() => lastSearch()?.current === 1 && lastSearch()?.size).toBe(1000);
    await scroller().waitFor();
    // Only the rows in view are in the page, not 1000.
    await poll(() => gridRows().count()).toBeGreaterThan(10);
    expect(await gridRows().count()).toBeLessThan(60);
    // Hovering a row marks all its parts, the frozen ones too.
    await part('middle', 2).hover();
    await poll(() => part('left', 2).getAttribute('data-hover')).toBe('');
    expect(await part('right', 2).getAttribute('data-hover')).toBe('');
    expect(await part('left', 1).getAttribute('data-hover')).toBe(null);
    await part('left', 0).locator('.ant-checkbox-input').check();
    await poll(() => list().locator('[data-action="modify"]').isDisabled()).toBe(false);
    await scroller().evaluate((e) => {
      e.scrollTop = e.scrollHeight;
    });
    // The frozen organisation code of the 1000th row, next to its checkbox.
    await poll(() => part('left', 999).locator('> *').nth(1).textContent()).toMatch(/^(B\d{4}|SH01|HN01)$/);
    await page.screenshot({ path: `${SHOTS}/list-1000-bottom.png` });
    await scroller().evaluate((e) => {
      e.scrollTop = 0;
    });
    await poll(() => part('left', 0).locator('.ant-checkbox-input').isChecked()).toBe(true);
    expect(await list().locator('.ant-checkbox-checked').count()).toBe(1);
    expect(await grid().locator('thead .ant-checkbox-indeterminate').count()).toBe(1);
  });

  it('keeps the frozen columns and the operations in place and the header over its cells while scrolling across', async () => {
    const view = await box(scroller());
    await scroller().evaluate((e) => {
      e.scrollTop = 4000;
      e.scrollLeft = e.scrollWidth;
    });
    await poll(() => grid().getAttribute('class')).toContain('screen-grid--ping-left');
    const row = Number(await gridRows().first().getAttribute('data-row-index'));
    const first = part('middle', row + 3);
    // Checkbox and organisation code stay at the left edge, the operations at the right edge.
    const left = await box(part('left', row + 3));
    expect(left.x).toBeCloseTo(view.x, 0);
    const right = await box(part('right', row + 3));
    expect(right.x + right.width).toBeLessThanOrEqual(view.x + view.width);
    expect(right.x + right.width).toBeGreaterThan(view.x + view.width - 20);
    expect(
      await part('right', row + 3)
        .locator('[data-row-action]')
        .first()
        .isVisible(),
    ).toBe(true);
    // Every cell stands under its header cell, and every column between the fixed ones is there.
    const rects = (locator: Locator) =>
      locator.evaluateAll((els) =>
        els.map((el) => [
          Math.round(el.getBoundingClientRect().left),
          Math.round(el.getBoundingClientRect().width),
        ]),
      );
    const heads = await rects(grid().locator('thead th'));
    const cells = (
      await Promise.all(
        [part('left', row + 3), first, part('right', row + 3)].map((p) =>
          rects(p.locator('> :not(.screen-grid__gap)')),
        ),
      )
    ).flat();
    for (const cell of cells) expect(heads).toContainEqual(cell);
    const between = heads.filter(([x, width]) => x + width > left.x + left.width && x < right.x);
    expect(between.length).toBeGreaterThan(3);
    for (const head of between) expect(cells).toContainEqual(head);
    // Only the columns in view are rendered, not all 9 of the organisation list.
    expect(cells.length).toBeLessThan(heads.length);
    await page.screenshot({ path: `${SHOTS}/list-1000-right.png` });
    await scroller().evaluate((e) => {
      e.scrollTop = 0;
      e.scrollLeft = 0;
    });
    await poll(() => grid().getAttribute('class')).not.toContain('screen-grid--ping-left');
  });

  it("a row's operation acts on that row, also in rows recycled while scrolling", async () => {
    await scroller().evaluate((e) => {
      e.scrollTop = 20_000;
    });
    await poll(async () => Number(await gridRows().first().getAttribute('data-row-index'))).toBeGreaterThan(
      400,
    );
    const row = Number(await gridRows().first().getAttribute('data-row-index')) + 6;
    const code = await part('left', row).locator('> *').nth(1).textContent();
    await part('right', row).locator('[data-row-action="view"]').first().click();
    const drawer = page.locator('.ant-drawer-content-wrapper:visible');
    await poll(() => drawer.locator('[data-prop="orgNo"]').textContent()).toContain(code);
    await page.locator('.ant-drawer:visible .ant-drawer-close').click();
    await poll(() => page.locator('.ant-drawer-content-wrapper:visible').count()).toBe(0);
    await scroller().evaluate((e) => {
      e.scrollTop = 0;
    });
  });

  it('sorts by a header click: ascending, descending, then the default sort', async () => {
    const header = grid().locator('thead th', { hasText: 'Organization code' });
    // The developer flag finds the column's property in its header cell.
    expect(await header.locator('[data-prop]').getAttribute('data-prop')).toBe('orgNo');
    const before = searches.length;
    await header.click();
    await poll(() => searches.length).toBe(before + 1);
    expect(lastSearch()).toMatchObject({ size: 1000, condition: { field: 'orgNo', order: 'asc' } });
    await poll(() => header.getAttribute('aria-sort')).toBe('ascending');
    await poll(() => part('left', 0).locator('> *').nth(1).textContent()).toBe('B0000');
    await header.click();
    await poll(() => lastSearch()?.condition.order).toBe('desc');
    await poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await header.click();
    await poll(() => lastSearch()?.condition.field).toBe('t1.updateDate');
    await poll(() => header.getAttribute('aria-sort')).toBe(null);
  });

  it('freezes and hides columns from the column settings in the large grid too, and resets them', async () => {
    const popover = () => page.locator('.ant-popover:visible');
    const setting = (prop: string) => popover().locator(`.column-settings__row[data-prop="${prop}"]`);
    const heads = () => grid().locator('thead th');
    await list().getByRole('button', { name: 'Column settings' }).click();
    await setting('remark').locator('.column-settings__fixed').click();
    // Frozen: in the header's fixed block and in each row's left pane, after the organisation code.
    await poll(() => heads().filter({ hasText: 'Remark' }).getAttribute('class')).toContain(
      'screen-grid__th--fixed',
    );
    await poll(() => part('left', 0).locator('> *').count()).toBe(3);
    await setting('orgShortName').locator('.column-settings__show').click();
    await poll(() => heads().filter({ hasText: 'Short name' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/list-1000-columns.png` });
    await popover().getByRole('button', { name: 'Reset to default' }).click();
    await poll(() => heads().filter({ hasText: 'Short name' }).count()).toBe(1);
    await poll(() => part('left', 0).locator('> *').count()).toBe(2);
    await page.keyboard.press('Escape');
  });

  it('offers all data past limitCount and loads it after confirm.allData', async () => {
    const more = list().locator('.screen-list__more');
    await more.waitFor();
    await more.click();
    const confirm = page.locator('.ant-modal-confirm:visible');
    await poll(() => confirm.textContent()).toContain('Load all data?');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await poll(() => lastSearch()?.condition.limitCount).toBe(0);
    await more.waitFor({ state: 'hidden' });
  });
  it('shows the empty state when a search finds nothing at 1000 a page, and the rows again after', async () => {
    const keyword = list().getByPlaceholder('Organization code or name');
    await keyword.fill('no-such-organisation');
    await keyword.press('Enter');
    await poll(() => lastSearch()?.condition.keyword).toBe('no-such-organisation');
    await grid().locator('.screen-grid__empty .ant-empty').waitFor();
    expect(await gridRows().count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/list-1000-empty.png` });
    await keyword.fill('');
    await keyword.press('Enter');
    await poll(() => gridRows().count()).toBeGreaterThan(10);
  });
});

describe('list page: toolbar folding', () => {
  it('folds the buttons that do not fit into More, and opens them again when there is room', async () => {
    // Back to a page of 20 rows: folding is about the toolbar, not the table.
    await list().locator('.ant-pagination-options .ant-select-selector').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '20 / page' })
      .click();
    await poll(() => rows().count()).toBe(20);
    const ALL = ['Add', 'Modify', 'Delete', 'Import', 'Export', 'Print'];
    const open = () => list().locator('.screen-list__toolbar > button, .screen-list__toolbar > span button');
    await poll(() => open().allTextContents()).toEqual(ALL);
    await page.setViewportSize({ width: 1000, height: 900 });
    const more = list().locator('.screen-list__more-actions');
    await more.waitFor();
    await poll(async () => (await open().allTextContents()).length).toBeLessThan(ALL.length);
    await more.click();
    await poll(() =>
      page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').allTextContents(),
    ).toContain('Export');
    await page.screenshot({ path: `${SHOTS}/list-toolbar-folded.png` });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
    await more.waitFor({ state: 'hidden' });
    await poll(() => open().allTextContents()).toEqual(ALL);
  });
});
