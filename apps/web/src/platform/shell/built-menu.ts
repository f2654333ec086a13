import type { MenuItem } from '@facet/contract';

/**
 * The menu without entries whose screen is not built yet: a leaf stays when the resource engine draws
 * it or a screen is registered for its route; a group stays while it keeps a leaf. Their routes still
 * answer deep links (with the not-found page), they are only not offered.
 */
export function builtMenu(menu: readonly MenuItem[], hasScreen: (route: string) => boolean): MenuItem[] {
  const built: MenuItem[] = [];
  for (const item of menu) {
    if (item.children) {
      const children = builtMenu(item.children, hasScreen);
      if (children.length > 0) built.push({ ...item, children });
    } else if (item.resourceView || (item.route !== undefined && hasScreen(item.route))) {
      built.push(item);
    }
  }
  return built;
}
