import { scopeOfUserType, USER_MESSAGES, USER_TYPES, type UserType } from '@facet/contract';
import { and, arrayOverlaps, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AuthContext } from '../auth/authenticate.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import type { FlagMap } from '../permissions/flags.ts';
import { exceedsOwn } from '../permissions/grant-check.ts';
import { readSet } from '../permissions/permission-store.ts';
import { lockRole } from '../roles/role-writes.ts';

/** Any constant: serialises the uniqueness checks of concurrent user writes (per database). */
const USER_IDENTITY_LOCK = 7_263_912;

function conflict(field: string, message: string): HttpError {
  return new HttpError('E_CONFLICT', message, { errors: [{ field, message }] });
}

/**
 * Usernames and every e-mail are unique among users not deleted, case-insensitively. The advisory lock
 * makes check-then-write atomic across concurrent transactions; the unique indexes stay as a backstop.
 */
export async function assertIdentityFree(
  tx: Db,
  input: { username?: string; emailsLower?: string[]; exceptId?: string },
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${USER_IDENTITY_LOCK})`);
  const others = and(isNull(users.deletedAt), input.exceptId ? ne(users.id, input.exceptId) : undefined);
  if (input.username !== undefined) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(others, eq(users.usernameLower, input.username.toLowerCase())))
      .limit(1);
    if (taken) throw conflict('username', USER_MESSAGES.duplicateUsername);
  }
  if (input.emailsLower && input.emailsLower.length > 0) {
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(others, arrayOverlaps(users.emailsLower, input.emailsLower)))
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
 * Refuses to take away the last active super admin. The active super admin rows are locked, so two
 * concurrent demotions cannot both see "another one is left".
 */
export async function assertNotLastSuperAdmin(tx: Db, userId: string): Promise<void> {
  const active = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, USER_TYPES.SUPER_ADMIN), eq(users.isActive, true), isNull(users.deletedAt)))
    .for('update');
  if (active.some((row) => row.id === userId) && active.length <= 1) {
    throw new HttpError('E_CONFLICT', USER_MESSAGES.lastSuperAdmin);
  }
}

/** A role given to a user must exist, be active, fit the user's type, and hold nothing the actor lacks. */
export async function assertRoleAssignable(
  tx: Db,
  auth: AuthContext,
  roleId: string,
  type: UserType,
  previousRoleId: string | null,
): Promise<void> {
  // A share lock: the role cannot be deleted while it is being assigned.
  const role = await lockRole(tx, roleId, 'share').catch(() => {
    throw fieldError('roleId', USER_MESSAGES.roleNotFound);
  });
  const scope = scopeOfUserType(type);
  if (!role.isActive || role.scope !== scope) throw fieldError('roleId', USER_MESSAGES.roleScopeMismatch);
  if (roleId === previousRoleId) return;
  const set = await readSet(tx, { roleId }, scope);
  if (exceedsOwn(auth, scope, set, new Map() as FlagMap)) {
    throw new HttpError('E_FORBIDDEN', USER_MESSAGES.roleGrantExceedsOwn);
  }
}
