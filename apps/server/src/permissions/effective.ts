import {
  ADMIN_ACTIONS,
  ADMIN_MODULES,
  type AdminPermissionEntry,
  type CustomerPermissionEntry,
  type PermissionScope,
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

const EVERYTHING: AdminPermissionEntry[] = ADMIN_MODULES.map((entry) => ({
  id: entry.id,
  module: entry.module,
  title: entry.title,
  permissions: Object.fromEntries(
    ADMIN_ACTIONS.map((action) => [action, true]),
  ) as AdminPermissionEntry['permissions'],
}));

export function superAdminPermissions(): EffectivePermissions {
  return { scope: 'admin', admin: EVERYTHING, customer: [] };
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

export function effectiveOf(type: UserType, scope: PermissionScope, merged: FlagMap): EffectivePermissions {
  if (type === USER_TYPES.SUPER_ADMIN) return superAdminPermissions();
  return scope === 'admin'
    ? { scope, admin: toAdminEntries(merged), customer: [] }
    : { scope, admin: [], customer: toCustomerEntries(merged) };
}
