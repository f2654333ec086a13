import { scopeOfUserType, USER_MESSAGES, USER_TYPES } from '@facet/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { AuthContext } from '../access/authenticate.ts';
import { mergeFlags } from '../access/effective.ts';
import { type FlagMap, flagsOfRow } from '../access/flags.ts';
import { assertGrantWithinOwn, holdsAllOf } from '../access/grant-check.ts';
import { readSet } from '../access/permission-store.ts';
import { permissionEntries } from '../access/permission-table.ts';
import type { RoleRow } from '../access/role-record.ts';
import type { HeldFlags } from '../access/target-effective.ts';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http/envelope.ts';

/**
 * What each user holding the role holds now (the role, when it counts, merged with their overrides),
 * read in a few queries whatever the number of members. Customer members are left out: they hold no
 * admin power, so they are never out of a staff member's reach (holdsAllOf).
 */
async function heldByMembers(tx: Db, role: RoleRow): Promise<HeldFlags[]> {
  const members = await tx
    .select({ id: users.id, type: users.type })
    .from(users)
    .where(and(eq(users.roleId, role.id), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  const held: HeldFlags[] = members
    .filter((member) => member.type === USER_TYPES.SUPER_ADMIN)
    .map(() => ({ all: true }));
  const staff = members.filter(
    (member) => member.type !== USER_TYPES.SUPER_ADMIN && scopeOfUserType(member.type) === 'admin',
  );
  if (staff.length === 0) return held;
  const roleSet: FlagMap =
    role.isActive && role.scope === 'admin' ? await readSet(tx, { roleId: role.id }, 'admin') : new Map();
  const overrideRows = await tx
    .select()
    .from(permissionEntries)
    .where(
      and(
        inArray(
          permissionEntries.userId,
          staff.map((member) => member.id),
        ),
        eq(permissionEntries.scope, 'admin'),
      ),
    );
  for (const member of staff) {
    const own: FlagMap = new Map(
      overrideRows.filter((row) => row.userId === member.id).map((row) => [row.moduleId, flagsOfRow(row)]),
    );
    held.push({ all: false, scope: 'admin', flags: mergeFlags(roleSet, own) });
  }
  return held;
}

/**
 * Changing a role (its name, its activation, its permission set) or deleting it acts on every user
 * holding it, so it obeys the rule for editing each of them directly: no member may hold a permission
 * the actor lacks. Otherwise switching a role off would strip a stronger colleague down to someone the
 * actor may edit, and their e-mail (so their password) would follow.
 *
 * Call with the role row locked (lockRole): a user is only given a role under a share lock on it
 * (assertRoleAssignable), so no member can join between this check and the caller's write.
 */
export async function assertMayChangeRole(tx: Db, auth: AuthContext, role: RoleRow): Promise<void> {
  if (auth.user.type === USER_TYPES.SUPER_ADMIN) return;
  for (const held of await heldByMembers(tx, role)) {
    if (!holdsAllOf(auth, held)) throw new HttpError('E_FORBIDDEN', USER_MESSAGES.roleHolderMorePrivileged);
  }
}

/**
 * Switching a role on, or giving it to a user, grants its whole set: the actor must hold every flag of
 * it, the check a direct grant of those flags would pass (assertGrantWithinOwn). Members or not, a role
 * the actor could not fill cannot be put into force by them either.
 */
export async function assertMayGrantRole(
  tx: Db,
  auth: AuthContext,
  role: RoleRow,
  message: string,
): Promise<void> {
  if (auth.user.type === USER_TYPES.SUPER_ADMIN) return;
  const set = await readSet(tx, { roleId: role.id }, role.scope);
  assertGrantWithinOwn(auth, role.scope, set, new Map(), message);
}
