// The organisation list at its largest page in Chromium against the real server: 1000 virtual rows,
// a selection that stays right while scrolling, the limitCount 'more' icon, and toolbar folding.
// Its own server, seeded before the browser opens, so it depends on no other file.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { seedOrganisations } from './support/seed';

const PATH = '/base/organizational';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
  await seedOrganisations(portal.server.server.database.db, 1200, 'B', 'Bench organisation');
});

afterAll(async () => {
  await portal?.close();
});

/** The administrator's organisation list at its first page of 20, in a new profile. */
async function openList(): Promise<{ page: Page; list: ListPage }> {
  const { page } = await portal.signIn('admin', PATH);
  const list = await ListPage.of(page);
  await list.rows().nth(19).waitFor();
  return { page, list };
}

// The tests of the large page share one page of 1000 rows: a profile and a 1000-row load for each
// would cost more than they check. Each leaves the page scrolled back to the top.
describe('list page: large pages', () => {
  let page: Page;
  let list: ListPage;
  const searches: { current: number; size: number; condition: Record<string, unknown> }[] = [];
  const lastSearch = () => searches.at(-1);

  /** The shared page, opened by the first test that needs it. */
  async function shared(): Promise<void> {
    if (page) return;
    ({ page, list } = await openList());
    page.on('request', (r) => {
      if (r.url().endsWith('/getbmorglistbyparams')) searches.push(r.postDataJSON());
    });
  }
  /** The shared page at 1000 rows a page, whichever test comes first. */
  async function thousand(): Promise<void> {
    await shared();
    if (lastSearch()?.size === 1000) return;
    await list.pageSize(1000);
    await poll(() => lastSearch()?.size).toBe(1000);
    await scroller().waitFor();
  }

  const grid = () => list.root.locator('.screen-grid');
  const scroller = () => grid().locator('.screen-grid__scroller');
  /** A row's part in one pane (left: selection and frozen columns, middle, right: operations). */
  const part = (pane: 'left' | 'middle' | 'right', index: number) =>
    grid().locator(`.screen-grid__pane--${pane} .screen-grid__row[data-row-index="${index}"]`);
  const gridRows = () => grid().locator('.screen-grid__pane--middle .screen-grid__row');
  const box = async (locator: Locator) => (await locator.boundingBox())!;

  it('renders a page of 1000 with virtual rows and keeps the selection while scrolling', async () => {
    await shared();
    await list.pageSize(1000);
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
    await poll(() => list.action('modify').isDisabled()).toBe(false);
    await scroller().evaluate((e) => {
      e.scrollTop = e.scrollHeight;
    });
    // The frozen organisation code of the 1000th row, next to its checkbox.
    await poll(() => part('left', 999).locator('> *').nth(1).textContent()).toMatch(/^(B\d{4}|SH01|HN01)$/);
    await shot(page, 'list-1000-bottom');
    await scroller().evaluate((e) => {
      e.scrollTop = 0;
    });
    await poll(() => part('left', 0).locator('.ant-checkbox-input').isChecked()).toBe(true);
    expect(await list.root.locator('.ant-checkbox-checked').count()).toBe(1);
    expect(await grid().locator('thead .ant-checkbox-indeterminate').count()).toBe(1);
  });

  it('is a table for assistive technology: a header row, then each record at its row index with its cells in their columns', async () => {
    await thousand();
    const table = grid();
    expect(await table.getAttribute('role')).toBe('table');
    const summaryRows = await table.locator('.screen-grid__foot').count();
    expect(Number(await table.getAttribute('aria-rowcount'))).toBe(1000 + 1 + summaryRows);
    const headers = table.locator('[role="columnheader"]');
    const columns = Number(await table.getAttribute('aria-colcount'));
    expect(await headers.count()).toBe(columns);
    expect(await headers.nth(1).getAttribute('aria-colindex')).toBe('2');
    // Record index 1 is read as row 3 (after the header) in each pane; the cells of its three parts
    // together are every column once, the scrolling ones out of view not rendered.
    const cols: number[] = [];
    for (const pane of ['left', 'middle', 'right'] as const) {
      const row = part(pane, 1);
      expect(await row.getAttribute('role')).toBe('row');
      expect(await row.getAttribute('aria-rowindex')).toBe('3');
      for (const c of await row.locator(':scope > [role="cell"]').all())
        cols.push(Number(await c.getAttribute('aria-colindex')));
    }
    expect(cols).toEqual([...cols].sort((a, b) => a - b));
    expect(new Set(cols).size).toBe(cols.length);
    expect(cols[0]).toBe(1);
    expect(cols.at(-1)).toBe(columns);
  });

  it('keeps the frozen columns and the operations in place and the header over its cells while scrolling across', async () => {
    await thousand();
    const view = await box(scroller());
    await scroller().evaluate((e) => {
      e.scrollTop = 4000;
      e.scrollLeft = e.scrollWidth;
    });
    await poll(() => grid().getAttribute('class')).toContain('screen-grid--ping-left');
    // The row window follows the scroll on the next frame: until it has, the first row is still row 0
    // and the rows below it are gone by the time they are measured.
    const firstIndex = async () => Number(await gridRows().first().getAttribute('data-row-index'));
    await poll(firstIndex).toBeGreaterThan(10);
    const row = await firstIndex();
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
    await shot(page, 'list-1000-right');
    await scroller().evaluate((e) => {
      e.scrollTop = 0;
      e.scrollLeft = 0;
    });
    await poll(() => grid().getAttribute('class')).not.toContain('screen-grid--ping-left');
  });

  it("a row's operation acts on that row, also in rows recycled while scrolling", async () => {
    await thousand();
    await scroller().evaluate((e) => {
      e.scrollTop = 20_000;
    });
    await poll(async () => Number(await gridRows().first().getAttribute('data-row-index'))).toBeGreaterThan(
      400,
    );
    const row = Number(await gridRows().first().getAttribute('data-row-index')) + 6;
    const code = await part('left', row).locator('> *').nth(1).textContent();
    await part('right', row).locator('[data-row-action="view"]').first().click();
    await poll(() => dialogs.drawer(page).locator('[data-prop="orgNo"]').textContent()).toContain(code);
    await dialogs.closeDrawer(page);
    await poll(() => dialogs.drawer(page).count()).toBe(0);
    await scroller().evaluate((e) => {
      e.scrollTop = 0;
    });
  });

  it('sorts by a header click: ascending, descending, then the default sort', async () => {
    await thousand();
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
    await thousand();
    const setting = (prop: string) =>
      dialogs.popover(page).locator(`.column-settings__row[data-prop="${prop}"]`);
    const heads = () => grid().locator('thead th');
    await list.root.getByRole('button', { name: 'Column settings' }).click();
    await setting('remark').locator('.column-settings__fixed').click();
    // Frozen: in the header's fixed block and in each row's left pane, after the organisation code.
    await poll(() => heads().filter({ hasText: 'Remark' }).getAttribute('class')).toContain(
      'screen-grid__th--fixed',
    );
    await poll(() => part('left', 0).locator('> *').count()).toBe(3);
    await setting('orgShortName').locator('.column-settings__show').click();
    await poll(() => heads().filter({ hasText: 'Short name' }).count()).toBe(0);
    await shot(page, 'list-1000-columns');
    await dialogs.popover(page).getByRole('button', { name: 'Reset to default' }).click();
    await poll(() => heads().filter({ hasText: 'Short name' }).count()).toBe(1);
    await poll(() => part('left', 0).locator('> *').count()).toBe(2);
    await page.keyboard.press('Escape');
  });

  it('offers all data past limitCount and loads it after confirm.allData', async () => {
    await thousand();
    const more = list.root.locator('.screen-list__more');
    await more.waitFor();
    await more.click();
    await poll(() => dialogs.confirm(page).textContent()).toContain('Load all data?');
    await dialogs.confirm(page).getByRole('button', { name: 'OK' }).click();
    await poll(() => lastSearch()?.condition.limitCount).toBe(0);
    await more.waitFor({ state: 'hidden' });
  });

  it('shows the empty state when a search finds nothing at 1000 a page, and the rows again after', async () => {
    await thousand();
    const keyword = list.root.getByPlaceholder('Organization code or name');
    await keyword.fill('no-such-organisation');
    await keyword.press('Enter');
    await poll(() => lastSearch()?.condition.keyword).toBe('no-such-organisation');
    await grid().locator('.screen-grid__empty .ant-empty').waitFor();
    expect(await gridRows().count()).toBe(0);
    await shot(page, 'list-1000-empty');
    await keyword.fill('');
    await keyword.press('Enter');
    await poll(() => gridRows().count()).toBeGreaterThan(10);
  });
});

