// GS1 box labels of a delivery notice in Chromium against the real server: supplier1 opens label
// printing, selects its shipped notice's line, chooses the container rule in the print dialog (the label
// template, one label a box, one copy, the document nature and the module filled in), and gets a PDF with
// one label a box, each showing an SSCC whose check digit is right; the list then shows the line labelled.
// The notice tracking list prints the same labels again from its own row.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidSscc } from '../services/print/sscc';
import { parsePdf } from '../tests/support/pdf';
import { dialogs, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { recordCalls } from './support/session';

let portal: Portal;

beforeAll(async () => {
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
});

const dialog = (page: Page) => page.locator('.ant-modal.action-dialog:visible');

/** The SSCCs printed on the pages, as 18 digits, one a page. */
function ssccsOf(pdf: Buffer): string[] {
  return parsePdf(pdf).pages.map((p) => {
    const m = p.text.match(/\(00\) (\d) (\d{7}) (\d{9}) (\d)/);
    return m ? `${m[1]}${m[2]}${m[3]}${m[4]}` : '';
  });
}

/** Keeps the browser from opening the PDF (it has no viewer); answers what it was asked to open. */
async function catchWindows(page: Page) {
  await page.evaluate(() => {
    const w = window as { opened?: string[] } & Window;
    w.opened = [];
    w.open = (url?: string | URL) => {
      w.opened?.push(String(url));
      return w;
    };
  });
}

describe('GS1 labels of a delivery notice', () => {
  it('prints one label a box from label printing, with SSCCs a scanner accepts', async () => {
    const { page } = await portal.signIn('supplier1', '/delivery/label-print');
    const list = await ListPage.of(page, 'Offsite.Delivery.LabelPrint');
    await list.waitForRows();
    // Only supplier1's submitted notices (drafts may still change; supplier2's are not its own).
    await poll(() => list.row('L2611-07').count()).toBe(1);
    const texts = await list.rows().allTextContents();
    expect(texts.every((t) => t.includes('SUP001') && !t.includes('SUP002'))).toBe(true);
    await list.select('L2611-07');
    await catchWindows(page);
    const calls = recordCalls(page, (c) => c.startsWith('ISupBmBarcodePrintService/printlabel'));
    await list.runAction('dialog', 'Print labels');
    await poll(() => dialog(page).count()).toBe(1);
    // The template, counts, nature and module start filled in; the container rule is the supplier's pick.
    await poll(() => dialog(page).locator('[data-prop="templateCode"]').textContent()).toContain(
      'SSCC box label (A6)',
    );
    await dialog(page).locator('[data-prop="boxRuleNo"] .ant-select-selector').click();
    await dialogs.option(page, 'Standard carton').click();
    await shot(page, 'labels-print-dialog');
    const answer = page.waitForResponse((r) => r.url().endsWith('/ISupBmBarcodePrintService/printlabel'));
    await dialog(page).getByRole('button', { name: 'Print labels' }).click();
    const response = await answer;
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(calls[0].body).toMatchObject({
      condition: {
        boxRuleNo: 'BOX-STD',
        templateCode: 'asnSsccLabel',
        boxBarcodeNum: 1,
        numberCopies: 1,
        docNature: '1',
        module: 'Offsite.Delivery.LabelPrint',
        rows: [{ id: expect.any(String) }],
      },
    });
    // 300 pieces in cartons of 100: three labels, three codes, each check digit right.
    const pdf = await response.body();
    const codes = ssccsOf(pdf);
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(isValidSscc(code), code).toBe(true);
    expect(parsePdf(pdf).pages[2].text).toContain('3 / 3');
    await poll(() => page.evaluate(() => (window as { opened?: string[] }).opened)).toEqual([
      expect.stringMatching(/^blob:/),
    ]);
    await poll(() => dialog(page).count()).toBe(0);
    // The list searched again: the line is labelled with its three labels.
    await poll(() => list.row('L2611-07').textContent()).toMatch(/Yes\s*3/);
    await shot(page, 'labels-list');

    // The tracking list prints the notice's labels again: the same codes.
    await page.goto(`${portal.server.url}/delivery/asnTracking`);
    const tracking = await ListPage.of(page, 'Offsite.Delivery.AsnTracking');
    await tracking.waitForRows();
    const db = portal.server.server.database.db;
    const { asnNo } = await db
      .selectFrom('srmAsnLabel')
      .select('asnNo')
      .where('sscc', '=', codes[0])
      .executeTakeFirstOrThrow();
    await tracking.select(asnNo);
    await catchWindows(page);
    await tracking.runAction('dialog', 'Print labels');
    await poll(() => dialog(page).count()).toBe(1);
    await dialog(page).locator('[data-prop="boxRuleNo"] .ant-select-selector').click();
    await dialogs.option(page, 'Standard carton').click();
    const again = page.waitForResponse((r) => r.url().endsWith('/ISupBmBarcodePrintService/printlabel'));
    await dialog(page).getByRole('button', { name: 'Print labels' }).click();
    expect(ssccsOf(await (await again).body())).toEqual(codes);
    await page.context().close();
  });

  it('splits a line into the boxes the supplier types, refusing quantities that do not add up', async () => {
    const { page } = await portal.signIn('supplier1', '/delivery/split-label-print');
    const list = await ListPage.of(page, 'Offsite.Delivery.LabelPrint.Split');
    await poll(() => list.row('Pending approval').count()).toBe(1);
    await list.select('Pending approval');
    await catchWindows(page);
    await list.runAction('dialog', 'Print split labels');
    await poll(() => dialog(page).count()).toBe(1);
    const quantities = dialog(page).locator('[data-prop="boxQuantities"] textarea');
    await quantities.fill('100, 40');
    await dialog(page).getByRole('button', { name: 'Print split labels' }).click();
    // The server's reason shows in the dialog, which keeps what was typed.
    await poll(() => dialog(page).locator('.action-dialog__error').textContent()).toContain(
      'the box quantities add up to 140, but the line ships 150',
    );
    await shot(page, 'labels-split-refused');
    await quantities.fill('100\n50');
    const answer = page.waitForResponse((r) => r.url().endsWith('/ISupBmBarcodePrintService/printlabel'));
    await dialog(page).getByRole('button', { name: 'Print split labels' }).click();
    const pdf = await (await answer).body();
    const codes = ssccsOf(pdf);
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(isValidSscc(code), code).toBe(true);
    const pages = parsePdf(pdf).pages;
    expect(pages[0].text).toContain('100 PCS');
    expect(pages[1].text).toContain('50 PCS');
    expect(pages[1].text).toContain('2 / 2');
    await poll(() => dialog(page).count()).toBe(0);
    await page.context().close();
  });
});
