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
  it('a page mounted before its tab was closed cannot write its state back', () => {
    const epoch = pageCache.epoch('/a');
    closeTabs('close', '/a', '/b');
    expect(pageCache.set('/a', { rows: [3] }, { epoch })).toBe(false);
    expect(pageCache.has('/a')).toBe(false);
    // The tab opened again: a page mounted now writes under the new epoch.
    visit({ path: '/a', fullPath: '/a', title: 'A' });
    expect(pageCache.set('/a', { rows: [4] }, { epoch: pageCache.epoch('/a') })).toBe(true);
    expect(pageCache.get('/a')).toEqual({ rows: [4] });
  });
  it('nor after a refresh or a sign-out', () => {
    let epoch = pageCache.epoch('/b');
    refreshTab('/b');
    expect(pageCache.set('/b', { rows: [5] }, { epoch })).toBe(false);
    epoch = pageCache.epoch('/b');
    pageCache.set('/b', { top: 120, left: 0 }, { slot: 'scroll', epoch });
    expect(pageCache.get('/b', 'scroll')).toEqual({ top: 120, left: 0 });
    expect(pageCache.get('/b')).toBeUndefined();
    clearTabs();
    expect(pageCache.set('/b', { rows: [6] }, { epoch })).toBe(false);
    expect(pageCache.has('/b')).toBe(false);
  });
  it("a page that took its state back removes it, and keeps the tab's other slots", () => {
    pageCache.set('/a', { top: 40, left: 0 }, { slot: 'scroll' });
    pageCache.remove('/a');
    expect(pageCache.get('/a')).toBeUndefined();
    expect(pageCache.get('/a', 'scroll')).toEqual({ top: 40, left: 0 });
    pageCache.remove('/a', 'scroll');
    expect(pageCache.has('/a')).toBe(false);
    // Removing is no drop: a page mounted before still writes under its epoch.
    expect(pageCache.set('/a', { rows: [7] }, { epoch: pageCache.epoch('/a') })).toBe(true);
  });
  it('keeps the open tabs in order of use, most recent first', () => {
    visit({ path: '/c', fullPath: '/c', title: 'C' });
    visit({ path: '/a', fullPath: '/a?page=2', title: 'A' });
    expect(tabsStore.get().recent).toEqual(['/a', '/c', '/b', '/dashboard']);
    closeTabs('close', '/c', '/a');
    expect(tabsStore.get().recent).toEqual(['/a', '/b', '/dashboard']);
    closeTabs('others', '/b', '/a');
    expect(tabsStore.get().recent).toEqual(['/b', '/dashboard']);
  });
});
