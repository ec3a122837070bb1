import { describe, expect, it } from 'vitest';
import {
  addTab,
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  keepRecent,
  MOUNTED_PAGES,
  mountedPaths,
  nextActive,
  removedPaths,
  touchRecent,
  type VisitedTab,
} from './tabsModel';

const tab = (path: string, affix = false): VisitedTab => ({ path, fullPath: path, title: path, affix });
const paths = (tabs: VisitedTab[]) => tabs.map((t) => t.path);
const tabs = [tab('/dashboard', true), tab('/a'), tab('/b'), tab('/c'), tab('/d')];

describe('visited tabs', () => {
  it('adds by path without duplicates, remembering the latest query', () => {
    let list = addTab([], tab('/a'));
    list = addTab(list, { path: '/a', fullPath: '/a?page=2', title: '/a' });
    list = addTab(list, tab('/b'));
    expect(paths(list)).toEqual(['/a', '/b']);
    expect(list[0].fullPath).toBe('/a?page=2');
  });
  it('close removes one tab but never an affixed one', () => {
    expect(paths(closeTab(tabs, '/b'))).toEqual(['/dashboard', '/a', '/c', '/d']);
    expect(paths(closeTab(tabs, '/dashboard'))).toEqual(paths(tabs));
  });
  it('close others keeps the affixed tabs and the chosen one', () => {
    expect(paths(closeOthers(tabs, '/c'))).toEqual(['/dashboard', '/c']);
  });
  it('close all keeps only affixed tabs', () => {
    expect(paths(closeAll(tabs))).toEqual(['/dashboard']);
  });
  it('close left and right keep affixed tabs on that side', () => {
    expect(paths(closeLeft(tabs, '/c'))).toEqual(['/dashboard', '/c', '/d']);
    expect(paths(closeRight(tabs, '/b'))).toEqual(['/dashboard', '/a', '/b']);
  });
  it('reports which tabs were removed so their cached data can be dropped', () => {
    expect(removedPaths(tabs, closeOthers(tabs, '/c'))).toEqual(['/a', '/b', '/d']);
  });
  it('moves to the left neighbour when the active tab is closed, and stays otherwise', () => {
    expect(nextActive(tabs, closeTab(tabs, '/c'), '/c')).toBe('/b');
    expect(nextActive(tabs, closeTab(tabs, '/c'), '/a')).toBeUndefined();
    expect(nextActive(tabs, closeRight(tabs, '/a'), '/d')).toBe('/a');
    expect(nextActive([tab('/a')], [], '/a')).toBe('/');
  });
  it('close others, left or right from another tab moves to the tab they were chosen on', () => {
    expect(nextActive(tabs, closeOthers(tabs, '/c'), '/a', '/c')).toBe('/c');
    expect(nextActive(tabs, closeLeft(tabs, '/c'), '/b', '/c')).toBe('/c');
    expect(nextActive(tabs, closeOthers(tabs, '/c'), '/c', '/c')).toBeUndefined();
  });
});

describe('pages mounted: the active one and the most recently used others', () => {
  const many = Array.from({ length: 12 }, (_, i) => tab(`/p${i}`));
  /** Visits the paths in turn, as the shell does: the order of use, most recent first. */
  const visitAll = (order: string[]) => order.reduce<string[]>((recent, p) => touchRecent(recent, p), []);
  const sorted = (set: Set<string>) => [...set].sort();

  it('moves a path to the front of the order of use, and keeps the order when it is already there', () => {
    const recent = visitAll(['/a', '/b', '/c']);
    expect(recent).toEqual(['/c', '/b', '/a']);
    expect(touchRecent(recent, '/c')).toBe(recent);
    expect(touchRecent(recent, '/a')).toEqual(['/a', '/c', '/b']);
  });

  it('keeps at most the cap mounted, the least recently used unmounted first', () => {
    expect(MOUNTED_PAGES).toBe(8);
    const recent = visitAll(many.map((t) => t.path));
    const mounted = mountedPaths(many, recent, '/p11');
    expect(mounted.size).toBe(MOUNTED_PAGES);
    expect(sorted(mounted)).toEqual(['/p10', '/p11', '/p4', '/p5', '/p6', '/p7', '/p8', '/p9']);
  });

  it('going back to an old tab mounts it and unmounts the least recently used one', () => {
    const recent = touchRecent(visitAll(many.map((t) => t.path)), '/p0');
    const before = mountedPaths(many, visitAll(many.map((t) => t.path)), '/p11');
    const mounted = mountedPaths(many, recent, '/p0', MOUNTED_PAGES, before);
    expect(mounted.has('/p0')).toBe(true);
    expect(mounted.has('/p4')).toBe(false);
    expect(mounted.size).toBe(MOUNTED_PAGES);
  });

  it('the active page is always mounted, within a cap of one too', () => {
    const recent = visitAll(['/p0', '/p1']);
    expect(sorted(mountedPaths(many, recent, '/p5', 1))).toEqual(['/p5']);
    expect(sorted(mountedPaths(many, recent, '/p5', 3))).toEqual(['/p0', '/p1', '/p5']);
  });

  it('a route that is no tab (a redirect) leaves the cap to the tabs', () => {
    const recent = visitAll(many.map((t) => t.path));
    expect(mountedPaths(many, recent, '/redirect/x').size).toBe(MOUNTED_PAGES);
    expect(mountedPaths(many, recent, undefined).has('/p11')).toBe(true);
  });

  it('a closed tab leaves the order of use, and no hidden page is mounted anew in its place', () => {
    const recent = visitAll(many.map((t) => t.path));
    const before = mountedPaths(many, recent, '/p11');
    const open = closeTab(many, '/p10');
    const kept = keepRecent(recent, open);
    expect(kept).not.toContain('/p10');
    expect(keepRecent(kept, open)).toBe(kept);
    const mounted = mountedPaths(open, kept, '/p11', MOUNTED_PAGES, before);
    expect(mounted.size).toBe(MOUNTED_PAGES - 1);
    expect(mounted.has('/p3')).toBe(false);
    // Without knowing what was mounted, the next most recent would come back.
    expect(mountedPaths(open, kept, '/p11').has('/p3')).toBe(true);
  });
});
