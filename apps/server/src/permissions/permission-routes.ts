import { PERMISSION_ENDPOINTS, USER_MESSAGES } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { ok } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import { implement } from '../http/route.ts';
import { permissionPage, rolePermissionData, userPermissionData } from './permission-queries.ts';
import { upsertPermissions } from './upsert.ts';

export function permissionRoutes(ctx: AppContext) {
  return [
    // Users targets also need UserPagePermission view, checked inside (it depends on the body).
    implement(PERMISSION_ENDPOINTS.upsert, async ({ body, auth, request }) => {
      await upsertPermissions(ctx.db, ctx.scopes, { auth, client: clientInfo(request) }, body);
      return ok(USER_MESSAGES.permissionsSaved, null);
    }),
    implement(PERMISSION_ENDPOINTS.paginate, async ({ body }) =>
      ok('Permissions.', await permissionPage(ctx.db, ctx.scopes, body)),
    ),
    implement(PERMISSION_ENDPOINTS.userPermission, async ({ body }) =>
      ok('User permissions.', await userPermissionData(ctx.db, ctx.scopes, ctx.permissions, body.userId)),
    ),
    implement(PERMISSION_ENDPOINTS.viewByRole, async ({ request }) => {
      const id = idParam(request, USER_MESSAGES.roleNotFound, 'roleId');
      return ok('Role permissions.', await rolePermissionData(ctx.db, ctx.scopes, id));
    }),
  ];
}
