import {
  type PaginateResult,
  PERMISSION_SCOPES,
  type PermissionRowEntry,
  type permissionPaginateSchema,
  type RolePermissionData,
  type ScopeCatalogue,
  scopeOfUserType,
  USER_MESSAGES,
  type UserPermissionData,
} from '@facet/contract';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { flagsOfRow, toSetEntries } from '../access/flags.ts';
import { readSet } from '../access/permission-store.ts';
import { permissionEntries } from '../access/permission-table.ts';
import type { PermissionResolver } from '../access/resolver.ts';
import { roles } from '../access/role-table.ts';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { pageOf } from '../db/paging.ts';
import { HttpError } from '../http/envelope.ts';

/** Module ids whose name or title contains the search text, per scope. */
function modulesMatching(catalogue: ScopeCatalogue, search: string): SQL {
  const text = search.toLowerCase();
  const conditions = PERMISSION_SCOPES.map((scope) => {
    const ids = catalogue[scope].modules
      .filter((module) => `${module.module} ${module.title}`.toLowerCase().includes(text))
      .map((module) => module.id);
    return and(
      eq(permissionEntries.scope, scope),
      inArray(permissionEntries.moduleId, ids.length ? ids : [-1]),
    );
  });
  return or(...conditions) as SQL;
}

/** One page of the stored entries, each spelled out with its role or user and scope. */
export async function permissionPage(
  db: Db,
  catalogue: ScopeCatalogue,
  body: z.output<typeof permissionPaginateSchema>,
): Promise<PaginateResult<PermissionRowEntry>> {
  const filter = body.filter ?? {};
  const where = and(
    filter.roleId ? eq(permissionEntries.roleId, filter.roleId) : undefined,
    filter.userId ? eq(permissionEntries.userId, filter.userId) : undefined,
    filter.scope ? eq(permissionEntries.scope, filter.scope) : undefined,
    body.search ? modulesMatching(catalogue, body.search) : undefined,
  );
  const { limit, offset } = pageOf(body);
  const moduleOrder = body.sort?.id?.toLowerCase() === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(permissionEntries)
      .where(where)
      .orderBy(
        asc(permissionEntries.scope),
        asc(permissionEntries.roleId),
        asc(permissionEntries.userId),
        moduleOrder(permissionEntries.moduleId),
        asc(permissionEntries.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(permissionEntries).where(where),
  ]);
  const list: PermissionRowEntry[] = rows.flatMap((row) =>
    toSetEntries(catalogue, row.scope, new Map([[row.moduleId, flagsOfRow(row)]])).map((entry) => ({
      ...entry,
      roleId: row.roleId,
      userId: row.userId,
      scope: row.scope,
    })),
  );
  return { list, count: total?.value ?? 0 };
}

/** A live user's role set (when the role is of the user's scope), overrides and effective set. */
export async function userPermissionData(
  db: Db,
  catalogue: ScopeCatalogue,
  resolver: PermissionResolver,
  userId: string,
): Promise<UserPermissionData> {
  const [row] = await db
    .select({ user: users, roleName: roles.name, roleScope: roles.scope })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw new HttpError('E_NOT_FOUND', USER_MESSAGES.notFound);
  const { user } = row;
  const scope = scopeOfUserType(user.type);
  const roleSet =
    user.roleId && row.roleScope === scope ? await readSet(db, { roleId: user.roleId }, scope) : new Map();
  const overrides = await readSet(db, { userId: user.id }, scope);
  const effective = await resolver.ofUser(user);
  return {
    user: {
      id: user.id,
      name: user.name,
      type: user.type,
      roleId: user.roleId,
      roleName: row.roleName,
    },
    scope,
    role: toSetEntries(catalogue, scope, roleSet),
    overrides: toSetEntries(catalogue, scope, overrides),
    // A super admin's effective set is the whole admin catalogue.
    effective: scope === 'admin' ? effective.admin : effective.customer,
  };
}

/** A role's set in its own scope. */
export async function rolePermissionData(
  db: Db,
  catalogue: ScopeCatalogue,
  roleId: string,
): Promise<RolePermissionData> {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw new HttpError('E_NOT_FOUND', USER_MESSAGES.roleNotFound);
  return {
    role: { id: role.id, name: role.name, scope: role.scope },
    permissions: toSetEntries(catalogue, role.scope, await readSet(db, { roleId }, role.scope)),
  };
}
