// WCAG 2.1 A/AA in Chromium against the real server: axe-core over every page kind and dialog (the walk
// of e2e/support/a11yWalk.ts, one page per role), each page with one h1 and the language of the
// interface; and a keyboard-only walk: log in, open a list from the menu, search, sort by a header,
// select a row, open modify, change a field and save, then type a date into an add form's picker,
// without the mouse.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, poll } from './pages';
import { a11yViolations, describeViolations } from './support/a11y';
import {
  type Scan,
  seedA11yData,
  walkAdmin,
  walkBuyer,
  walkLogin,
  walkSupplier,
  walkSupplier2,
} from './support/a11yWalk';
import { type Portal, shot, startPortal } from './support/portal';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
  await seedA11yData(portal.server.server.database.db);
});

afterAll(async () => {
  await portal?.close();
});

/** A scan that records what is wrong at each stop, so one run names every page that breaks a rule. */
function collector(): { scan: Scan; problems: string[] } {
  const problems: string[] = [];
  const scan: Scan = async (page, name, within) => {
    const violations = await a11yViolations(page, within);
    if (violations.length) problems.push(`${name}:\n${describeViolations(violations)}`);
    const h1 = await page
      .locator('h1')
      .evaluateAll((all) => all.filter((h) => h.getClientRects().length).length);
    if (h1 !== 1) problems.push(`${name}: ${h1} h1 headings shown, not one`);
    const lang = await page.evaluate(() => document.documentElement.lang);
    if (lang !== 'en-US') problems.push(`${name}: <html lang="${lang}">`);
    await shot(page, `a11y-${name.replace(/\W+/g, '-')}`, false);
  };
  return { scan, problems };
}

describe('WCAG 2.1 A/AA on every page kind and dialog (axe-core)', () => {
  it('the login page, and the administrator: lists, searches, dialogs, forms, detail and settings', async () => {
    const { scan, problems } = collector();
    const login = await walkLogin(portal, scan);
    await login.context().close();
    const page = await walkAdmin(portal, scan);
    await page.context().close();
    expect(problems).toEqual([]);
    // The longest walk of the suite (about 110 s beside another e2e file on two cores).
  }, 240_000);

  it("a supplier's order line list", async () => {
    const { scan, problems } = collector();
    const page = await walkSupplier(portal, scan);
    await page.context().close();
    expect(problems).toEqual([]);
  });

  it('the business pages of the buyer and of the second supplier, each with its dashboard', async () => {
    const { scan, problems } = collector();
    for (const walk of [walkBuyer, walkSupplier2]) {
      const page = await walk(portal, scan);
      await page.context().close();
    }
    expect(problems).toEqual([]);
  });
});

/** What has the focus: its tag, classes, name and text, for the walk to look for. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    const row = el.closest('[data-row-key], tr[data-row-key]')?.getAttribute('data-row-key') ?? '';
    return [
      el.tagName,
      el.className,
      el.getAttribute('name') ?? '',
      el.getAttribute('aria-label') ?? '',
      el.getAttribute('data-action') ?? '',
      el.closest('[data-prop]')?.getAttribute('data-prop') ?? '',
      row,
      el.textContent?.trim().slice(0, 60) ?? '',
    ].join('|');
  });

/** Presses Tab until the focus is on what `want` accepts, as a keyboard user looks for a control. */
async function tabTo(
  page: Page,
  want: (focus: string) => boolean,
  what: string,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (want(await focused(page))) return;
    await page.keyboard.press(key);
  }
  throw new Error(`Tab never reached ${what}; the focus is on ${await focused(page)}`);
}

