import {
  can,
  PERMISSION_MESSAGES,
  type PermissionScope,
  type PermissionUpsertPayload,
  type ScopeCatalogue,
  scopeOfUserType,
  USER_MESSAGES,
} from '@facet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { anyFlag, type FlagMap, type Flags } from '../access/flags.ts';
import { assertEffectiveGrantWithinOwn, assertGrantWithinOwn } from '../access/grant-check.ts';
import { readSet, replaceSet, type Target } from '../access/permission-store.ts';
import { roles } from '../access/role-table.ts';
import { heldFlagsOf } from '../access/target-effective.ts';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { FORBIDDEN, holderOf } from '../http/access-plugin.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import { type Actor, recordAudit } from '../resources/audit-log.ts';
import { assertMayChangeRole } from '../roles/role-guards.ts';
import { lockRole } from '../roles/role-writes.ts';
import { assertMayTouchUser } from '../users/user-guards.ts';

/**
 * Every module of the set must be one of the scope's catalogue, which depends on the modules the server
 * was built with: the contract's schema cannot know it, so the refusal names the field as its own would.
 */
function assertKnownModules(catalogue: ScopeCatalogue, payload: PermissionUpsertPayload): void {
  const known = new Set(catalogue[payload.scope].modules.map((module) => module.id));
  const errors = payload.permissions.flatMap((item, index) =>
    known.has(item.id)
      ? []
      : [{ field: `permissions.${index}.id`, message: PERMISSION_MESSAGES.unknownModule }],
  );
  if (errors.length > 0) throw new HttpError('E_BAD_REQUEST', PERMISSION_MESSAGES.unknownModule, { errors });
}

function flagMapOfPayload(
  catalogue: ScopeCatalogue,
  scope: PermissionScope,
  payload: PermissionUpsertPayload,
  keepEmpty: boolean,
): FlagMap {
  const actions = catalogue[scope].actions as readonly string[];
  const map: FlagMap = new Map();
  for (const item of payload.permissions) {
    // Every action of the scope spelled out, so stored sets and audit entries read the same way.
    const given = item.permissions as Record<string, boolean | undefined>;
    const flags = Object.fromEntries(actions.map((action) => [action, given[action] === true])) as Flags;
    // A role's all-false entry means nothing; a user's one takes the role's module away.
    if (keepEmpty || anyFlag(flags)) map.set(item.id, flags);
  }
  return map;
}

/** Module name → flags of the modules whose flags differ: the audit's before and after. */
function setDiff(catalogue: ScopeCatalogue, scope: PermissionScope, before: FlagMap, after: FlagMap) {
  const name = (id: number) => catalogue[scope].modules.find((module) => module.id === id)?.module ?? id;
  const ids = new Set([...before.keys(), ...after.keys()]);
  const changed = [...ids].filter((id) => JSON.stringify(before.get(id)) !== JSON.stringify(after.get(id)));
  return {
    before: Object.fromEntries(changed.map((id) => [name(id), before.get(id) ?? null])),
    after: Object.fromEntries(changed.map((id) => [name(id), after.get(id) ?? null])),
  };
}

type LockedTarget =
  | { scope: PermissionScope; user?: undefined }
  | {
      scope: PermissionScope;
      user: { id: string; type: (typeof users.$inferSelect)['type']; roleId: string | null };
    };

/** Checks the target under a lock and answers its scope (and the user, for a user's overrides). */
async function lockTarget(tx: Db, actor: Actor, target: Target): Promise<LockedTarget> {
  if ('roleId' in target) {
    const role = await lockRole(tx, target.roleId);
    // A role's set is what each member holds: emptying it strips them all, so they must be in reach.
    await assertMayChangeRole(tx, actor.auth, role);
    return { scope: role.scope };
  }
  if (!can(holderOf(actor.auth), 'UserPagePermission', 'view')) {
    throw new HttpError('E_FORBIDDEN', FORBIDDEN);
  }
  const [user] = await tx
    .select({ id: users.id, type: users.type, roleId: users.roleId })
    .from(users)
    .where(and(eq(users.id, target.userId), isNull(users.deletedAt)))
    .for('update');
  if (!user) throw new HttpError('E_NOT_FOUND', USER_MESSAGES.notFound);
  // Super admins, and users holding more than the actor, are out of the actor's reach.
  await assertMayTouchUser(tx, actor.auth, user);
  return { scope: scopeOfUserType(user.type), user };
}

/** Replaces a role's set or a user's overrides in one transaction, with its version bump and audit. */
export async function upsertPermissions(
  db: Db,
  catalogue: ScopeCatalogue,
  actor: Actor,
  payload: PermissionUpsertPayload,
): Promise<void> {
  assertKnownModules(catalogue, payload);
  const target: Target = payload.roleId ? { roleId: payload.roleId } : { userId: payload.userId as string };
  await db.transaction(async (tx) => {
    const { scope, user } = await lockTarget(tx, actor, target);
    if (scope !== payload.scope) throw fieldError('scope', PERMISSION_MESSAGES.scopeMismatch);
    const previous = await readSet(tx, target, scope);
    const next = flagMapOfPayload(catalogue, scope, payload, 'userId' in target);
    if (user) {
      // A user's overrides are judged on what the user ends up holding (role merged with overrides):
      // dropping a deny override grants the role's flag back, and that is a grant like any other.
      assertEffectiveGrantWithinOwn(
        actor.auth,
        await heldFlagsOf(tx, user, previous),
        await heldFlagsOf(tx, user, next),
      );
    } else {
      assertGrantWithinOwn(actor.auth, scope, next, previous);
    }
    await replaceSet(tx, target, scope, next);
    if ('roleId' in target) {
      await tx
        .update(roles)
        .set({ permissionsVersion: sql`${roles.permissionsVersion} + 1`, updatedAt: sql`now()` })
        .where(eq(roles.id, target.roleId));
    } else {
      await tx
        .update(users)
        .set({ permissionsVersion: sql`${users.permissionsVersion} + 1`, updatedAt: sql`now()` })
        .where(eq(users.id, target.userId));
    }
    const diff = setDiff(catalogue, scope, previous, next);
    if (Object.keys(diff.after).length === 0) return;
    await recordAudit(tx, actor, {
      action: 'roleId' in target ? 'permission.role' : 'permission.user',
      entityType: 'roleId' in target ? 'role' : 'user',
      entityId: 'roleId' in target ? target.roleId : target.userId,
      subjectUserId: 'userId' in target ? target.userId : null,
      ...diff,
    });
  });
}
