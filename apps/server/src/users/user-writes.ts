import { isDeepStrictEqual } from 'node:util';
import {
  type ContactEntry,
  USER_MESSAGES,
  USER_TYPES,
  type UserType,
  type userCreateSchema,
  type userUpdateSchema,
} from '@facet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { assertEffectiveGrantWithinOwn } from '../access/grant-check.ts';
import { hashPassword } from '../access/passwords.ts';
import { revokeUserSessions } from '../access/sessions.ts';
import { heldFlagsOf } from '../access/target-effective.ts';
import { emailColumns, expirePasswordResets, insertUser, type UserRow } from '../access/user-repository.ts';
import { users } from '../access/user-table.ts';
import { assertAccountAssignable, resultingAccountId } from '../accounts/account-link.ts';
import type { Db } from '../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/client.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import type { NotificationDelivery } from '../notifications/notify.ts';
import { type Actor, changedFields, recordAudit } from '../resources/audit-log.ts';
import { assertUserNotInUse, type UsageContext } from '../resources/record-usage.ts';
import { assertMayGrantRole } from '../roles/role-guards.ts';
import { tellPasswordChanged } from './password-changed-notice.ts';
import {
  assertIdentityFree,
  assertMayTouch,
  assertMayTouchUser,
  assertNotLastSuperAdmin,
  assertRoleAssignable,
  lockSuperAdmins,
} from './user-guards.ts';
import { userAuditFields } from './user-record.ts';

type CreateInput = z.output<typeof userCreateSchema>;
/** The PUT body, plus activation, which only `apis/user/active` (UserActive) passes. */
type UpdateInput = z.output<typeof userUpdateSchema> & { isActive?: boolean };

/** A unique index fired after the check passed (a race the lock did not cover): same answer. */
function duplicate(error: unknown): never {
  if (pgErrorCode(error) === UNIQUE_VIOLATION) {
    const usernameClash = String(
      (error as { cause?: { constraint?: string } }).cause?.constraint ?? error,
    ).includes('username');
    const [field, message] = usernameClash
      ? ['username', USER_MESSAGES.duplicateUsername]
      : ['emails', USER_MESSAGES.duplicateEmail];
    throw new HttpError('E_CONFLICT', message, { errors: [{ field, message }] });
  }
  throw error;
}

function lowered(emails: readonly ContactEntry[]): string[] {
  return emailColumns(emails).emailsLower;
}

/** Locks the user row; deleted users are not found. */
async function lockUser(tx: Db, id: string): Promise<UserRow> {
  // A super admin's change may need every super admin row (last-super-admin guard): those are locked
  // first, in id order, like every such write does, so two of them cannot deadlock.
  const [peek] = await tx.select({ type: users.type }).from(users).where(eq(users.id, id));
  if (peek?.type === USER_TYPES.SUPER_ADMIN) await lockSuperAdmins(tx);
  const [row] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update');
  if (!row) throw new HttpError('E_NOT_FOUND', USER_MESSAGES.notFound);
  return row;
}

/** New users must choose their own password at first sign-in. */
export async function createUser(db: Db, actor: Actor, input: CreateInput): Promise<UserRow> {
  assertMayTouch(actor.auth, input.type);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      await assertIdentityFree(tx, { username: input.username, emailsLower: lowered(input.emails) });
      await assertAccountAssignable(tx, input.accountId, input.type);
      if (input.roleId) {
        const role = await assertRoleAssignable(tx, input.roleId, input.type);
        await assertMayGrantRole(tx, actor.auth, role, USER_MESSAGES.roleGrantExceedsOwn);
      }
      if (input.expiresAt && input.type !== USER_TYPES.GUEST) {
        throw fieldError('expiresAt', USER_MESSAGES.expiryGuestOnly);
      }
      const { password: _password, expiresAt, ...fields } = input;
      const row = await insertUser(tx, {
        ...fields,
        expiresAt: expiresAt ? new Date(expiresAt) : null,
        passwordHash,
        defaultPassword: true,
      });
      await recordAudit(tx, actor, {
        action: 'user.create',
        entityType: 'user',
        entityId: row.id,
        subjectUserId: row.id,
        before: null,
        after: userAuditFields(row),
      });
      return row;
    });
  } catch (error) {
    return duplicate(error);
  }
}

/**
 * `auditAction` names the change in the trail instead (`user.sync` for a synchronisation); `types`
 * limits the users it may reach (others are not found).
 */
