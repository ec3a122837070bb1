import { beforeEach, describe, expect, it } from 'vitest';
import { pageCache } from './pageCache';
import { clearTabs, closeTabs, refreshTab, tabsStore, visit } from './tabsStore';

beforeEach(() => {
  clearTabs();
  visit({ path: '/dashboard', fullPath: '/dashboard', title: 'Home', affix: true });
  visit({ path: '/a', fullPath: '/a', title: 'A' });
  visit({ path: '/b', fullPath: '/b', title: 'B' });
  pageCache.set('/a', { rows: [1] });
  pageCache.set('/b', { rows: [2] });
});

describe('tabs store', () => {
  it("closing a tab drops that tab's cached data and no other", () => {
    closeTabs('close', '/a', '/b');
    expect(pageCache.has('/a')).toBe(false);
    expect(pageCache.get('/b')).toEqual({ rows: [2] });
  });
  it('close all drops every closed tab and says where to go', () => {
    expect(closeTabs('all', '/b', '/b')).toBe('/dashboard');
    expect(tabsStore.get().tabs.map((t) => t.path)).toEqual(['/dashboard']);
    expect(pageCache.has('/a') || pageCache.has('/b')).toBe(false);
  });
  it('refresh drops the cache and remounts the page', () => {
    refreshTab('/b');
    expect(pageCache.has('/b')).toBe(false);
    expect(tabsStore.get().refreshKeys['/b']).toBe(1);
  });
  it('a page marked changed does not reuse its cache', () => {
    pageCache.markChanged('/a');
    expect(pageCache.get('/a')).toBeUndefined();
  });
});
