// The selector definitions and the headless selector controller against the real lookups (no screen
// of the organisation entity holds a selector yet): the bodies the browser sends are accepted, the
// value and label fields exist, a dependent lookup is narrowed by its parent, and only valid records
// come back. Each lookup is called from a menu whose screens use it, as the server requires
// (services/access/lookup-grants.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestFn } from '../engine/pages/types';
import { selectors } from '../engine/selectors/definitions';
import { createSelectorController } from '../engine/selectors/selectorController';
import { lookupGrants } from '../services/access/lookup-grants';
import { startTestServer, type TestServer } from '../tests/support/server';

let server: TestServer;
let request: RequestFn;

beforeAll(async () => {
  server = await startTestServer({});
  const token = await server.login('admin');
  // As the request layer does: wrap in {condition} unless the body has one, read response.data.
  request = (async (call: string, payload?: unknown) => {
    const body =
      payload && typeof payload === 'object' && 'condition' in payload ? payload : { condition: payload };
    const menu = [...(lookupGrants().get(call)?.menus.keys() ?? [])][0] ?? 'Base.Basic.Organizational';
    const r = await server.call(call, body, { token, menu });
    if (r.body?.code !== '0') throw new Error(`${call}: ${JSON.stringify(r.body)}`);
    return r.body.response.data;
  }) as RequestFn;
});

afterAll(async () => {
  await server?.close();
});

const load = async (name: string, opts: { parent?: string; enumMid?: string } = {}) => {
  const c = createSelectorController({
    def: selectors.get(name),
    request,
    parentValue: () => opts.parent,
    condition: opts.enumMid ? { enumMid: opts.enumMid } : undefined,
  });
  await c.load();
  return c.getState();
};

describe('selectors against the real lookups', () => {
  it('warehouse: narrowed to the chosen organisation', async () => {
    const sh = await load('warehouse', { parent: 'SH01' });
    expect(sh.options.map((o) => o.value).sort()).toEqual(['SH01-FG', 'SH01-RM']);
    expect(sh.options.every((o) => o.label && o.label !== o.value)).toBe(true);
    const hn = await load('warehouse', { parent: 'HN01' });
    expect(hn.options.map((o) => o.value)).toEqual(['HN01-RM']);
  });

  it('supplier, classify type, role and user: value and label from the spec fields', async () => {
    for (const name of ['supplier', 'classifyType', 'role', 'user']) {
      const s = await load(name, { parent: 'SH01' });
      expect(s.options.length, name).toBeGreaterThan(0);
      expect(s.loading, name).toBe(false);
      for (const o of s.options) expect(o.value, name).not.toBe('');
    }
    expect((await load('supplier', { parent: 'SH01' })).options.map((o) => o.value)).toContain('SUP001');
    expect((await load('user')).options.map((o) => o.value)).toContain('buyer');
  });

  it('enum: the values of one dictionary', async () => {
    const s = await load('enum', { enumMid: 'YES_NO' });
    expect(s.options.map((o) => o.value).sort()).toEqual(['N', 'Y']);
  });

  it('menu: a flat search', async () => {
    const s = await load('menu');
    expect(s.options.length).toBeGreaterThan(0);
    expect(s.hasMore).toBe(false);
  });
});
