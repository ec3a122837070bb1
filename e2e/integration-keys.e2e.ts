// Integration keys and their webhooks in Chromium: the administrator adds a key for the WMS with a
// webhook address, sees the key and the signing secret once (the page stays until they are copied) and
// never again; the ERP's next order reaches the WMS's receiver signed with that very secret, the
// delivery log shows it delivered, and a resend from the log posts it again.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialogs, FormPage, ListPage, poll } from './pages';
import { type Portal, shot, startPortal } from './support/portal';
import { openByClick } from './support/session';

let portal: Portal;
let receiver: Server;
let receiverUrl = '';
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/srm-events`;
  portal = await startPortal();
});

afterAll(async () => {
  await portal?.close();
  receiver?.closeAllConnections();
  await new Promise((r) => receiver?.close(r));
});

describe('integration keys', () => {
  it('shows a new key and its signing secret once, and the webhook posts signed events that can be resent', async () => {
    const { page, context } = await portal.signIn('admin', '/baseManage/api-key');
    const keys = await ListPage.of(page);
    await openByClick(page, keys.action('add'), /\/baseManage\/add-api-key$/);
    const form = await FormPage.of(page);
    await form.fill({ keyName: 'wms e2e hook', webhookUrl: receiverUrl });
    await form.item('entities').locator('.ant-select-selector').click();
    await dialogs.options(page).filter({ hasText: 'Read business events' }).click();
    await page.keyboard.press('Escape');
    await form.item('orgNos').locator('.ant-select-selector').click();
    await dialogs.option(page, 'Shanghai').click();
    await page.keyboard.press('Escape');
    await form.save();

    // The answer's secrets, shown once: the page waits until the administrator has copied them.
    const dialog = page.locator('.screen-form__reveal .ant-modal-content');
    await dialog.waitFor();
    const apiKey = ((await dialog.locator('[data-reveal-prop="apiKey"]').textContent()) ?? '').trim();
    const secret = ((await dialog.locator('[data-reveal-prop="webhookSecret"]').textContent()) ?? '').trim();
    expect(apiKey).toMatch(/^srm_[0-9a-f]{8}_/);
    expect(secret).toMatch(/^whsec_/);
    expect(await dialog.textContent()).toContain('This is the only time it is shown');
    // Each value has its own named copy button.
    expect(await dialog.getByRole('button', { name: 'Copy' }).count()).toBe(2);
    // Escape does not close it; only saying they were copied does.
    await page.keyboard.press('Escape');
    await shot(page, 'api-key-reveal');
    expect(await dialog.isVisible()).toBe(true);
    await dialog.locator('[data-action="finishReveal"]').click();
    await page.waitForURL(/\/baseManage\/api-key$/);
    await poll(() => keys.row('wms e2e hook').count()).toBe(1);
    expect(await keys.row('wms e2e hook').textContent()).toContain(receiverUrl);
    // Not on the list, not on the modify page.
    expect(await page.content()).not.toContain(secret);
    await openByClick(page, keys.rowAction('wms e2e hook', 'modify'), /\/baseManage\/modify-api-key\//);
    await (await FormPage.of(page)).item('webhookUrl').waitFor();
    expect(await page.content()).not.toContain(secret);

    // The ERP publishes an order; the WMS's receiver hears it, signed with the secret shown once.
    const admin = await portal.token('admin');
    const erp = await portal.server.call(
      'ISysApiKeyService/addSysApiKey',
      { condition: { keyName: 'erp e2e', entities: 'purchaseOrder', orgNos: 'SH01' } },
      { token: admin, menu: 'BaseManage.Config.ApiKey' },
    );
    const pushed = await portal.server.server.app.inject({
      method: 'POST',
      url: '/integration/v1/purchase-orders',
      headers: { authorization: `Bearer ${erp.body.response.data.apiKey}` },
      payload: {
        orders: [
          {
            externalId: 'ERP-PO-HOOK-1',
            externalVersion: 1,
            purchaseNo: 'PO-HOOK-1',
            orgNo: 'SH01',
            supplierNo: 'SUP001',
            orderType: '1',
            purchaseDate: '2026-12-01',
            lines: [
              {
                purchaseSeq: 10,
                itemNo: 'M-1001',
                unitNo: 'PCS',
                batchPurQty: '5',
                price: '1',
                expectArrivalDate: '2026-12-20',
              },
            ],
          },
        ],
      },
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    await poll(() => received.length).toBe(1);
    const [hook] = received;
    const signature = createHmac('sha256', secret)
      .update(`${hook.headers['x-srm-timestamp']}.${hook.body}`)
      .digest('hex');
    expect(hook.headers['x-srm-signature']).toBe(`sha256=${signature}`);
    expect(JSON.parse(hook.body)).toMatchObject({ event: 'purchaseOrder.published', docNo: 'PO-HOOK-1' });

    // The delivery log shows it delivered; a resend posts the same delivery again.
    await page.goto(`${portal.server.url}/baseManage/webhook-log`);
    const log = await ListPage.of(page);
    await log.waitForRows();
    const row = () => log.row('PO-HOOK-1');
    await poll(() => row().locator('[data-state]').textContent()).toBe('Delivered');
    await shot(page, 'webhook-log');
    await log.rowAction('PO-HOOK-1', 'transition').filter({ hasText: 'Resend' }).click();
    const resent = page.waitForResponse((r) => r.url().endsWith('/resendWebhookDelivery'));
    await dialogs.modal(page).locator('.ant-btn-primary').click();
    expect((await (await resent).json()).code).toBe('0');
    await poll(() => received.length).toBe(2);
    expect(received[1].headers['x-srm-delivery']).toBe(hook.headers['x-srm-delivery']);
    await context.close();
  });
});
