// The OpenAPI 3.1 documents the server makes from its routes' schemas (services/http/openapi.ts): both
// valid against the OpenAPI schema, the integration API's public, the portal's for a logged-in user
// only, and every route in them with what it takes. A new route without a schema fails here.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '../../services/modules/index.js';
import { API_PATH, POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

interface Operation {
  requestBody?: { content: Record<string, { schema: object }> };
  parameters?: { name: string; in: string }[];
  tags?: string[];
}
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe.each(POSTGRES_ONLY)('the OpenAPI documents on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ database: kind, config: { scheduler: false } });
  });
  afterAll(async () => {
    await s?.close();
  });

  const get = async (url: string, token?: string) => {
    const r = await s.server.app.inject({
      method: 'GET',
      url,
      headers: token ? { 'authentication-info': token } : {},
    });
    return { status: r.statusCode, body: r.json() };
  };
  async function valid(doc: unknown): Promise<void> {
    const result = await new Validator().validate(doc as Parameters<Validator['validate']>[0]);
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    expect(result.valid).toBe(true);
  }

  it('describes the integration API, without a key, every route with what it takes', async () => {
    const r = await get('/integration/v1/openapi.json');
    expect(r.status).toBe(200);
    const doc = r.body as Document;
    expect(doc.openapi).toBe('3.1.0');
    await valid(doc);
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/integration/v1/asns',
      '/integration/v1/events',
      '/integration/v1/purchase-orders',
      '/integration/v1/receipts',
      '/integration/v1/stock-movements',
      '/integration/v1/stock-snapshots',
    ]);
    for (const path of [
      '/integration/v1/purchase-orders',
      '/integration/v1/receipts',
      '/integration/v1/stock-snapshots',
      '/integration/v1/stock-movements',
    ])
      expect(doc.paths[path].post.requestBody?.content['application/json'].schema, path).toBeTruthy();
    for (const path of ['/integration/v1/events', '/integration/v1/asns'])
      expect(doc.paths[path].get.parameters?.map((p) => p.name).sort(), path).toEqual(['after', 'limit']);
    // The webhook a key's address receives, with its signature headers.
    const hook = (doc as unknown as { webhooks: Record<string, Document['paths'][string]> }).webhooks.event
      .post;
    expect(hook.parameters?.map((p) => p.name)).toContain('x-srm-signature');
  });

  it("describes the portal's service API to a logged-in user only: every method with its body", async () => {
    const refused = await get('/dapilc/openapi.json');
    expect(refused.status).toBe(401);
    expect(refused.body.errorCode).toBe('10004');

    const r = await get('/dapilc/openapi.json', await s.login('supplier1'));
    expect(r.status).toBe(200);
    const doc = r.body as Document;
    await valid(doc);
    // Only the service API: no page, file, socket or integration route.
    for (const path of Object.keys(doc.paths)) expect(path.startsWith(`${API_PATH}/`), path).toBe(true);
    const missing: string[] = [];
    for (const service of SERVICES)
      for (const method of Object.keys(service.methods)) {
        const op = doc.paths[`${API_PATH}/${service.name}/${method}`]?.post;
        if (!op?.requestBody) missing.push(`${service.name}/${method}`);
        else expect(op.tags).toEqual([service.name]);
      }
    expect(missing).toEqual([]);
    // Routes outside the method table (imports, uploads, templates) are described too.
    const undescribed = Object.entries(doc.paths)
      .filter(([, ops]) => Object.values(ops).some((op) => !op.requestBody))
      .map(([path]) => path);
    expect(undescribed).toEqual([]);
    const upload = doc.paths[`${API_PATH}/ISrmFileService/uploadFile`].post;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(upload.parameters?.map((p) => p.name)).toContain('purpose');
  });

  it('still takes a template call without a body, and refuses one with fields it does not know', async () => {
    const token = await s.login('admin');
    const call = (payload?: object) =>
      s.server.app.inject({
        method: 'POST',
        url: `${API_PATH}/IBmOrgService/getImportTemplateAddress`,
        headers: { 'authentication-info': token, 'app-module-number': 'Base.Basic.Organizational' },
        ...(payload ? { payload } : {}),
      });
    expect((await call()).json().code).toBe('0');
    expect((await call({})).json().code).toBe('0');
    // As the engine's request layer sends it: the envelope's condition, empty.
    expect((await call({ condition: {} })).json().code).toBe('0');
    expect((await call({ sneaky: 1 })).statusCode).toBe(400);
    expect((await call({ condition: { sneaky: 1 } })).statusCode).toBe(400);
  });
});
