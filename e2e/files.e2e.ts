// Files in Chromium against the real server: a supplier changes the avatar on the user-info page and
// sees it in the top bar; an administrator uploads on file management (a disguised file is refused by
// the server and says so), downloads the upload and gets the same bytes; a mobile app version with the
// version number '1.0(2)' is refused in the user's language (zh-CN), then '1.0.2' is saved.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fx from '../tests/support/file-fixtures';
import { dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { openByClick, recordCalls } from './support/session';

let portal: Portal;
let work: string;

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Writes a fixture where the file chooser can pick it up. */
function onDisk(name: string, data: Buffer): string {
  const path = join(work, name);
  writeFileSync(path, data);
  return path;
}

/** Waits for the upload call's answer and returns its envelope. */
async function uploaded(page: Page, choose: () => Promise<void>) {
  const answer = page.waitForResponse((r) => r.url().includes('/ISrmFileService/uploadFile'));
  await choose();
  return (await answer).json();
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'srm-e2e-files-'));
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

describe('the avatar', () => {
  it('a supplier uploads a jpg on the user-info page and sees it in the top bar', async () => {
    const { page } = await portal.signIn('supplier1', '/setting/user-info');
    const topBar = page.locator('[data-testid="user-menu"] .ant-avatar');
    await poll(() => topBar.getAttribute('data-avatar')).toBe('initial');
    await page.locator('[data-action="changeAvatar"]').waitFor();

    // A pdf is refused in the browser with the spec's message, and nothing is sent.
    const calls = recordCalls(page, (c) => c.startsWith('ISrmFileService/uploadFile'));
    await page.locator('.page-card input[type="file"]').setInputFiles(onDisk('me.pdf', await fx.pdf()));
    await poll(() => dialogs.messages(page)).toContain(
      'Only files in the format of jpg, png can be uploaded',
    );
    expect(calls).toHaveLength(0);

    const answer = await uploaded(page, () =>
      page.locator('.page-card input[type="file"]').setInputFiles(onDisk('me.jpg', fx.avatarJpg())),
    );
    expect(answer).toMatchObject({
      code: '0',
      response: { data: { module: 'avatar', originalName: 'me.jpg' } },
    });
    await poll(() => topBar.getAttribute('data-avatar')).toBe('image');
    await poll(() => topBar.locator('img').getAttribute('src')).toMatch(/^blob:/);
    await poll(() => page.locator('.page-card .ant-avatar[data-avatar="image"] img').count()).toBe(1);
    // The image really drew (a broken one has no natural width).
    await poll(() => topBar.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(
      96,
    );
    await shot(page, 'files-avatar');

    // After a reload the avatar comes back from getUserInfo's url.
    await page.reload();
    await poll(() => page.locator('[data-testid="user-menu"] .ant-avatar').getAttribute('data-avatar')).toBe(
      'image',
    );
    await page.context().close();
  });
});

describe('file management', () => {
  it('uploads, refuses a disguised file with the server message, and downloads the same bytes', async () => {
    const { page } = await portal.signIn('admin', '/base/file-management');
    const list = await ListPage.of(page);
    await list.action('upload').click();
    const dialog = dialogs.modal(page).locator('[data-dialog="upload"]');
    await dialog.waitFor();

    const report = await fx.pdf();
    const answer = await uploaded(page, () =>
      dialog.locator('input[type="file"]').setInputFiles([onDisk('送货单 report.pdf', report)]),
    );
    expect(answer.response.data).toMatchObject({
      originalName: '送货单 report.pdf',
      sizeBytes: report.length,
    });
    await poll(() => dialog.locator('.file-upload__item[data-status="done"]').count()).toBe(1);

    // A program renamed .pdf passes the browser's extension check; the server refuses it by content.
    const refused = await uploaded(page, () =>
      dialog.locator('input[type="file"]').setInputFiles([onDisk('invoice.pdf', fx.exe())]),
    );
    expect(refused).toMatchObject({ code: '10062' });
    await poll(() =>
      dialog.locator('.file-upload__item[data-status="error"] .file-upload__error').textContent(),
    ).toBe("The file's content does not match its extension .pdf, so it was not uploaded.");
    await shot(page, 'files-upload-dialog');

    const reloaded = page.waitForResponse((r) => r.url().includes('/ISrmFileService/getSrmFileList'));
    await page.locator('[data-action="uploadDone"]').click();
    await reloaded;
    const row = list.row('送货单 report.pdf');
    await poll(() => row.count()).toBe(1);
    expect(await list.row('invoice.pdf').count()).toBe(0);
    await shot(page, 'files-management');

    const download = page.waitForEvent('download');
    await list.rowAction('送货单 report.pdf', 'download').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('送货单 report.pdf');
    expect(sha256(readFileSync((await file.path())!))).toBe(sha256(report));
    await page.context().close();

    // The buyer may look and download, not upload or delete.
    const buyer = await portal.signIn('buyer', '/base/file-management');
    const buyerList = await ListPage.of(buyer.page);
    const buyerRow = buyerList.row('report.pdf');
    await poll(() => buyerRow.count()).toBe(1);
    expect(
      await buyerRow
        .locator('[data-row-action]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-row-action'))),
    ).toEqual(['download']);
    expect(await buyerList.action('upload').count()).toBe(0);
    await shot(buyer.page, 'files-management-buyer');
    await buyer.context.close();
  });
});

