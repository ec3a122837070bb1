import type { Menu } from '@schemas/generated/menu';
import { describe, expect, it } from 'vitest';
import { yesNoFlags } from '../../core/flags';
import { panelSections } from './panelSections';

const flags = yesNoFlags(['isSearch']);
const m = (menuNo: string, over: Partial<Menu> = {}): Menu => ({
  menuNo,
  menuName: menuNo,
  menuLevel: 1,
  menuOwner: '0',
  sort: 1,
  url: `/${menuNo}`,
  appNo: 'PC',
  menuType: 'route',
  children: [],
  ...flags,
  ...over,
});

describe('panelSections', () => {
  it('puts top-level entries first and splits every block into columns of 5', () => {
    const basic = m('Basic', { menuType: 'group', children: [1, 2, 3, 4, 5, 6, 7].map((i) => m(`b${i}`)) });
    const base = m('Base', { menuType: 'group', icon: 'AppstoreOutlined', children: [m('direct'), basic] });
    const sections = panelSections([m('Dashboard'), base], 'All');
    expect(sections.map((s) => s.title)).toEqual(['All', 'Base']);
    expect(sections[1].blocks.map((b) => b.title)).toEqual(['', 'Basic']);
    expect(sections[1].blocks[1].columns.map((c) => c.map((e) => e.menuNo))).toEqual([
      ['b1', 'b2', 'b3', 'b4', 'b5'],
      ['b6', 'b7'],
    ]);
  });
});
