import type { Menu } from '@schemas/generated/menu';
import { openableEntries, splitColumns } from '../../menu/menuTree';

export interface PanelBlock {
  key: string;
  title: string;
  columns: Menu[][];
}

export interface PanelSection {
  key: string;
  title: string;
  icon?: string;
  blocks: PanelBlock[];
}

/**
 * Lays a visible menu tree out for the all-menu panel: one section per top-level group, one block
 * per second-level group, entries in columns of 5. Top-level entries share a section of their own.
 */
export function panelSections(tree: readonly Menu[], looseTitle: string, perColumn = 5): PanelSection[] {
  const loose = tree.filter((m) => m.menuType !== 'group');
  const sections: PanelSection[] = [];
  if (loose.length) {
    sections.push({
      key: '__loose',
      title: looseTitle,
      blocks: [{ key: '__loose', title: '', columns: splitColumns(loose, perColumn) }],
    });
  }
  for (const group of tree.filter((m) => m.menuType === 'group')) {
    const direct = group.children.filter((c) => c.menuType !== 'group');
    const blocks: PanelBlock[] = [];
    if (direct.length)
      blocks.push({ key: group.menuNo, title: '', columns: splitColumns(direct, perColumn) });
    for (const sub of group.children.filter((c) => c.menuType === 'group')) {
      const entries = openableEntries(sub);
      if (entries.length)
        blocks.push({ key: sub.menuNo, title: sub.menuName, columns: splitColumns(entries, perColumn) });
    }
    if (blocks.length) sections.push({ key: group.menuNo, title: group.menuName, icon: group.icon, blocks });
  }
  return sections;
}