describe('mobile app versions, in Chinese', () => {
  it("refuses the version number '1.0(2)' in the user's language, then saves '1.0.2' with its package", async () => {
    const { page } = await portal.signIn('admin', '/baseManage/app-version', { language: 'zh-CN' });
    const list = await ListPage.of(page);
    await openByClick(page, list.action('add'), /\/baseManage\/add-app-version$/);
    const form = await FormPage.of(page);
    const item = (prop: string) => form.item(prop);
    const adds = recordCalls(page, (c) => c === 'ISysAppVersionService/addSysAppVersion');

    const pkg = await fx.apk();
    const answer = await uploaded(page, () =>
      item('fileId').locator('input[type="file"]').setInputFiles(onDisk('wms-pda-1.0.2.apk', pkg)),
    );
    expect(answer.response.data).toMatchObject({ module: 'appVersion' });
    await poll(() => item('fileId').locator('.file-upload__item[data-status="done"]').count()).toBe(1);

    await form.input('versionNo').fill('1.0(2)');
    await form.save();
    await poll(() => form.errors()).toContain('版本号不能包含括号');
    expect(adds).toHaveLength(0);
    await shot(page, 'files-app-version-refused-zh');

    await form.input('versionNo').fill('1.0.2');
    await item('remark').locator('textarea').fill('PDA 发布');
    const saved = page.waitForResponse((r) => r.url().includes('/ISysAppVersionService/addSysAppVersion'));
    await form.save();
    expect(await (await saved).json()).toMatchObject({
      code: '0',
      response: { data: { versionNo: '1.0.2', fileName: 'wms-pda-1.0.2.apk', sizeBytes: pkg.length } },
    });
    await page.waitForURL(/\/baseManage\/app-version$/);
    await poll(() => list.row('1.0.2').count()).toBe(1);
    await shot(page, 'files-app-version-list-zh');

    // The detail drawer shows the package read-pretty: its name, a link that downloads it.
    await list.rowAction('1.0.2', 'view').click();
    const link = dialogs.drawer(page).locator('[data-prop="fileId"] .file-links__link');
    await poll(() => link.textContent()).toContain('wms-pda-1.0.2.apk');
    await shot(page, 'files-app-version-detail-zh');
    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('wms-pda-1.0.2.apk');
    expect(sha256(readFileSync((await file.path())!))).toBe(sha256(pkg));
    await page.context().close();
  });
});
