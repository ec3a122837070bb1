// Business documents in the browser, through announcements: status tags from the document's
// declaration, a transition button disabled with a tip naming each row it refuses and why, the reason
// dialog that refuses an empty reason, a batch the server refuses with the summary of its refused row,
// the history timeline on the detail page, and a supplier who sees no purchaser transition.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DetailPage, dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

const MENU = 'Offsite.Announcement.News';
const PATH = '/deliverySchedule/announcement-news';
let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

/** Adds a draft announcement through the API and answers its number. */
async function draft(title: string, content: string | null): Promise<string> {
  const token = await portal.server.login('buyer');
  const r = await portal.server.call(
    'ISrmSysNewsService/addSysNews',
    { condition: { orgNo: 'SH01', title, content } },
    { token, menu: MENU },
  );
  expect(r.body.code, r.body.msg).toBe('0');
  return r.body.response.data.newsNo;
}

const tagOf = (list: ListPage, text: string) => list.row(text).locator('[data-state]');

async function openList(page: Page): Promise<ListPage> {
  const list = await ListPage.of(page, MENU);
  await list.waitForRows();
  // The declaration has arrived once the state column shows its coloured tags.
  await poll(() => list.root.locator('.ant-tag[data-state="1"].ant-tag-success').count()).toBeGreaterThan(0);
  return list;
}

