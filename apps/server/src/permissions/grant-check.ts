import { CUSTOMER_ACTIONS, PERMISSION_MESSAGES, type PermissionScope, USER_TYPES } from '@facet/contract';
import type { AuthContext } from '../auth/authenticate.ts';
import { HttpError } from '../http/envelope.ts';
import type { FlagMap } from './flags.ts';

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
