// Every selector on every screen answers for the users who open that screen: for the administrator, a
// purchaser and a supplier's user, each screen of the menus their roles hold (lists, forms, detail
// pages, dialogs) sends each of its selectors' first lookup page as the engine sends it
// (engine/selectors/selectorController.ts lookupBody), from the screen's menu, and must get a page
// back. A selector a screen names but the lookup grants refuse (services/access/lookup-grants.ts), a
// lookup whose handler fails on the engine's body, or a selector call the server does not serve shows
// here without a browser; the Chromium walk of every screen (e2e/screens-walk.e2e.ts) opens the lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELECTOR_DEFINITIONS } from '../../engine/core/selectors.js';
import { lookupBody } from '../../engine/selectors/selectorController.js';
import { refsOf } from '../../services/access/lookup-grants.js';
import { shippedScreens } from '../../services/system/screen-registry.js';
import { POSTGRES_ONLY, startTestServer, type TestServer } from '../support/server.js';

describe.each(POSTGRES_ONLY)('the selectors of every screen on %s', (kind) => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer({ database: kind });
  });
  afterAll(async () => {
    await s?.close();
  });

  /** The menus the user's roles open, as the side menu gets them. */
  async function menusOf(token: string): Promise<Set<string>> {
    const r = await s.call('ISysMenuService/getsysmenulist', { condition: { appNo: 'PC' } }, { token });
    const out = new Set<string>();
    const visit = (menus: { menuNo: string; children?: unknown[] }[]) => {
      for (const m of menus) {
        out.add(m.menuNo);
        visit((m.children ?? []) as typeof menus);
      }
    };
    visit((r.body as { response: { data: { allMenuList: [] } } }).response.data.allMenuList);
    return out;
  }

  it.each(['admin', 'buyer', 'supplier1'])('answer %s from each screen that uses them', async (user) => {
    const token = await s.login(user);
    const menus = await menusOf(token);
    const asked = new Set<string>();
    const failures: string[] = [];
    for (const screen of shippedScreens()) {
      if (!screen.menuNo || !menus.has(screen.menuNo)) continue;
      for (const name of refsOf(screen).selectors) {
        const def = SELECTOR_DEFINITIONS[name];
        if (!def?.call || asked.has(`${screen.menuNo} ${def.call}`)) continue;
        asked.add(`${screen.menuNo} ${def.call}`);
        const r = await s.call(def.call, lookupBody(def, 1, '', undefined), { token, menu: screen.menuNo });
        const code = r.body.code ?? r.body.errorCode;
        if (r.http !== 200 || code !== '0')
          failures.push(
            `${screen.name} (${screen.menuNo}) selector ${name} → ${def.call}: HTTP ${r.http} ${code} ${r.body.msg ?? r.body.errorMessage ?? ''}`,
          );
      }
    }
    // Every role has screens with selectors; a supplier's fewest.
    expect(asked.size).toBeGreaterThan(user === 'supplier1' ? 3 : 20);
    expect(failures).toEqual([]);
  });
});
