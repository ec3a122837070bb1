import { describe, expect, it } from 'vitest';
import {
  addTab,
  closeAll,
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  nextActive,
  removedPaths,
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
