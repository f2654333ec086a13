import { CUSTOMER_ACTIONS, PERMISSION_MESSAGES, type PermissionScope, USER_TYPES } from '@facet/contract';
import { HttpError } from '../http/envelope.ts';
import type { AuthContext } from './authenticate.ts';
import type { FlagMap } from './flags.ts';
import type { HeldFlags } from './target-effective.ts';

/**
 * No one grants more than they hold. Admin-scope flags are checked against the actor's own effective
 * admin permissions; only flags being newly granted count, so an actor may still edit a set that
 * already holds something they lack, and may always take flags away. Customer-scope sets are not
 * powers staff hold themselves: holding User update (checked by the route) is enough to grant them.
 */
export function exceedsOwn(
  auth: AuthContext,
  scope: PermissionScope,
  next: FlagMap,
  previous: FlagMap,
): boolean {
  if (scope !== 'admin' || auth.user.type === USER_TYPES.SUPER_ADMIN) return false;
  const held = new Map(auth.permissions.admin.map((entry) => [entry.id, entry.permissions]));
  for (const [moduleId, flags] of next) {
    for (const action of CUSTOMER_ACTIONS) {
      if (!flags[action] || previous.get(moduleId)?.[action]) continue;
      if ((held.get(moduleId) as Record<string, boolean> | undefined)?.[action] !== true) return true;
    }
  }
  return false;
}

export function assertGrantWithinOwn(
  auth: AuthContext,
  scope: PermissionScope,
  next: FlagMap,
  previous: FlagMap,
  message: string = PERMISSION_MESSAGES.grantExceedsOwn,
): void {
  if (exceedsOwn(auth, scope, next, previous)) throw new HttpError('E_FORBIDDEN', message);
}

const adminFlags = (held: HeldFlags): FlagMap =>
  !held.all && held.scope === 'admin' ? held.flags : new Map();

/**
 * A change to a user (overrides, role, type) compared on what the user ends up holding, the role merged
 * with the overrides: every admin flag that becomes true must be one the actor holds. Clearing a deny
 * override or switching roles is a grant like any other.
 */
export function assertEffectiveGrantWithinOwn(
  auth: AuthContext,
  before: HeldFlags,
  after: HeldFlags,
  message: string = PERMISSION_MESSAGES.grantExceedsOwn,
): void {
  if (auth.user.type === USER_TYPES.SUPER_ADMIN) return;
  if (after.all) throw new HttpError('E_FORBIDDEN', message);
  if (before.all) return;
  if (exceedsOwn(auth, 'admin', adminFlags(after), adminFlags(before))) {
    throw new HttpError('E_FORBIDDEN', message);
  }
}

/** Whether the actor holds everything the user holds (a super admin holds all). */
export function holdsAllOf(auth: AuthContext, held: HeldFlags): boolean {
  if (auth.user.type === USER_TYPES.SUPER_ADMIN) return true;
  if (held.all) return false;
  return !exceedsOwn(auth, 'admin', adminFlags(held), new Map());
}
