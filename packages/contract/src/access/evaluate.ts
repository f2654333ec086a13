import type { AdminAction, AdminModuleName, AdminPermissionEntry } from './admin-modules.ts';
import type { MenuItem } from './menu.ts';
import { USER_TYPES, type UserType } from './user-types.ts';

export interface PermissionHolder {
  type: UserType;
  permissions: readonly AdminPermissionEntry[];
}

/** A super admin holds everything; others hold exactly the flags of their entries. */
export function can(holder: PermissionHolder, module: AdminModuleName | null, action: AdminAction): boolean {
  if (holder.type === USER_TYPES.SUPER_ADMIN) return true;
  if (module === null) return true;
  const entry = holder.permissions.find((candidate) => candidate.module === module);
  return entry?.permissions[action] === true;
}

/** The sidebar: leaves the holder may view, and the groups that keep at least one of them. */
export function visibleMenu(menu: readonly MenuItem[], holder: PermissionHolder): MenuItem[] {
  const visible: MenuItem[] = [];
  for (const item of menu) {
    if (item.children) {
      const children = visibleMenu(item.children, holder);
      if (children.length > 0) visible.push({ ...item, children });
    } else if (can(holder, item.module ?? null, 'view')) {
      visible.push(item);
    }
  }
  return visible;
}
