import { ADMIN_MODULES, type AdminModuleName, NOTIFICATION_LIMITS, USER_TYPES } from '@facet/contract';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { permissionEntries } from '../access/permission-table.ts';
import { roles } from '../access/role-table.ts';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/resource-tables.ts';
import { columnOf } from '../resources/columns.ts';
import { reachableUsers } from './recipients.ts';

/**
 * The user may view the admin module, as the permission resolver decides it: a super admin may; else
 * the user's own entry for the module when there is one (it replaces the role's), else their role's,
 * when the role is active and of the admin scope.
 */
function viewsModule(module: AdminModuleName): SQL {
  const moduleId = ADMIN_MODULES.find((entry) => entry.module === module)?.id ?? -1;
  const own = sql`(select ${permissionEntries.view} from ${permissionEntries}
    where ${permissionEntries.userId} = ${users.id} and ${permissionEntries.scope} = 'admin'
      and ${permissionEntries.moduleId} = ${moduleId})`;
  const byRole = sql`(select ${permissionEntries.view} from ${permissionEntries}
    join ${roles} on ${roles.id} = ${permissionEntries.roleId}
    where ${roles.id} = ${users.roleId} and ${roles.isActive} and ${roles.scope} = 'admin'
      and ${permissionEntries.scope} = 'admin' and ${permissionEntries.moduleId} = ${moduleId})`;
  return or(eq(users.type, USER_TYPES.SUPER_ADMIN), sql`coalesce(${own}, ${byRole}, false)`) as SQL;
}

/**
 * Who hears of a customer's move in `module` (an offer under Offer, a hold under Hold): the company's
 * sales person, when they can receive it and may open that module; otherwise the admins who may, and
 * the super admins, so that no enquiry, offer, hold or comment goes unseen. Here rather than in
 * stock-summary, so that any feature a customer acts in can tell the same people.
 */
export async function staffFollowing(
  tx: Db,
  accountId: string | null,
  module: AdminModuleName,
): Promise<string[]> {
  if (accountId) {
    const [account] = await tx
      .select({ salesPersonId: columnOf(accounts, 'salesPersonId') })
      .from(accounts)
      .where(eq(columnOf(accounts, 'id'), accountId));
    const salesPersonId = account?.salesPersonId as string | null | undefined;
    if (salesPersonId) {
      const [reachable] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, salesPersonId), reachableUsers(), viewsModule(module)));
      if (reachable) return [reachable.id];
    }
  }
  return staffAdmins(tx, module);
}

/**
 * The reachable admins and super admins (at most as many as one notify() takes); with a module, only
 * the admins who may open it.
 */
export async function staffAdmins(tx: Db, module?: AdminModuleName): Promise<string[]> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.type, [USER_TYPES.SUPER_ADMIN, USER_TYPES.ADMIN]),
        reachableUsers(),
        module ? viewsModule(module) : undefined,
      ),
    )
    .limit(NOTIFICATION_LIMITS.recipients);
  return admins.map((admin) => admin.id);
}
