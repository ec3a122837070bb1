// The walk the accessibility check takes over every page kind and dialog, one browser page per role:
// `scan(page, name)` is called at each stop with the page showing it. e2e/a11y.e2e.ts fails on what
// the scans find; `npm run check:a11y` (scripts/check-a11y.ts) prints it per stop. Pages are opened
// as the menu opens them (the router's history, no page load), dialogs by their buttons, and closed
// again with Escape, as a keyboard user would.
import type { Kysely } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import type { DB } from '../../services/db/generated.js';
import { seedOrganisations } from './seed';
import { openInApp } from './session';

/** Checks the page as it shows now; only inside `within` (an open dialog or popover) when given. */
export type Scan = (page: Page, name: string, within?: string) => Promise<void>;

export interface WalkPortal {
  signIn(userNo: string, path?: string): Promise<{ page: Page }>;
  profile(): Promise<{ page: Page }>;
  server: { url: string };
}

/**
 * How long the walk waits for a page to show (a wait, not a limit on the page): a loaded 2-core machine
 * has taken over 20 s for a business list with the whole suite running beside it.
 */
const TIMEOUT = 45_000;
/** The open modal dialog, for a scan of the dialog alone. */
const MODAL = '.ant-modal-wrap:not([style*="display: none"])';

/** Organisations enough for a page of 1000 to render as the large-page grid (above 100 rows). */
export function seedA11yData(db: Kysely<DB>): Promise<void> {
  return seedOrganisations(db, 150, 'A', 'Access organisation');
}

/**
 * Opens `path` in the running app, as a menu entry does (no page load), and waits until its tab is the
 * active one. On a loaded machine the app can still be settling the page before (its own redirect or
 * tab restore) when the history entry arrives and take the address back: then the entry is sent again,
 * up to twice, instead of waiting for a page that was never asked for.
 */
