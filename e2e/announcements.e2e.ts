// Announcements in Chromium against the real server: the buyer writes an announcement to everyone with
// rich text and an attachment on the add form and publishes it from the list, and publishes one to
// supplier1 only; a visitor sees the public top one on the login page and reads it on the public
// page; supplier1 finds both in its announcement list, supplier2 only the public one; opening one marks
// it read and offers its attachment.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

const MENU = 'Offsite.Announcement.News';
const PUBLIC_TITLE = 'Dock opening hours from Monday';
const ACME_TITLE = 'Acme: new pallet labels';
let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
  // The one to supplier1 only, through the API (the form is shown with the public one).
  const token = await portal.token('buyer');
  const added = await portal.server.call(
    'ISrmSysNewsService/addSysNews',
    {
      condition: {
        orgNo: 'SH01',
        title: ACME_TITLE,
        content: '<p>Use the <strong>new pallet labels</strong> from Monday.</p>',
        publishTarget: '3',
        supplierList: [{ supplierNo: 'SUP001' }],
      },
    },
    { token, menu: MENU },
  );
  expect(added.body.code, added.body.msg).toBe('0');
  const { id, version } = added.body.response.data;
  const published = await portal.server.call(
    'ISrmSysNewsService/publishSysNews',
    { condition: { rows: [{ id, version }] } },
    { token, menu: MENU },
  );
  expect(published.body.code, published.body.msg).toBe('0');
});

afterAll(async () => {
  await portal?.close();
});

/** The announcement list of the logged-in user: its rows by title. */
const noticeRow = (page: Page, title: string) =>
  page.locator('[data-page="newsnotice-list"]:visible .ant-list-item', { hasText: title });

describe('announcements', () => {
  it('the buyer writes one to everyone with rich text and an attachment, and publishes it', async () => {
    const { page } = await portal.signIn('buyer', '/deliverySchedule/add-announcement-news');
    const form = await FormPage.of(page);
    const choose = async (prop: string, option: string) => {
      await form.item(prop).locator('.ant-select-selector').click();
      await dialogs.option(page, option).click();
    };
    await form.item('orgNo').locator('.ant-select-selector').click();
    await dialogs.options(page).filter({ hasText: 'Shanghai' }).first().click();
    await form.fill({ title: PUBLIC_TITLE });
    await choose('publishTarget', 'Everyone');
    await choose('isTop', 'Yes');
    // The text: typed, then a word made bold with the toolbar; the preview shows it as readers will.
    const source = form.item('content').locator('textarea');
    await source.fill('Docks open at 7:00. Bring the notice number.');
    await source.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(14, 18));
    await form.item('content').locator('[data-tool="bold"]').click();
    await poll(() => source.inputValue()).toBe(
      'Docks open at <strong>7:00</strong>. Bring the notice number.',
    );
    await form.item('content').getByText('Preview').click();
    await poll(() => form.item('content').locator('.news-content strong').textContent()).toBe('7:00');
    // The attachment, uploaded at once to the file store.
    const uploaded = page.waitForResponse((r) => r.url().includes('/ISrmFileService/uploadFile'));
    await form
      .item('fileIds')
      .locator('input[type="file"]')
      .setInputFiles({
        name: 'dock-plan.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Dock 1: 7:00-15:00\n'),
      });
    expect((await (await uploaded).json()).code).toBe('0');
    await shot(page, 'announcements-add', false);
    await form.save();
    await page.waitForURL(/\/deliverySchedule\/announcement-news$/);

    const list = await ListPage.of(page, MENU);
    await poll(() => list.row(PUBLIC_TITLE).count()).toBe(1);
    await list.row(PUBLIC_TITLE).locator('[data-row-action="transition"]', { hasText: 'Publish' }).click();
    const modal = dialogs.modal(page);
    await modal.waitFor();
    await modal.locator('.ant-btn-primary').click();
    await poll(() => list.row(PUBLIC_TITLE).locator('[data-state]').textContent()).toBe('Published');
    await page.close();
  });

  it('a visitor sees the public top one on the login page and reads it without logging in', async () => {
    const { page } = await portal.profile();
    await page.goto(`${portal.server.url}/login`);
    const top = page.locator('.top-news');
    await poll(() => top.locator('li').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining(PUBLIC_TITLE)]),
    );
    expect(await top.textContent()).not.toContain(ACME_TITLE);
    await shot(page, 'announcements-login', false);
    await top.getByText(PUBLIC_TITLE).click();
    await page.waitForURL(/\/announcement-detail\?id=/);
    const article = page.locator('.announcement__article');
    await poll(() => article.locator('h1').textContent()).toContain(PUBLIC_TITLE);
    expect(await article.locator('.news-content strong').textContent()).toBe('7:00');
    await shot(page, 'announcements-public-detail', false);
    await page.getByText('All announcements').first().click();
    await page.waitForURL(/\/announcement$/);
    await poll(() => page.locator('.announcement__list .ant-list-item').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining(PUBLIC_TITLE)]),
    );
    expect(await page.locator('.announcement__list').textContent()).not.toContain(ACME_TITLE);
    await shot(page, 'announcements-public-list', false);
    await page.close();
  });

  it('supplier1 sees both, supplier2 only the public one; opening one marks it read', async () => {
    const two = await portal.signIn('supplier2', '/newsnotice-list');
    await poll(() => noticeRow(two.page, PUBLIC_TITLE).count()).toBe(1);
    expect(await noticeRow(two.page, ACME_TITLE).count()).toBe(0);
    await two.page.close();

    const { page } = await portal.signIn('supplier1', '/newsnotice-list');
    await poll(() => noticeRow(page, ACME_TITLE).count()).toBe(1);
    await poll(() => noticeRow(page, PUBLIC_TITLE).count()).toBe(1);
    expect(await noticeRow(page, PUBLIC_TITLE).getAttribute('data-read')).toBe('N');
    await shot(page, 'announcements-notice-list', false);

    await noticeRow(page, PUBLIC_TITLE).locator('a').first().click();
    await page.waitForURL(/\/newsnotice-list-detail\?id=/);
    const detail = page.locator('[data-page="newsnotice-detail"]:visible');
    await poll(() => detail.locator('[data-testid="read-state"]').textContent()).toBe('Read');
    await poll(() => detail.locator('.news-notice__files').textContent()).toContain('dock-plan.txt');
    const download = page.waitForEvent('download');
    await detail.getByText('dock-plan.txt').click();
    expect((await download).suggestedFilename()).toBe('dock-plan.txt');
    await shot(page, 'announcements-notice-detail', false);

    // Back on the list, the opened one is read and the other still unread.
    await page.goto(`${portal.server.url}/newsnotice-list`);
    await poll(() => noticeRow(page, PUBLIC_TITLE).getAttribute('data-read')).toBe('Y');
    expect(await noticeRow(page, ACME_TITLE).getAttribute('data-read')).toBe('N');
    await page.close();
  });
});
