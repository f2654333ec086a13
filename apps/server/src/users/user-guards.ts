import { scopeOfUserType, USER_MESSAGES, USER_TYPES, type UserType } from '@facet/contract';
import { and, arrayContains, arrayOverlaps, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AuthContext } from '../access/authenticate.ts';
import { holdsAllOf } from '../access/grant-check.ts';
import type { RoleRow } from '../access/role-record.ts';
import { reachOf } from '../access/target-effective.ts';
import type { UserRow } from '../access/user-repository.ts';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { LOCK_KEYS } from '../db/lock-keys.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import { lockRole } from '../roles/role-writes.ts';

/** Any constant: serialises the uniqueness checks of concurrent user writes (per database). */

function conflict(field: string, message: string): HttpError {
  return new HttpError('E_CONFLICT', message, { errors: [{ field, message }] });
}

/** Takes the lock that serialises every check-then-write of usernames and e-mails (admin and sign-up). */
export async function lockIdentities(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_KEYS.userIdentity})`);
}

/**
 * Usernames and every e-mail are unique among users not deleted, case-insensitively, and one user's
 * username is never another's e-mail (sign-in accepts both, so either would reach two accounts). The
 * advisory lock makes check-then-write atomic across concurrent transactions; the unique indexes stay
 * as a backstop.
 */
export async function assertIdentityFree(
  tx: Db,
  input: { username?: string; emailsLower?: string[]; exceptId?: string },
): Promise<void> {
  await lockIdentities(tx);
  const others = and(isNull(users.deletedAt), input.exceptId ? ne(users.id, input.exceptId) : undefined);
  if (input.username !== undefined) {
    const lower = input.username.toLowerCase();
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(others, or(eq(users.usernameLower, lower), arrayContains(users.emailsLower, [lower]))))
      .limit(1);
    if (taken) throw conflict('username', USER_MESSAGES.duplicateUsername);
  }
  if (input.emailsLower && input.emailsLower.length > 0) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          others,
          or(
            arrayOverlaps(users.emailsLower, input.emailsLower),
            inArray(users.usernameLower, input.emailsLower),
          ),
        ),
      )
      .limit(1);
    if (taken) throw conflict('emails', USER_MESSAGES.duplicateEmail);
  }
}

/** Creating, editing, promoting to or deleting a super admin is for super admins only. */
export function assertMayTouch(auth: AuthContext, ...types: (UserType | undefined)[]): void {
  if (auth.user.type === USER_TYPES.SUPER_ADMIN) return;
  if (types.includes(USER_TYPES.SUPER_ADMIN))
    throw new HttpError('E_FORBIDDEN', USER_MESSAGES.superAdminOnly);
}

/**
 * Acting on an existing user (any edit, password reset, overrides, activation, deletion): besides the
 * super admin rule, a user who holds an admin permission the actor lacks is out of reach, or editing
 * their e-mail or resetting their password would hand the actor that user's powers; a switched-off role
 * counts, as it may be switched on again.
 */
export async function assertMayTouchUser(
  tx: Db,
  auth: AuthContext,
  target: Pick<UserRow, 'id' | 'type' | 'roleId'>,
): Promise<void> {
  assertMayTouch(auth, target.type);
  if (auth.user.type === USER_TYPES.SUPER_ADMIN) return;
  if (!holdsAllOf(auth, await reachOf(tx, target))) {
    throw new HttpError('E_FORBIDDEN', USER_MESSAGES.targetMorePrivileged);
  }
}

/**
 * Locks the active super admin rows in id order and answers their ids. Every write that may take a
 * super admin away calls it BEFORE locking its target row, so two such writes queue instead of
 * deadlocking.
 */
export async function lockSuperAdmins(tx: Db): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, USER_TYPES.SUPER_ADMIN), eq(users.isActive, true), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/**
 * Refuses to take away the last active super admin. The active super admin rows are locked, so two
 * concurrent demotions cannot both see "another one is left".
 */
export async function assertNotLastSuperAdmin(tx: Db, userId: string): Promise<void> {
  const active = await lockSuperAdmins(tx);
  if (active.includes(userId) && active.length <= 1) {
    throw new HttpError('E_CONFLICT', USER_MESSAGES.lastSuperAdmin);
  }
}

/**
 * A role given to a user must exist, be active and fit the user's type; answers it, for the caller to
 * check what it grants (assertMayGrantRole).
 */
export async function assertRoleAssignable(tx: Db, roleId: string, type: UserType): Promise<RoleRow> {
  // A share lock: the role cannot be deleted while it is being assigned.
  const role = await lockRole(tx, roleId, 'share').catch(() => {
    throw fieldError('roleId', USER_MESSAGES.roleNotFound);
  });
  const scope = scopeOfUserType(type);
  if (!role.isActive || role.scope !== scope) throw fieldError('roleId', USER_MESSAGES.roleScopeMismatch);
  return role;
}