export async function go(page: Page, path: string): Promise<void> {
  const pathname = path.split('?')[0];
  const active = page.locator(`.shell__tabs .ant-tabs-tab-active [data-tab-path^="${pathname}"]`);
  for (let attempt = 1; ; attempt++) {
    await openInApp(page, path);
    try {
      await active.waitFor({ timeout: attempt < 3 ? 10_000 : TIMEOUT });
      break;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
  await page.waitForURL((u) => u.pathname === pathname, { timeout: TIMEOUT });
}

const visible = (page: Page, selector: string) => page.locator(`${selector}:visible`).first();
const list = (page: Page) => visible(page, '.screen-list');
const rows = (page: Page) => list(page).locator('tbody tr.ant-table-row');
const modal = (page: Page) => visible(page, '.ant-modal-wrap .ant-modal');

/** Waits until nothing `locator` finds is left (spinners that stop one after another). */
async function allGone(locator: Locator): Promise<void> {
  while (await locator.count()) await locator.first().waitFor({ state: 'detached', timeout: TIMEOUT });
}

async function shown(locator: Locator): Promise<Locator> {
  await locator.waitFor({ timeout: TIMEOUT });
  return locator;
}

/** The visible list with its first row. */
async function listRows(page: Page): Promise<void> {
  await shown(rows(page).first());
  await allGone(page.locator('.screen-list:visible .ant-spin-spinning'));
}

/** Picks the list's page size in its pagination. */
async function pageSize(page: Page, size: number): Promise<void> {
  await list(page).locator('.ant-pagination-options .ant-select-selector').click();
  await visible(page, `.ant-select-dropdown .ant-select-item-option[title="${size} / page"]`).click();
}

/** Closes the open dialog, popover or drawer with Escape and waits until it has gone. */
async function pressEscape(page: Page, selector: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.locator(`${selector}:visible`).first().waitFor({ state: 'hidden', timeout: TIMEOUT });
}

/** Opens a toolbar action's dialog, scans it, closes it. */
async function toolbarDialog(page: Page, scan: Scan, action: string, name: string): Promise<void> {
  await list(page).locator(`.screen-list__toolbar [data-action="${action}"]`).first().click();
  await shown(modal(page));
  await allGone(page.locator('.ant-modal-wrap:visible .ant-spin-spinning'));
  await scan(page, name, MODAL);
  await pressEscape(page, '.ant-modal-wrap .ant-modal');
}

export async function walkLogin(portal: WalkPortal, scan: Scan): Promise<Page> {
  const { page } = await portal.profile();
  await page.goto(`${portal.server.url}/login`);
  await shown(page.locator('form input').first());
  await scan(page, 'login');
  return page;
}

/** The administrator's walk over every page kind and dialog. */
export async function walkAdmin(portal: WalkPortal, scan: Scan): Promise<Page> {
  const { page } = await portal.signIn('admin', '/dashboard');
  await shown(visible(page, '.dashboard'));
  await allGone(page.locator('.dashboard .ant-spin-spinning'));
  await scan(page, 'dashboard');

  await go(page, '/base/organizational');
  await listRows(page);
  await scan(page, 'list (20 rows)');

  await list(page).locator('.screen-list__search button:has(.anticon-filter)').click();
  await shown(visible(page, '.screen-list__advanced'));
  await scan(page, 'advanced search', '.ant-popover:not(.ant-popover-hidden)');
  await pressEscape(page, '.screen-list__advanced');

  await list(page).locator('button:has(.anticon-setting)').first().click();
  await shown(visible(page, '.column-settings'));
  await scan(page, 'column settings', '.ant-popover:not(.ant-popover-hidden)');
  await pressEscape(page, '.column-settings');

  await rows(page).first().locator('[data-row-action="view"]').first().click();
  await shown(visible(page, '.screen-list__drawer .screen-detail'));
  await scan(page, 'detail drawer', '.screen-list__drawer.ant-drawer-open');
  await pressEscape(page, '.screen-list__drawer .ant-drawer-content-wrapper');

  await rows(page).first().locator('[data-row-action="rows"]').first().click();
  await shown(modal(page));
  await page
    .locator('.ant-modal-wrap:visible .ant-table-row, .ant-modal-wrap:visible .ant-empty')
    .first()
    .waitFor();
  await scan(page, 'extra rows dialog', MODAL);
  await pressEscape(page, '.ant-modal-wrap .ant-modal');

  await toolbarDialog(page, scan, 'export', 'export dialog');
  await toolbarDialog(page, scan, 'import', 'import dialog');

  // The row's second view opens the detail page rather than the drawer.
  await rows(page).first().locator('[data-row-action="view"]').nth(1).click();
  await shown(visible(page, '.screen-detail .ant-descriptions-item, .screen-detail .ant-formily-item'));
  await scan(page, 'detail page');

  await go(page, '/base/organizational');
  await listRows(page);
  await pageSize(page, 1000);
  await shown(list(page).locator('.screen-grid__row[data-row-index="5"]').first());
  await scan(page, 'list (1000 rows, grid)');
  // The user's page size is kept: back to 20, as the other walks expect.
  await pageSize(page, 20);
  await listRows(page);

  await go(page, '/baseManage/add-user');
  await shown(visible(page, '.screen-form [data-prop="userNo"] input'));
  await scan(page, 'add form with tabs');
  await visible(page, '.screen-form [data-tab="menus"]').click();
  await shown(visible(page, '.screen-form .menu-permission-tree, .screen-form [data-prop="menuList"]'));
  await scan(page, 'add form, menu tab');

  await go(page, '/base/add-batch-rule');
  const form = () => visible(page, '.screen-form');
  await shown(form().locator('[data-action="addRow"]'));
  await form().locator('[data-action="addRow"]').click();
  await shown(form().locator('.editable-table tbody tr.ant-table-row'));
  await scan(page, 'add form with editable table');

  await go(page, '/base/batch-rule');
  await listRows(page);
  await rows(page).first().locator('.ant-checkbox-input, .ant-radio-input').first().check();
  await list(page).locator('.screen-list__toolbar [data-action="modify"]').click();
  await shown(visible(page, '.screen-form .editable-table tbody tr.ant-table-row'));
  await scan(page, 'modify form with editable table');

  await go(page, '/base/add-supplier-item');
  await shown(visible(page, '.screen-form [data-action="pickItem"]')).then((b) => b.click());
  await shown(visible(page, '.table-select-dialog tbody tr.ant-table-row'));
  await scan(page, 'table-select dialog', MODAL);
  await pressEscape(page, '.table-select-dialog');

  await go(page, '/base/warehouse');
  await listRows(page);
  await rows(page).first().locator('.ant-checkbox-input').check();
  await toolbarDialog(page, scan, 'print', 'print dialog');

  await go(page, '/setting/user-info');
  await shown(visible(page, '.page-card .ant-descriptions'));
  await scan(page, 'personal centre');
  await go(page, '/setting/password');
  await shown(visible(page, 'input[type="password"]'));
  await scan(page, 'password page');
  return page;
}

/** A supplier's walk: the dashboard and the order line list, the first business page. */
export async function walkSupplier(portal: WalkPortal, scan: Scan): Promise<Page> {
  const { page } = await portal.signIn('supplier1', '/orderCollaboration/userOrder');
  await listRows(page);
  await scan(page, 'order line list (supplier1)');
  return page;
}

/** A business walk: the role's dashboard, then each list once loaded, one scan a page. */
async function walkBusiness(portal: WalkPortal, scan: Scan, userNo: string, paths: string[]): Promise<Page> {
  const { page } = await portal.signIn(userNo, '/dashboard');
  await shown(visible(page, '.dashboard'));
  await allGone(page.locator('.dashboard .ant-spin-spinning'));
  await scan(page, `dashboard (${userNo})`);
  for (const path of paths) {
    await go(page, path);
    // Loaded: its rows, or its empty state where the role has none (the demo's receipts are
    // supplier1's).
    await shown(list(page).locator('tbody tr.ant-table-row, .ant-empty').first());
    await allGone(page.locator('.screen-list:visible .ant-spin-spinning'));
    await scan(page, `${path} (${userNo})`);
  }
  return page;
}

/** The purchaser's business pages: order lines, delivery notices to approve, receipts, qualifications. */
export const walkBuyer = (portal: WalkPortal, scan: Scan) =>
  walkBusiness(portal, scan, 'buyer', [
    '/orderCollaboration/userOrder',
    '/delivery/asn-list',
    '/receipt-tracking/acceptance-details',
    '/delivery/delivery-approval',
  ]);

/** The second supplier's: its delivery notices, receipts and qualifications. */
export const walkSupplier2 = (portal: WalkPortal, scan: Scan) =>
  walkBusiness(portal, scan, 'supplier2', [
    '/delivery/asnTracking',
    '/receipt-tracking/acceptance-details',
    '/delivery/delivery-approval',
  ]);
