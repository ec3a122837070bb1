// Page objects of the engine's page kinds and dialogs: the selectors of a list, a form, a detail page and
// the antd dialogs live here once, so a spec says what the user does ("search for T01", "save") and a
// change of markup is mended in one place.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** vitest's expect.poll with a timeout that fits a first page load on a loaded 2-core machine. */
export const poll = <T>(fn: () => T | Promise<T>, timeout = 10_000) => expect.poll(fn, { timeout });

/** The visible list page (other tabs stay mounted but hidden). */
export class ListPage {
  readonly root: Locator;
  constructor(readonly page: Page) {
    this.root = page.locator('.screen-list:visible');
  }
  /** The list of a given screen (its data-screen attribute), once it shows. */
  static async of(page: Page, screen?: string): Promise<ListPage> {
    const list = new ListPage(page);
    await (screen ? page.locator(`.screen-list[data-screen="${screen}"]:visible`) : list.root).waitFor();
    return list;
  }
  rows(): Locator {
    return this.root.locator('tbody tr.ant-table-row');
  }
  row(text: string | RegExp): Locator {
    return this.rows().filter({ hasText: text });
  }
  /** Waits until the table shows at least one row. */
  async waitForRows(): Promise<void> {
    await poll(() => this.rows().count()).toBeGreaterThan(0);
  }
  /** The texts of one column (1-based, counting the selection column). */
  cells(column: number): Promise<string[]> {
    return this.root.locator(`tbody tr.ant-table-row td:nth-child(${column})`).allTextContents();
  }
  async headers(): Promise<string[]> {
    return (await this.root.locator('thead th').allTextContents()).map((h) => h.trim()).filter(Boolean);
  }
  /** A toolbar button by its action name (add, modify, export, ...). */
  action(name: string): Locator {
    return this.root.locator(`[data-action="${name}"]`);
  }
  /** Runs a toolbar action by its kind and label: its button, or its entry under More when it folded. */
  async runAction(kind: string, label: string): Promise<void> {
    const button = this.root.locator(`.screen-list__toolbar [data-action="${kind}"]`, { hasText: label });
    if (await button.isVisible()) return button.click();
    await this.root.locator('.screen-list__more-actions').click();
    await dialogs.dropdown(this.page).locator(`[data-action="${kind}"]`, { hasText: label }).click();
  }
  /** A row's own action (view, delete, rows, custom, ...) on the row holding `text`. */
  rowAction(text: string | RegExp, name: string): Locator {
    return this.row(text).locator(`[data-row-action="${name}"]`);
  }
  keyword(): Locator {
    return this.root.locator('.screen-list__keyword input');
  }
  /** Types into the keyword box and searches (Enter). */
  /**
   * Types into the keyword box, searches (Enter) and waits until the list has answered that search:
   * until then the table still shows the rows (and versions) of the search before.
   */
  async search(text: string): Promise<void> {
    const answered = this.page.waitForResponse((r) => {
      const body = r.request().postData();
      if (!body) return false;
      try {
        return (JSON.parse(body) as { condition?: { keyword?: unknown } }).condition?.keyword === text;
      } catch {
        return false;
      }
    });
    await this.keyword().fill(text);
    await this.keyword().press('Enter');
    await answered;
    await poll(() => this.root.locator('.ant-spin-spinning').count()).toBe(0);
  }
  /** Ticks the selection checkbox of the row holding `text`. */
  async select(text: string | RegExp): Promise<void> {
    await this.row(text).locator('.ant-checkbox-input').check();
  }
  /** A header cell by its text. */
  header(text: string | RegExp): Locator {
    return this.root.locator('thead th', { hasText: text });
  }
  /** The More button of the row holding `text`, which opens the row actions that did not fit. */
  rowMore(text: string | RegExp): Locator {
    return this.row(text).locator('.screen-list__row-more');
  }
  /** Picks a page size in the pagination (`20 / page`, `1000 / page`, ...). */
  async pageSize(size: number): Promise<void> {
    await this.root.locator('.ant-pagination-options .ant-select-selector').click();
    await this.page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `${size} / page` })
      .click();
  }
  /** The button that opens the advanced search (by its filter icon: its label carries a count badge). */
  advancedSearch(): Locator {
    return this.root.locator('.screen-list__search button:has(.anticon-filter)');
  }
  /** The open advanced search: a popover, outside the list's root. */
  advanced(): Locator {
    return this.page.locator('.screen-list__advanced:visible');
  }
}

