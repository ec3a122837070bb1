// The four languages through the top bar's language selector: each switch shows the side menu's titles
// and a form's validation message in that language, with the texts taken from locales/ itself.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../tests/support/server';
import { launchBrowser } from './support/browser';
import { distDir, logIn, openPage, poll, SHOTS } from './support/session';

const locale = (lang: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../locales/${lang}.json`, import.meta.url)), 'utf8'),
  ) as Record<string, string>;
/** As the server seeds them (services/seed/platform.ts): what the selector lists. */
const LANGUAGES = [
  { code: 'zh-CN', name: '简体中文' },
  { code: 'zh-TW', name: '繁體中文' },
  { code: 'vi', name: 'Tiếng Việt' },
  { code: 'en-US', name: 'English' },
];

let server: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startTestServer({ staticDir: distDir });
  browser = await launchBrowser();
  ({ context, page } = await openPage(browser, server));
  await logIn(page, server, 'admin', '/base/add-organizational');
  await page.locator('.screen-form:visible').waitFor();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('languages', () => {
  let current = 'English';

  it.each(LANGUAGES)(
    'switches to $code from the top bar: menu titles and validation messages follow',
    async ({ code, name }) => {
      const texts = locale(code);
      await page.locator('.topbar').getByRole('button', { name: current }).click();
      await page.getByRole('menuitem', { name }).click();
      current = name;
      // The success message, the top bar and the cookie say the new language.
      await poll(() => page.locator('.ant-message-notice').last().textContent()).toContain(
        texts['layout.languageChanged'],
      );
      await page.locator('.topbar').getByRole('button', { name }).waitFor();
      expect((await context.cookies()).find((c) => c.name === 'language')?.value).toBe(code);

      // The side menu's title of the open page's menu, as the server translates it.
      await page
        .locator('.side-menu')
        .getByText(texts['menu.Base.Basic.Organizational'], { exact: true })
        .waitFor();

      // Saving the empty add form: the required message of the organisation code, in this language.
      const form = page.locator('.screen-form:visible');
      // antd spaces out a two-character Chinese button text (保 存).
      const save = new RegExp(`^${[...texts['form.save']].join('\\s*')}$`);
      await form.getByRole('button', { name: save }).click();
      const required = texts['validation.required'].replace('{{label}}', texts['field.orgNo']);
      await form.locator('[data-prop="orgNo"]').getByText(required, { exact: true }).waitFor();
      await page.screenshot({ path: `${SHOTS}/language-${code}.png` });
    },
  );
});
