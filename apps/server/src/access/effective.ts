import {
  ADMIN_ACTIONS,
  type AdminPermissionEntry,
  type CustomerPermissionEntry,
  type PermissionScope,
  type ScopeCatalogue,
  USER_TYPES,
  type UserType,
} from '@facet/contract';
import { anyFlag, type FlagMap, type Flags, toAdminEntries, toCustomerEntries } from './flags.ts';

/** What a user may do, computed once per request (and cached, see cache.ts). */
export interface EffectivePermissions {
  scope: PermissionScope;
  /** Admin modules; empty for customer users. */
  admin: AdminPermissionEntry[];
  /** Customer modules; empty for staff. */
  customer: CustomerPermissionEntry[];
}

const everything = new WeakMap<ScopeCatalogue, AdminPermissionEntry[]>();

/** Every admin module of the catalogue with every action: what a super admin holds. */
export function superAdminPermissions(catalogue: ScopeCatalogue): EffectivePermissions {
  let admin = everything.get(catalogue);
  if (!admin) {
    admin = catalogue.admin.modules.map((entry) => ({
      id: entry.id,
      module: entry.module,
      title: entry.title,
      permissions: Object.fromEntries(
        ADMIN_ACTIONS.map((action) => [action, true]),
      ) as AdminPermissionEntry['permissions'],
    }));
    everything.set(catalogue, admin);
  }
  return { scope: 'admin', admin, customer: [] };
}

/**
 * The role's flags with the user's overrides replacing them module by module. Modules left with no
 * flag at all are dropped, so an all-false override takes a module of the role away.
 */
export function mergeFlags(role: FlagMap, overrides: FlagMap): FlagMap {
  const merged: FlagMap = new Map<number, Flags>(role);
  for (const [moduleId, flags] of overrides) merged.set(moduleId, flags);
  for (const [moduleId, flags] of merged) if (!anyFlag(flags)) merged.delete(moduleId);
  return merged;
}

export function effectiveOf(
  catalogue: ScopeCatalogue,
  type: UserType,
  scope: PermissionScope,
  merged: FlagMap,
): EffectivePermissions {
  if (type === USER_TYPES.SUPER_ADMIN) return superAdminPermissions(catalogue);
  return scope === 'admin'
    ? { scope, admin: toAdminEntries(catalogue, merged), customer: [] }
    : { scope, admin: [], customer: toCustomerEntries(catalogue, merged) };
}
