import {
  type ContactEntry,
  USER_MESSAGES,
  USER_TYPES,
  type userCreateSchema,
  type userUpdateSchema,
} from '@facet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, changedFields, recordAudit } from '../audit/audit-log.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import type { Db } from '../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import { emailColumns, insertUser, type UserRow } from './repository.ts';
import {
  assertIdentityFree,
  assertMayTouch,
  assertNotLastSuperAdmin,
  assertRoleAssignable,
} from './user-guards.ts';
import { userAuditFields } from './user-record.ts';

type CreateInput = z.output<typeof userCreateSchema>;
type UpdateInput = z.output<typeof userUpdateSchema>;

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
      if (input.roleId) await assertRoleAssignable(tx, actor.auth, input.roleId, input.type, null);
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

export async function updateUser(db: Db, actor: Actor, id: string, input: UpdateInput): Promise<UserRow> {
  try {
    return await db.transaction(async (tx) => {
      const current = await lockUser(tx, id);
      assertMayTouch(actor.auth, current.type, input.type);
      const type = input.type ?? current.type;
      const leavesSuperAdmins =
        current.type === USER_TYPES.SUPER_ADMIN &&
        current.isActive &&
        (type !== USER_TYPES.SUPER_ADMIN || input.isActive === false);
      if (leavesSuperAdmins) await assertNotLastSuperAdmin(tx, id);
      const expiresAt =
        input.expiresAt === undefined
          ? current.expiresAt
          : input.expiresAt
            ? new Date(input.expiresAt)
            : null;
      if (type === USER_TYPES.GUEST && !expiresAt)
        throw fieldError('expiresAt', USER_MESSAGES.guestExpiryRequired);
      await assertIdentityFree(tx, {
        username: input.username,
        emailsLower: input.emails ? lowered(input.emails) : undefined,
        exceptId: id,
      });
      const roleId = input.roleId === undefined ? current.roleId : input.roleId;
      if (roleId && (roleId !== current.roleId || type !== current.type)) {
        await assertRoleAssignable(tx, actor.auth, roleId, type, current.roleId);
      }
      // What the user may do changes with their type or role: move the cache key.
      const permissionsMoved = roleId !== current.roleId || type !== current.type;
      const { expiresAt: _expiresAt, ...fields } = input;
      const [row] = await tx
        .update(users)
        .set({
          ...fields,
          ...(input.expiresAt !== undefined ? { expiresAt } : {}),
          ...(input.username ? { usernameLower: input.username.toLowerCase() } : {}),
          ...(input.emails ? emailColumns(input.emails) : {}),
          ...(permissionsMoved ? { permissionsVersion: sql`${users.permissionsVersion} + 1` } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new HttpError('E_NOT_FOUND', USER_MESSAGES.notFound);
      if (current.isActive && !row.isActive) await revokeUserSessions(tx, id);
      const diff = changedFields(userAuditFields(current), userAuditFields(row));
      if (diff) {
        const action =
          Object.keys(diff.after).join() === 'isActive'
            ? row.isActive
              ? 'user.activate'
              : 'user.deactivate'
            : 'user.update';
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
export async function deleteUser(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockUser(tx, id);
    assertMayTouch(actor.auth, current.type);
    if (current.type === USER_TYPES.SUPER_ADMIN) await assertNotLastSuperAdmin(tx, id);
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

/** An administrator sets a password; the user must replace it at next sign-in. */
export async function resetUserPassword(db: Db, actor: Actor, id: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const current = await lockUser(tx, id);
    assertMayTouch(actor.auth, current.type);
    await tx
      .update(users)
      .set({ passwordHash, defaultPassword: true, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    await revokeUserSessions(tx, id);
    await recordAudit(tx, actor, {
      action: 'user.reset_password',
      entityType: 'user',
      entityId: id,
      subjectUserId: id,
      before: { defaultPassword: current.defaultPassword },
      after: { defaultPassword: true },
    });
  });
}

export async function setUserActive(db: Db, actor: Actor, id: string, isActive: boolean): Promise<UserRow> {
  return updateUser(db, actor, id, { isActive });
}
