import { ROLE_ENDPOINTS, recordOutcomeMessage, USER_MESSAGES } from '@facet/contract';
import { toRoleRecord } from '../access/role-record.ts';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { ok } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import { implement } from '../http/route.ts';
import { readRole, rolePage } from './role-queries.ts';
import { createRole, deleteRole, updateRole } from './role-writes.ts';

/** The role master screen; roles belong to the User module. */
export function roleRoutes(ctx: AppContext) {
  return [
    implement(ROLE_ENDPOINTS.paginate, async ({ body }) => ok('Roles.', await rolePage(ctx.db, body))),
    implement(ROLE_ENDPOINTS.create, async ({ body, auth, request }) => {
      const row = await createRole(ctx.db, { auth, client: clientInfo(request) }, body);
      return ok(recordOutcomeMessage('role', row.name, 'created'), toRoleRecord(row, 0));
    }),
    implement(ROLE_ENDPOINTS.get, async ({ request }) =>
      ok('Role.', await readRole(ctx.db, idParam(request, USER_MESSAGES.roleNotFound))),
    ),
    implement(ROLE_ENDPOINTS.update, async ({ body, auth, request }) => {
      const id = idParam(request, USER_MESSAGES.roleNotFound);
      await updateRole(ctx.db, { auth, client: clientInfo(request) }, id, body);
      const role = await readRole(ctx.db, id);
      return ok(recordOutcomeMessage('role', role.name, 'saved'), role);
    }),
    implement(ROLE_ENDPOINTS.remove, async ({ auth, request }) => {
      const id = idParam(request, USER_MESSAGES.roleNotFound);
      const { name } = await readRole(ctx.db, id);
      await deleteRole(ctx.db, ctx.scopes, { auth, client: clientInfo(request) }, id);
      return ok(recordOutcomeMessage('role', name, 'deleted'), null);
    }),
  ];
}
