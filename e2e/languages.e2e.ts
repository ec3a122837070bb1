// The four languages through the top bar's language selector: each switch shows the side menu's titles
// and a form's validation message in that language, with the texts taken from locales/ itself.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, FormPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';

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

/** Each switch starts from the language before it in the list (English before the first). */
const SWITCHES = LANGUAGES.map((to, i) => ({ ...to, from: LANGUAGES.at(i - 1)! }));

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

describe('languages', () => {
  it.each(SWITCHES)(
    'switches to $code from the top bar: menu titles and validation messages follow',
    async ({ code, name, from }) => {
      const { context, page } = await portal.signIn('admin', '/base/add-organizational', {
        language: from.code,
      });
      const form = await FormPage.of(page);
      const texts = locale(code);
      await page.locator('.topbar').getByRole('button', { name: from.name }).click();
      await page.getByRole('menuitem', { name }).click();
      // The success message, the top bar and the cookie say the new language.
      await poll(async () => (await dialogs.messages(page)).at(-1)).toContain(
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
      // The button by its name in this language, which antd spaces out when it has two Chinese
      // characters (保 存).
      const save = new RegExp(`^${[...texts['form.save']].join('\\s*')}$`);
      await form.root.getByRole('button', { name: save }).click();
      const required = texts['validation.required'].replace('{{label}}', texts['field.orgNo']);
      await form.item('orgNo').getByText(required, { exact: true }).waitFor();
      await shot(page, `language-${code}`);
      await context.close();
    },
  );
});
