import { type PaginateResult, ROLE_ENDPOINTS, type RoleRecord, USER_MESSAGES } from '@facet/contract';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { likePattern, pageOf, sortOrder } from '../db/paging.ts';
import { roles } from '../db/schema.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import { implement } from '../http/route.ts';
import { toRoleRecord, userCountOf } from './role-record.ts';
import { createRole, deleteRole, updateRole } from './role-writes.ts';

/** The role master screen; roles belong to the User module. */
export function roleRoutes(ctx: AppContext) {
  const readRole = async (id: string): Promise<RoleRecord> => {
    const [row] = await ctx.db
      .select({ role: roles, userCount: userCountOf })
      .from(roles)
      .where(eq(roles.id, id));
    if (!row) throw new HttpError('E_NOT_FOUND', USER_MESSAGES.roleNotFound);
    return toRoleRecord(row.role, row.userCount);
  };

  return [
    implement(ROLE_ENDPOINTS.paginate, async ({ body }) => {
      const where = and(
        body.filter?.scope ? eq(roles.scope, body.filter.scope) : undefined,
        body.filter?.isActive !== undefined ? eq(roles.isActive, body.filter.isActive) : undefined,
        body.search ? ilike(roles.name, likePattern(body.search)) : undefined,
      );
      const { limit, offset } = pageOf(body);
      const order = sortOrder(
        body.sort,
        { name: roles.name, createdAt: roles.createdAt, userCount: userCountOf },
        [desc(roles.createdAt)],
        roles.id,
      );
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select({ role: roles, userCount: userCountOf })
          .from(roles)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        ctx.db.select({ value: count() }).from(roles).where(where),
      ]);
      const data: PaginateResult<RoleRecord> = {
        list: rows.map((row) => toRoleRecord(row.role, row.userCount)),
        count: total?.value ?? 0,
      };
      return ok('Roles.', data);
    }),
    implement(ROLE_ENDPOINTS.create, async ({ body, auth, request }) => {
      const row = await createRole(ctx.db, { auth, client: clientInfo(request) }, body);
      return ok(USER_MESSAGES.roleCreated, toRoleRecord(row, 0));
    }),
    implement(ROLE_ENDPOINTS.get, async ({ request }) =>
      ok('Role.', await readRole(idParam(request, USER_MESSAGES.roleNotFound))),
    ),
    implement(ROLE_ENDPOINTS.update, async ({ body, auth, request }) => {
      const id = idParam(request, USER_MESSAGES.roleNotFound);
      await updateRole(ctx.db, { auth, client: clientInfo(request) }, id, body);
      return ok(USER_MESSAGES.roleUpdated, await readRole(id));
    }),
    implement(ROLE_ENDPOINTS.remove, async ({ auth, request }) => {
      const id = idParam(request, USER_MESSAGES.roleNotFound);
      await deleteRole(ctx.db, { auth, client: clientInfo(request) }, id);
      return ok(USER_MESSAGES.roleDeleted, null);
    }),
  ];
}
