import type { MenuItem } from '@facet/contract';

export interface MenuSelection {
  /** The leaf's path, used as its menu key. */
  selectedKey?: string;
  /** Key of the group holding that leaf. */
  openKey?: string;
}

export function groupKey(item: MenuItem): string {
  return `group-${item.id}`;
}

/**
 * The leaf the URL belongs to: the longest leaf path equal to, or a parent of, the path relative to
 * the panel base, so `banner/upsert/3` keeps 'Banner' highlighted.
 */
export function menuSelection(menu: readonly MenuItem[], relativePath: string): MenuSelection {
  let best: MenuSelection & { length: number } = { length: -1 };
  const visit = (items: readonly MenuItem[], parent?: MenuItem) => {
    for (const item of items) {
      if (item.children) visit(item.children, item);
      else if (item.path && item.path.length > best.length) {
        const matches = relativePath === item.path || relativePath.startsWith(`${item.path}/`);
        if (matches)
          best = { selectedKey: item.path, openKey: parent && groupKey(parent), length: item.path.length };
      }
    }
  };
  visit(menu);
  const { length: _length, ...selection } = best;
  return selection;
}