describe('keyboard only', () => {
  it('logs in, opens a list from the menu, searches, selects a row, modifies and saves', async () => {
    const { context, page } = await portal.profile();
    await page.goto(`${portal.server.url}/login`);
    await page.locator('input[name="userNo"]').waitFor();
    await tabTo(page, (f) => f.includes('|userNo|'), 'the user field');
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('demo1234');
    await page.keyboard.press('Enter');
    await page.locator('.shell .side-menu').waitFor();

    // The spec's shortcut opens the all-menu panel with the focus in its search.
    await page.keyboard.press('Alt+C');
    await poll(() => focused(page)).toMatch(/^INPUT/);
    await page.keyboard.type('Organization');
    await tabTo(page, (f) => f.includes('menu-panel__link') && /\|Organization/.test(f), 'the menu entry');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/base\/organizational$/);
    await page.locator('.screen-list:visible tbody tr.ant-table-row').first().waitFor();

    // Search with the keyword box.
    await tabTo(
      page,
      (f) => f.startsWith('INPUT|') && f.includes('|Organization code or name|'),
      'the keyword box',
    );
    await page.keyboard.type('SH01');
    await page.keyboard.press('Enter');
    await poll(() => page.locator('.screen-list:visible tbody tr.ant-table-row').count()).toBe(1);

    // Sort by a column from its header: Enter on the focused header sorts, and says so (aria-sort).
    await tabTo(page, (f) => f.startsWith('TH|') && f.endsWith('|Organization code'), 'the code header');
    const sorted = page.waitForResponse((r) => r.url().endsWith('/IBmOrgService/getbmorglistbyparams'));
    await page.keyboard.press('Enter');
    await sorted;
    await poll(() =>
      page
        .locator('.screen-list:visible thead th', { hasText: 'Organization code' })
        .getAttribute('aria-sort'),
    ).toMatch(/ascending|descending/);

    // Select the row with Space on its checkbox, then Modify.
    await tabTo(page, (f) => f.includes('Select row: SH01'), "the row's checkbox");
    await page.keyboard.press('Space');
    const modify = page.locator('.screen-list:visible [data-action="modify"]');
    await poll(() => modify.isDisabled()).toBe(false);
    // The toolbar comes before the table: back to it.
    await tabTo(page, (f) => f.includes('|modify|'), 'Modify', 'Shift+Tab');
    // A visible focus ring on the button.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe(
      'none',
    );
    await page.keyboard.press('Enter');
    await page.locator('.screen-form:visible [data-prop="orgShortName"] input').waitFor();

    await tabTo(page, (f) => f.includes('|orgShortName|'), 'the short name');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Shanghai by keys');
    await tabTo(page, (f) => /^BUTTON\|[^|]*ant-btn-primary/.test(f), 'Save');
    const saved = page.waitForResponse((r) => r.url().endsWith('/IBmOrgService/updatebmorgbyid'));
    await page.keyboard.press('Enter');
    expect((await saved).ok()).toBe(true);
    await page.waitForURL(/\/base\/organizational$/);
    // The toast is said in the live region as it shows.
    await poll(() => page.locator('[data-live="status"]').textContent()).toMatch(/\S/);

    // The shortcuts are listed in a dialog opened with ?, which gives the focus back when it closes.
    await page.keyboard.press('Escape');
    await page.keyboard.press('?');
    await dialogs.modal(page).filter({ hasText: 'Keyboard shortcuts' }).waitFor();
    expect(await dialogs.modal(page).locator('kbd').allTextContents()).toEqual(
      expect.arrayContaining(['Alt', 'C', 'Q']),
    );
    // The dialog holds the focus while open.
    await poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-modal'))).toBe(true);
    await page.keyboard.press('Escape');
    await poll(() => dialogs.modal(page).count()).toBe(0);

    // A date is typed into its picker and taken with Enter (the calendar is for the mouse).
    await page.keyboard.press('Alt+C');
    await poll(() => focused(page)).toMatch(/^INPUT/);
    // The panel keeps the last search, selected: typing replaces it.
    await page.keyboard.type('Suppliers');
    await page.locator('.menu-panel__link', { hasText: 'Suppliers' }).waitFor();
    await tabTo(page, (f) => f.includes('menu-panel__link') && /\|Suppliers/.test(f), 'the supplier entry');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/base\/supplier$/);
    await page
      .locator('.shell__page[data-page-path="/base/supplier"] .screen-list tbody tr.ant-table-row')
      .first()
      .waitFor();
    // The page shown takes the focus from the one it replaced: Tab goes on from its top.
    await tabTo(page, (f) => f.includes('|add|'), 'Add');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/base\/add-supplier$/);
    const date = page.locator('.screen-form:visible [data-prop="establishDate"] input');
    await date.waitFor();
    await tabTo(page, (f) => f.startsWith('INPUT|') && f.includes('|establishDate|'), 'the date field');
    await page.keyboard.type('2026-11-02');
    await page.keyboard.press('Enter');
    await poll(() => date.inputValue()).toBe('2026-11-02');
    await poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
    await context.close();
  });
});
