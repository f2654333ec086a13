import {
  type PaginateResult,
  PERMISSION_ENDPOINTS,
  PERMISSION_SCOPES,
  type PermissionRowEntry,
  type RolePermissionData,
  SCOPE_CATALOGUE,
  scopeOfUserType,
  USER_MESSAGES,
  type UserPermissionData,
} from '@facet/contract';
import { and, asc, count, desc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { pageOf } from '../db/paging.ts';
import { permissionEntries, roles, users } from '../db/schema.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import { implement } from '../http/route.ts';
import { flagMapOf, flagsOfRow, toSetEntries } from './flags.ts';
import { readSet } from './permission-store.ts';
import { upsertPermissions } from './upsert.ts';

/** Module ids whose name or title contains the search text, per scope. */
function modulesMatching(search: string): SQL {
  const text = search.toLowerCase();
  const conditions = PERMISSION_SCOPES.map((scope) => {
    const ids = SCOPE_CATALOGUE[scope].modules
      .filter((module) => `${module.module} ${module.title}`.toLowerCase().includes(text))
      .map((module) => module.id);
    return and(
      eq(permissionEntries.scope, scope),
      inArray(permissionEntries.moduleId, ids.length ? ids : [-1]),
    );
  });
  return or(...conditions) as SQL;
}

export function permissionRoutes(ctx: AppContext) {
  return [
    // Users targets also need UserPagePermission view, checked inside (it depends on the body).
    implement(PERMISSION_ENDPOINTS.upsert, async ({ body, auth, request }) => {
      await upsertPermissions(ctx.db, { auth, client: clientInfo(request) }, body);
      return ok(USER_MESSAGES.permissionsSaved, null);
    }),
    implement(PERMISSION_ENDPOINTS.paginate, async ({ body }) => {
      const filter = body.filter ?? {};
      const where = and(
        filter.roleId ? eq(permissionEntries.roleId, filter.roleId) : undefined,
        filter.userId ? eq(permissionEntries.userId, filter.userId) : undefined,
        filter.scope ? eq(permissionEntries.scope, filter.scope) : undefined,
        body.search ? modulesMatching(body.search) : undefined,
      );
      const { limit, offset } = pageOf(body);
      const moduleOrder = body.sort?.id?.toLowerCase() === 'desc' ? desc : asc;
      const [rows, [total]] = await Promise.all([
        ctx.db
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
        ctx.db.select({ value: count() }).from(permissionEntries).where(where),
      ]);
      const list: PermissionRowEntry[] = rows.flatMap((row) =>
        toSetEntries(row.scope, new Map([[row.moduleId, flagsOfRow(row)]])).map((entry) => ({
          ...entry,
          roleId: row.roleId,
          userId: row.userId,
          scope: row.scope,
        })),
      );
      const data: PaginateResult<PermissionRowEntry> = { list, count: total?.value ?? 0 };
      return ok('Permissions.', data);
    }),
    implement(PERMISSION_ENDPOINTS.userPermission, async ({ body }) => {
      const [row] = await ctx.db
        .select({ user: users, roleName: roles.name, roleScope: roles.scope })
        .from(users)
        .leftJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(users.id, body.userId), isNull(users.deletedAt)));
      if (!row) throw new HttpError('E_NOT_FOUND', USER_MESSAGES.notFound);
      const { user } = row;
      const scope = scopeOfUserType(user.type);
      const roleSet =
        user.roleId && row.roleScope === scope
          ? await readSet(ctx.db, { roleId: user.roleId }, scope)
          : new Map();
      const overrides = await readSet(ctx.db, { userId: user.id }, scope);
      const effective = await ctx.permissions.ofUser(user);
      const data: UserPermissionData = {
        user: {
          id: user.id,
          name: user.name,
          type: user.type,
          roleId: user.roleId,
          roleName: row.roleName,
        },
        scope,
        role: toSetEntries(scope, roleSet),
        overrides: toSetEntries(scope, overrides),
        // A super admin's effective set is the whole admin catalogue.
        effective: scope === 'admin' ? effective.admin : effective.customer,
      };
      return ok('User permissions.', data);
    }),
    implement(PERMISSION_ENDPOINTS.viewByRole, async ({ request }) => {
      const id = idParam(request, USER_MESSAGES.roleNotFound, 'roleId');
      const [role] = await ctx.db.select().from(roles).where(eq(roles.id, id));
      if (!role) throw new HttpError('E_NOT_FOUND', USER_MESSAGES.roleNotFound);
      const rows = await ctx.db
        .select()
        .from(permissionEntries)
        .where(and(eq(permissionEntries.roleId, id), eq(permissionEntries.scope, role.scope)));
      const data: RolePermissionData = {
        role: { id: role.id, name: role.name, scope: role.scope },
        permissions: toSetEntries(role.scope, flagMapOf(rows)),
      };
      return ok('Role permissions.', data);
    }),
  ];
}
