import { type PermissionScope, scopeOfUserType, USER_TYPES, type UserType } from '@facet/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { mergeFlags } from './effective.ts';
import type { FlagMap } from './flags.ts';
import { readSet } from './permission-store.ts';
import { roles } from './role-table.ts';

/** What a user holds, as the grant checks compare it: everything (super admin), or a scope's flags. */
export type HeldFlags = { all: true } | { all: false; scope: PermissionScope; flags: FlagMap };

/**
 * The effective flags of a user in the state described, read inside the caller's transaction: the role
 * (when active and of the user's scope) merged with the overrides. `overrides` replaces the stored ones,
 * so a caller can compute the state a change would lead to before writing it.
 */
export async function heldFlagsOf(
  tx: Db,
  user: { id: string; type: UserType; roleId: string | null },
  overrides?: FlagMap,
  { countSwitchedOffRole = false }: { countSwitchedOffRole?: boolean } = {},
): Promise<HeldFlags> {
  if (user.type === USER_TYPES.SUPER_ADMIN) return { all: true };
  const scope = scopeOfUserType(user.type);
  let roleSet: FlagMap = new Map();
  if (user.roleId) {
    const [role] = await tx
      .select({ isActive: roles.isActive, scope: roles.scope })
      .from(roles)
      .where(eq(roles.id, user.roleId));
    if (role && (role.isActive || countSwitchedOffRole) && role.scope === scope)
      roleSet = await readSet(tx, { roleId: user.roleId }, scope);
  }
  const own = overrides ?? (await readSet(tx, { userId: user.id }, scope));
  return { all: false, scope, flags: mergeFlags(roleSet, own) };
}

/**
 * What acting on a user (their e-mail, password, overrides) would put within the actor's reach: what the
 * user holds with their role counted even while it is switched off. A member of a role switched off for
 * a day holds nothing meanwhile, yet gets the role's powers back the moment it is switched on again, by
 * then in the hands of whoever moved their e-mail.
 */
export function reachOf(
  tx: Db,
  user: { id: string; type: UserType; roleId: string | null },
): Promise<HeldFlags> {
  return heldFlagsOf(tx, user, undefined, { countSwitchedOffRole: true });
}