/** A page of one record, a form or a detail page: its visible root and its fields by prop. */
class RecordPage {
  readonly root: Locator;
  constructor(
    readonly page: Page,
    selector: string,
  ) {
    this.root = page.locator(selector);
  }
  item(prop: string): Locator {
    return this.root.locator(`[data-prop="${prop}"]`);
  }
}

/** `page` once its root shows. */
async function shown<P extends { root: Locator }>(page: P): Promise<P> {
  await page.root.waitFor();
  return page;
}

/** The visible form page (add or modify). */
export class FormPage extends RecordPage {
  constructor(page: Page) {
    super(page, '.screen-form:visible');
  }
  static of(page: Page): Promise<FormPage> {
    return shown(new FormPage(page));
  }
  input(prop: string): Locator {
    return this.item(prop).locator('input').first();
  }
  async fill(values: Record<string, string>): Promise<void> {
    for (const [prop, value] of Object.entries(values)) await this.input(prop).fill(value);
  }
  /** Picks `value` in a select or date field by typing it and pressing Enter. */
  async pick(prop: string, value: string): Promise<void> {
    const input = this.input(prop);
    await input.click();
    await input.fill(value);
    await input.press('Enter');
  }
  /** The messages under the fields, in page order. */
  errors(): Promise<string[]> {
    return this.root.locator('.ant-formily-item-error-help').allTextContents();
  }
  /** The help text under one field (a password field states the password policy there). */
  help(prop: string): Locator {
    return this.item(prop).locator('.ant-formily-item-extra');
  }
  /** The primary button of the form's footer (Save; found by class, as antd spaces two-character labels). */
  save(): Promise<void> {
    return this.root.locator('.screen-form__footer .ant-btn-primary').click();
  }
  alert(): Locator {
    return this.root.locator('.screen-form__alert');
  }
  /** The labels a select shows as chosen (one per tag in a multiple select). */
  selected(prop: string): Promise<string[]> {
    return this.item(prop).locator('.ant-select-selection-item').allTextContents();
  }
  /** The label of one of the form's tabs, by its key (basic, roles, menus, ...). */
  tab(key: string): Locator {
    return this.root.locator(`[data-tab="${key}"]`);
  }
  /** The key of the tab showing. */
  activeTab(): Promise<string | null> {
    return this.root.locator('.ant-tabs-tab-active [data-tab]').getAttribute('data-tab');
  }
}

/** The visible detail page (read-pretty). */
export class DetailPage extends RecordPage {
  constructor(page: Page) {
    super(page, '.screen-detail:visible');
  }
  static of(page: Page): Promise<DetailPage> {
    return shown(new DetailPage(page));
  }
}

/** antd's floating layers: the open modal, confirmation, drawer, popover, tooltip and messages. */
export const dialogs = {
  modal: (page: Page) => page.locator('.ant-modal:visible'),
  confirm: (page: Page) => page.locator('.ant-modal-confirm:visible'),
  drawer: (page: Page) => page.locator('.ant-drawer-content-wrapper:visible'),
  popover: (page: Page) => page.locator('.ant-popover:visible'),
  tooltip: (page: Page) => page.locator('.ant-tooltip:visible'),
  /** The open dropdown menu (a row's More, saved tags and views, the toolbar's More). */
  dropdown: (page: Page) => page.locator('.ant-dropdown:visible'),
  /** The options of the open select. */
  options: (page: Page) => page.locator('.ant-select-dropdown:visible .ant-select-item-option'),
  /** Closes the open drawer by its close button. */
  async closeDrawer(page: Page): Promise<void> {
    await page.locator('.ant-drawer:visible .ant-drawer-close').click();
  },
  /** The option titled `title` in the open select dropdown. */
  option: (page: Page, title: string) =>
    page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${title}"]`),
  /** The texts of the toast messages showing now. */
  messages: (page: Page) => page.locator('.ant-message-notice').allTextContents(),
  /** Presses the confirmation's primary button (OK, Delete, ...). */
  async accept(page: Page): Promise<void> {
    await page.locator('.ant-modal-confirm:visible .ant-btn-primary').click();
  },
};
