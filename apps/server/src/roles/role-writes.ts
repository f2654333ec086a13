import type { roleCreateSchema, roleUpdateSchema, ScopeCatalogue } from '@facet/contract';
import { USER_MESSAGES } from '@facet/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { toSetEntries } from '../access/flags.ts';
import { readSet } from '../access/permission-store.ts';
import { countRoleUsers, type RoleRow, roleAuditFields } from '../access/role-record.ts';
import { roles } from '../access/role-table.ts';
import type { Db } from '../db/client.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/client.ts';
import { HttpError } from '../http/envelope.ts';
import { type Actor, changedFields, recordAudit } from '../resources/audit-log.ts';
import { assertMayChangeRole, assertMayGrantRole } from './role-guards.ts';

function duplicateName(error: unknown): never {
  if (pgErrorCode(error) === UNIQUE_VIOLATION) {
    throw new HttpError('E_CONFLICT', USER_MESSAGES.duplicateRole, {
      errors: [{ field: 'name', message: USER_MESSAGES.duplicateRole }],
    });
  }
  throw error;
}

/** Locks the role for the rest of the transaction; 404 when it does not exist. */
export async function lockRole(tx: Db, id: string, mode: 'update' | 'share' = 'update'): Promise<RoleRow> {
  const [row] = await tx.select().from(roles).where(eq(roles.id, id)).for(mode);
  if (!row) throw new HttpError('E_NOT_FOUND', USER_MESSAGES.roleNotFound);
  return row;
}

export async function createRole(
  db: Db,
  actor: Actor,
  input: z.output<typeof roleCreateSchema>,
): Promise<RoleRow> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.insert(roles).values(input).returning();
      if (!row) throw new Error('role insert returned no row');
      await recordAudit(tx, actor, {
        action: 'role.create',
        entityType: 'role',
        entityId: row.id,
        subjectUserId: null,
        before: null,
        after: roleAuditFields(row),
      });
      return row;
    });
  } catch (error) {
    return duplicateName(error);
  }
}

export async function updateRole(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof roleUpdateSchema>,
): Promise<RoleRow> {
  try {
    return await db.transaction(async (tx) => {
      const current = await lockRole(tx, id);
      await assertMayChangeRole(tx, actor.auth, current);
      if (input.isActive === true && !current.isActive) {
        await assertMayGrantRole(tx, actor.auth, current, USER_MESSAGES.roleActivationExceedsOwn);
      }
      // Switching a role on or off changes what its users hold: the version moves with it.
      const bump = input.isActive !== undefined && input.isActive !== current.isActive;
      const [row] = await tx
        .update(roles)
        .set({
          ...input,
          updatedAt: sql`now()`,
          ...(bump ? { permissionsVersion: sql`${roles.permissionsVersion} + 1` } : {}),
        })
        .where(eq(roles.id, id))
        .returning();
      if (!row) throw new HttpError('E_NOT_FOUND', USER_MESSAGES.roleNotFound);
      const diff = changedFields(roleAuditFields(current), roleAuditFields(row));
      if (diff) {
        await recordAudit(tx, actor, {
          action: 'role.update',
          entityType: 'role',
          entityId: id,
          subjectUserId: null,
          ...diff,
        });
      }
      return row;
    });
  } catch (error) {
    return duplicateName(error);
  }
}

/** Refused while users hold the role; its permission set goes with it. */
export async function deleteRole(db: Db, catalogue: ScopeCatalogue, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockRole(tx, id);
    await assertMayChangeRole(tx, actor.auth, current);
    if ((await countRoleUsers(tx, id)) > 0) throw new HttpError('E_CONFLICT', USER_MESSAGES.roleInUse);
    // The set goes with the role: the trail keeps what it granted.
    const permissions = Object.fromEntries(
      toSetEntries(catalogue, current.scope, await readSet(tx, { roleId: id }, current.scope)).map(
        (entry) => [entry.module, entry.permissions],
      ),
    );
    await tx.delete(roles).where(eq(roles.id, id));
    await recordAudit(tx, actor, {
      action: 'role.delete',
      entityType: 'role',
      entityId: id,
      subjectUserId: null,
      before: { ...roleAuditFields(current), permissions },
      after: null,
    });
  });
}