describe('list page: toolbar folding', () => {
  it('folds the buttons that do not fit into More, and opens them again when there is room', async () => {
    // A page of 20 rows: folding is about the toolbar, not the table. The page size a user picks is
    // kept on the server, and the tests above picked 1000: back to 20 first.
    const saved = await portal.server.call(
      'ISysViewService/savePageSize',
      { condition: { module: 'Base.Basic.Organizational', pageSize: 20 } },
      { token: await portal.token('admin') },
    );
    expect(saved.body.code).toBe('0');
    const { page, list } = await openList();
    await poll(() => list.rows().count()).toBe(20);
    const ALL = ['Add', 'Modify', 'Delete', 'Import', 'Export', 'Print'];
    const open = () =>
      list.root.locator('.screen-list__toolbar > button, .screen-list__toolbar > span button');
    await poll(() => open().allTextContents()).toEqual(ALL);
    await page.setViewportSize({ width: 1000, height: 900 });
    const more = list.root.locator('.screen-list__more-actions');
    await more.waitFor();
    await poll(async () => (await open().allTextContents()).length).toBeLessThan(ALL.length);
    await more.click();
    await poll(() => dialogs.dropdown(page).locator('.ant-dropdown-menu-item').allTextContents()).toContain(
      'Export',
    );
    await shot(page, 'list-toolbar-folded');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
    await more.waitFor({ state: 'hidden' });
    await poll(() => open().allTextContents()).toEqual(ALL);
    await page.context().close();
  });
});