export async function updateUser(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateInput,
  options: { auditAction?: 'user.sync'; types?: readonly UserType[] } = {},
): Promise<UserRow> {
  try {
    return await db.transaction(async (tx) => {
      const current = await lockUser(tx, id);
      // A screen limited to some user types (the Guest screen) checks the type under the row lock, so a
      // conversion committed in between cannot let it reach another kind of user.
      if (options.types && !options.types.includes(current.type)) {
        throw new HttpError('E_NOT_FOUND', USER_MESSAGES.notFound);
      }
      assertMayTouch(actor.auth, input.type);
      await assertMayTouchUser(tx, actor.auth, current);
      const type = input.type ?? current.type;
      const leavesSuperAdmins =
        current.type === USER_TYPES.SUPER_ADMIN &&
        current.isActive &&
        (type !== USER_TYPES.SUPER_ADMIN || input.isActive === false);
      if (leavesSuperAdmins) await assertNotLastSuperAdmin(tx, id);
      // Only guests expire: a user leaving the guest type loses the expiry with it.
      const expiresAt =
        input.expiresAt === undefined
          ? type === USER_TYPES.GUEST
            ? current.expiresAt
            : null
          : input.expiresAt
            ? new Date(input.expiresAt)
            : null;
      if (type === USER_TYPES.GUEST && !expiresAt)
        throw fieldError('expiresAt', USER_MESSAGES.guestExpiryRequired);
      if (type !== USER_TYPES.GUEST && expiresAt)
        throw fieldError('expiresAt', USER_MESSAGES.expiryGuestOnly);
      await assertIdentityFree(tx, {
        username: input.username,
        emailsLower: input.emails ? lowered(input.emails) : undefined,
        exceptId: id,
      });
      const accountId = resultingAccountId(type, input.accountId, current.accountId);
      if (accountId !== current.accountId || type !== current.type) {
        await assertAccountAssignable(tx, accountId, type);
      }
      const roleId = input.roleId === undefined ? current.roleId : input.roleId;
      // What the user may do changes with their type or role: move the cache key.
      const permissionsMoved = roleId !== current.roleId || type !== current.type;
      if (roleId && permissionsMoved) {
        // Giving a user a role grants its whole set, whatever the user's overrides hide of it.
        const role = await assertRoleAssignable(tx, roleId, type);
        await assertMayGrantRole(tx, actor.auth, role, USER_MESSAGES.roleGrantExceedsOwn);
      }
      if (permissionsMoved) {
        // Compared on what the user ends up holding, role and overrides merged.
        assertEffectiveGrantWithinOwn(
          actor.auth,
          await heldFlagsOf(tx, current),
          await heldFlagsOf(tx, { id, type, roleId }),
          USER_MESSAGES.roleGrantExceedsOwn,
        );
      }
      const { expiresAt: _expiresAt, ...fields } = input;
      const [row] = await tx
        .update(users)
        .set({
          ...fields,
          expiresAt,
          accountId,
          ...(input.username ? { usernameLower: input.username.toLowerCase() } : {}),
          ...(input.emails ? emailColumns(input.emails) : {}),
          ...(permissionsMoved ? { permissionsVersion: sql`${users.permissionsVersion} + 1` } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new HttpError('E_NOT_FOUND', USER_MESSAGES.notFound);
      if (current.isActive && !row.isActive) await revokeUserSessions(tx, id);
      // A reset link mailed to a former address must not reach the account.
      if (input.emails && !isDeepStrictEqual(current.emailsLower, row.emailsLower)) {
        await expirePasswordResets(tx, id);
      }
      const diff = changedFields(userAuditFields(current), userAuditFields(row));
      if (diff) {
        const action =
          options.auditAction ??
          (Object.keys(diff.after).join() === 'isActive'
            ? row.isActive
              ? 'user.activate'
              : 'user.deactivate'
            : 'user.update');
        await recordAudit(tx, actor, {
          action,
          entityType: 'user',
          entityId: id,
          subjectUserId: id,
          ...diff,
        });
      }
      return row;
    });
  } catch (error) {
    return duplicate(error);
  }
}

/** Soft delete: the row stays for the trail, its sessions end at once. */
export async function deleteUser(db: Db, actor: Actor, id: string, usage: UsageContext): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockUser(tx, id);
    await assertMayTouchUser(tx, actor.auth, current);
    if (current.type === USER_TYPES.SUPER_ADMIN) await assertNotLastSuperAdmin(tx, id);
    await assertUserNotInUse(tx, usage, current);
    const [row] = await tx
      .update(users)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning({ deletedAt: users.deletedAt });
    await revokeUserSessions(tx, id);
    await recordAudit(tx, actor, {
      action: 'user.delete',
      entityType: 'user',
      entityId: id,
      subjectUserId: id,
      before: { deletedAt: null },
      after: { deletedAt: row?.deletedAt?.toISOString() ?? null },
    });
  });
}

/**
 * An administrator sets a password; the user must replace it at next sign-in. The user is told (hand
 * the delivery to deliverNotifications once committed).
 */
export async function resetUserPassword(
  db: Db,
  actor: Actor,
  id: string,
  password: string,
): Promise<NotificationDelivery> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const current = await lockUser(tx, id);
    await assertMayTouchUser(tx, actor.auth, current);
    await tx
      .update(users)
      .set({ passwordHash, defaultPassword: true, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await revokeUserSessions(tx, id);
    await expirePasswordResets(tx, id);
    await recordAudit(tx, actor, {
      action: 'user.reset_password',
      entityType: 'user',
      entityId: id,
      subjectUserId: id,
      before: { defaultPassword: current.defaultPassword },
      after: { defaultPassword: true },
    });
    return tellPasswordChanged(tx, current, actor.auth.user.id);
  });
}

export async function setUserActive(db: Db, actor: Actor, id: string, isActive: boolean): Promise<UserRow> {
  return updateUser(db, actor, id, { isActive });
}