describe('document transitions on announcements', () => {
  it('shows states as tags and disables a transition with a tip naming each refused row', async () => {
    const { page } = await portal.signIn('buyer', PATH);
    const list = await openList(page);
    expect(await tagOf(list, 'Old delivery address').textContent()).toBe('Canceled');
    expect(await tagOf(list, 'Price list for 2027').textContent()).toBe('Draft');

    const publish = list.action('transition').filter({ hasText: 'Publish' });
    await list.select('Price list for 2027');
    await list.select('New label format');
    await poll(() => publish.isDisabled()).toBe(true);
    await publish.hover({ force: true });
    const tip = dialogs.tooltip(page);
    await poll(() => tip.textContent()).toContain('Only records that are Draft can take this action');
    expect(await tip.textContent()).toMatch(/NT\d{12}: is Published/);
    await shot(page, 'documents-publish-disabled', false);

    // Draft rows only: enabled. The row buttons follow the state too: Publish on drafts, Cancel on
    // published ones.
    await list.row('New label format').locator('.ant-checkbox-input').uncheck();
    await poll(() => publish.isDisabled()).toBe(false);
    expect(
      await list.row('Price list for 2027').locator('[data-row-action="transition"]').allTextContents(),
    ).toEqual(['Publish']);
    expect(
      await list.row('New label format').locator('[data-row-action="transition"]').allTextContents(),
    ).toEqual(['Cancel']);
    expect(await list.row('Old delivery address').locator('[data-row-action="transition"]').count()).toBe(0);
    // Modify follows the document's editable states: drafts only.
    expect(await list.rowAction('Price list for 2027', 'modify').count()).toBe(1);
    expect(await list.rowAction('New label format', 'modify').count()).toBe(0);
  });

  it('asks for the reason a cancellation needs, refusing an empty one, and moves the row on', async () => {
    const { page } = await portal.signIn('buyer', PATH, { freshSession: true });
    const list = await openList(page);
    await list.rowAction('Stocktaking on Saturday', 'transition').click();
    const modal = dialogs.modal(page);
    await modal.waitFor();
    expect(await modal.locator('.ant-modal-title').textContent()).toBe('Cancel');
    await modal.locator('.ant-btn-primary').click();
    await poll(() => modal.locator('.ant-form-item-explain-error').textContent()).toBe(
      'Enter a reason for Cancel.',
    );
    await shot(page, 'documents-reason-required', false);
    await modal.locator('textarea').fill('Moved to Sunday');
    await modal.locator('.ant-btn-primary').click();
    await poll(() => tagOf(list, 'Stocktaking on Saturday').textContent()).toBe('Canceled');
    expect(await list.row('Stocktaking on Saturday').textContent()).toContain('Moved to Sunday');
  });

  it('a batch with one row the server refuses changes nothing and sums up the refused row', async () => {
    const good = await draft('Batch ready', 'Ready to go');
    const empty = await draft('Batch without text', null);
    const { page } = await portal.signIn('buyer', PATH, { freshSession: true });
    const list = await openList(page);
    await list.select('Batch ready');
    await list.select('Batch without text');
    await list.action('transition').filter({ hasText: 'Publish' }).click();
    const modal = dialogs.modal(page);
    await modal.waitFor();
    expect(await modal.textContent()).toContain(good);
    await modal.locator('.ant-btn-primary').click();
    const summary = page.locator('.transition-summary:visible');
    await summary.waitFor();
    expect(await summary.textContent()).toContain(
      '1 of 2 selected records were refused, so nothing was changed',
    );
    expect(await summary.locator(`[data-refused="${empty}"]`).textContent()).toContain(
      'the announcement has no text',
    );
    await shot(page, 'documents-batch-refused', false);
    await summary.locator('.ant-btn-primary').click();
    expect(await tagOf(list, 'Batch ready').textContent()).toBe('Draft');
    expect(await tagOf(list, 'Batch without text').textContent()).toBe('Draft');
  });

  it('shows the history as a timeline on the detail page', async () => {
    const { page } = await portal.signIn('buyer', PATH, { freshSession: true });
    const list = await openList(page);
    await list.rowAction('Old delivery address', 'view').click();
    const detail = await DetailPage.of(page);
    const timeline = detail.root.locator('[data-testid="document-history"]');
    await poll(() => timeline.locator('[data-history]').count()).toBe(2);
    const entries = await timeline.locator('[data-history]').allTextContents();
    expect(entries[0]).toMatch(/^Publish\s*Draft\s*→\s*Published/);
    expect(entries[1]).toContain('Cancel');
    expect(entries[1]).toContain('Reason: The new gate is open');
    expect(await detail.root.locator('.screen-form__title [data-state]').textContent()).toBe('Canceled');
    // Only drafts are modified: no Modify here; the chosen suppliers are shown, not edited.
    expect(await detail.root.locator('[data-action="modify"]').count()).toBe(0);
    expect(await detail.root.locator('[data-action="addRow"]').count()).toBe(0);
    await shot(page, 'documents-history', true);
  });

  it('takes a transition from the detail page: the button the state allows, the reason, the new state and its history', async () => {
    const { page } = await portal.signIn('buyer', PATH, { freshSession: true });
    const list = await openList(page);
    await list.rowAction('Receiving hours over the national holiday', 'view').click();
    const detail = await DetailPage.of(page);
    const title = detail.root.locator('.screen-form__title [data-state]');
    await poll(() => title.textContent()).toBe('Published');
    // Published: Cancel is offered, Publish is not, and neither is Modify.
    await poll(() => detail.root.locator('[data-action="transition"]').allTextContents()).toEqual(['Cancel']);
    expect(await detail.root.locator('[data-action="modify"]').count()).toBe(0);
    await detail.root.locator('[data-transition="cancel"]').click();
    const modal = dialogs.modal(page);
    await modal.locator('textarea').fill('Holiday moved');
    await modal.locator('.ant-btn-primary').click();
    await poll(() => title.textContent()).toBe('Canceled');
    expect(await detail.root.locator('[data-action="transition"]').count()).toBe(0);
    const entries = detail.root.locator('[data-testid="document-history"] [data-history]');
    await poll(() => entries.count()).toBe(2);
    expect(await entries.last().textContent()).toContain('Reason: Holiday moved');
  });

  it('a supplier sees what is meant for it, as tags, without the purchaser transitions', async () => {
    const { page } = await portal.signIn('supplier1', PATH);
    const list = await ListPage.of(page, MENU);
    await list.waitForRows();
    const titles = await list.rows().allTextContents();
    expect(titles.join('\n')).toContain('Quality review for Acme');
    expect(titles.join('\n')).not.toContain('Hanoi dock 2');
    expect(titles.join('\n')).not.toContain('Price list for 2027');
    expect(await list.action('transition').count()).toBe(0);
    expect(await list.root.locator('[data-row-action="transition"]').count()).toBe(0);
    await shot(page, 'documents-supplier', false);
  });
});

describe('document numbering', () => {
  it('an administrator adds a rule for one organisation; its next announcement is numbered by it', async () => {
    const { page } = await portal.signIn('admin', '/baseManage/doc-number');
    const rules = await ListPage.of(page, 'BaseManage.Config.DocNumber');
    await rules.action('add').click();
    await page.waitForURL(/\/baseManage\/add-doc-number$/);
    const form = await FormPage.of(page);
    const choose = async (prop: string, title: string) => {
      await form.item(prop).locator('.ant-select-selector').click();
      await dialogs.option(page, title).click();
    };
    await choose('docKind', 'Announcement');
    await form.fill({ orgNo: 'HN01', prefix: 'HN-' });
    await choose('withOrg', 'Yes');
    await form.save();
    await page.waitForURL(/\/baseManage\/doc-number$/);
    await poll(() => rules.row('HN-').count()).toBe(1);
    await shot(page, 'documents-numbering', false);
    const token = await portal.server.login('buyer');
    const added = await portal.server.call(
      'ISrmSysNewsService/addSysNews',
      { condition: { orgNo: 'HN01', title: 'Numbered in Hanoi', content: 'x' } },
      { token, menu: MENU },
    );
    expect(added.body.response.data.newsNo).toMatch(/^HN-HN01\d{8}\d{4}$/);
  });
});
