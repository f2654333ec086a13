import type { MenuItem } from '@facet/contract';

export interface Crumb {
  title: string;
  /** Relative to the panel base; the current screen's crumb has none. */
  path?: string;
}

interface Found {
  leaf: MenuItem;
  group?: MenuItem;
}

function findLeaf(menu: readonly MenuItem[], test: (leaf: MenuItem) => boolean): Found | undefined {
  for (const item of menu) {
    if (item.children) {
      const leaf = item.children.find((child) => !child.children && test(child));
      if (leaf) return { leaf, group: item };
    } else if (test(item)) return { leaf: item };
  }
  return undefined;
}

/** A route without its params (`banner/upsert/:id?` → `banner/upsert`). */
const rootOf = (route: string) =>
  route
    .split('/')
    .filter((segment) => !segment.startsWith(':'))
    .join('/');

/**
 * Where a screen sits: its menu group, its menu entry, and the screen itself when it is a page below that
 * entry (a record's form, a company's details). The entry is the one whose route the screen is, else the
 * one whose path the screen's path continues, else one gated by the same module.
 */
export function breadcrumbsOf(
  menu: readonly MenuItem[],
  screen: { title: string; route?: string; module?: string | null },
  hasRecord: boolean,
): Crumb[] {
  const route = screen.route ?? '';
  const root = rootOf(route);
  const own = findLeaf(menu, (leaf) => leaf.route === route || leaf.path === root);
  const below =
    own ??
    findLeaf(menu, (leaf) => !!leaf.path && root.startsWith(`${leaf.path}/`)) ??
    (screen.module ? findLeaf(menu, (leaf) => leaf.module === screen.module && !!leaf.path) : undefined);
  const crumbs: Crumb[] = [];
  if (below?.group) crumbs.push({ title: below.group.name });
  if (own) return [...crumbs, { title: own.leaf.name }];
  if (below) crumbs.push({ title: below.leaf.name, path: below.leaf.path });
  const title = below && screen.title === below.leaf.name ? (hasRecord ? 'Details' : 'New') : screen.title;
  return [...crumbs, { title }];
}
