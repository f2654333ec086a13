import {
  ADMIN_MODULE_BY_NAME,
  type AdminAction,
  type AdminModuleName,
  CUSTOMER_MODULES,
  type CustomerAction,
  type CustomerModuleName,
  type PermissionScope,
  roleCreateSchema,
  SCOPE_CATALOGUE,
  type UserType,
  userCreateSchema,
} from '@facet/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../access/user-table.ts';
import { upsertPermissions } from '../../permissions/upsert.ts';
import { createRole } from '../../roles/role-writes.ts';
import { createUser } from '../../users/user-writes.ts';
import { countAdded, DEMO_PASSWORD, type DemoContext } from './context.ts';

export type Grants =
  | { scope: 'admin'; modules: readonly (readonly [AdminModuleName, readonly AdminAction[]])[] }
  | { scope: 'customer'; modules: readonly (readonly [CustomerModuleName, readonly CustomerAction[]])[] };

function moduleIdOf(scope: PermissionScope, name: string): number {
  const id =
    scope === 'admin'
      ? ADMIN_MODULE_BY_NAME.get(name as AdminModuleName)?.id
      : CUSTOMER_MODULES.find((entry) => entry.module === name)?.id;
  if (id === undefined) throw new Error(`unknown ${scope} module ${name}`);
  return id;
}

/** A role and its permission set, through the same writes as the Role and Permission screens. */
export async function createDemoRole(
  ctx: DemoContext,
  name: string,
  description: string,
  grants: Grants,
): Promise<string> {
  const role = await createRole(
    ctx.db,
    ctx.actor,
    roleCreateSchema.parse({ name, description, scope: grants.scope }),
  );
  await upsertPermissions(ctx.db, SCOPE_CATALOGUE, ctx.actor, {
    roleId: role.id,
    scope: grants.scope,
    permissions: grants.modules.map(([module, actions]) => ({
      id: moduleIdOf(grants.scope, module),
      permissions: Object.fromEntries(actions.map((action) => [action, true])),
    })),
  });
  countAdded(ctx, 'Roles');
  return role.id;
}

export interface DemoUserInput {
  type: UserType;
  name: string;
  username: string;
  email: string;
  phones?: string[];
  roleId?: string | null;
  accountId?: string | null;
  designation?: string | null;
  expiresAt?: Date | null;
  isActive?: boolean;
  /** What the summary says of this user. */
  note: string;
  label: string;
}

/**
 * A user through the User screen's own write (validation, identity checks, trail). The demo password
 * is shared by every demo user, so it is not marked for a change at first sign-in: the first visitor
 * would otherwise lock the next one out.
 */
export async function createDemoUser(ctx: DemoContext, input: DemoUserInput): Promise<string> {
  const body = userCreateSchema.parse({
    type: input.type,
    name: input.name,
    username: input.username,
    emails: [{ value: input.email, isPrimary: true }],
    phones: (input.phones ?? []).map((value, index) => ({ value, isPrimary: index === 0 })),
    roleId: input.roleId ?? null,
    accountId: input.accountId ?? null,
    designation: input.designation ?? null,
    expiresAt: input.expiresAt ? input.expiresAt.toISOString() : null,
    isActive: input.isActive ?? true,
    password: DEMO_PASSWORD,
  });
  const row = await createUser(ctx.db, ctx.actor, body);
  await ctx.db.update(users).set({ defaultPassword: false }).where(eq(users.id, row.id));
  const expired = input.expiresAt ? input.expiresAt.getTime() <= Date.now() : false;
  ctx.users.push({
    id: row.id,
    username: row.username,
    name: row.name,
    type: row.type,
    note: input.note,
    canSignIn: row.isActive && !expired,
  });
  countAdded(ctx, input.label);
  return row.id;
}
