import {
  ADMIN_MODULES,
  type AdminModuleName,
  AUTH_ENDPOINTS,
  accountResource,
  CUSTOMER_MODULES,
  PERMISSION_ENDPOINTS,
  ROLE_ENDPOINTS,
  resourcePaths,
  USER_ENDPOINTS,
  USER_TYPES,
  type UserCreatePayload,
} from '@facet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionEntries } from '../src/access/permission-table.ts';
import { users } from '../src/access/user-table.ts';
import { staffAdmins, staffFollowing } from '../src/notifications/staff-following.ts';
import { companyViaApi } from './customers.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createRole, createUserViaApi } from './user-admin.ts';

const MODULES = ['Offer', 'Hold', 'Demand', 'Comment'] as const satisfies readonly AdminModuleName[];
type Module = (typeof MODULES)[number];
type Flags = { view?: boolean; insert?: boolean; update?: boolean; delete?: boolean };

const idOf = (module: Module) => ADMIN_MODULES.find((entry) => entry.module === module)?.id as number;
const entries = (modules: readonly Module[], permissions: Flags = { view: true }) =>
  modules.map((module) => ({ id: idOf(module), permissions }));
const sorted = (ids: readonly string[]) => [...ids].sort();

/** A staff user of the matrix, with the modules the test means them to view. */
interface Staff {
  id: string;
  /** Admins and super admins are whom staffAdmins picks from; employees are not. */
  admin: boolean;
  active: boolean;
  views: readonly Module[];
}

/**
 * staff-following.ts restates in SQL what the permission resolver decides about viewing an admin
 * module, so that one query finds the staff to tell. Twins drift: this holds the SQL to the server's own
 * resolver, asked through the API that shows a user's effective permissions, over a matrix of staff
 * users, on both databases.
 */
describe.skipIf(!(await databaseAvailable()))('the staff who hear of a customer move', () => {
  let server: TestServer;
  let token: string;
  const matrix = new Map<string, Staff>();
  let sales: Staff;
  let leaver: Staff;

  /** A user through the API, with a role of `roleSet` (when given) and their own entries `own`. */
  async function staffUser(
    type: UserCreatePayload['type'],
    roleSet: { id: number; permissions: Flags }[] | null,
    own: { id: number; permissions: Flags }[] = [],
  ): Promise<string> {
    const client = server.client();
    const roleId = roleSet ? await createRole(client, token, 'admin', roleSet) : null;
    const user = await createUserViaApi(client, token, { type, roleId });
    if (own.length > 0) {
      const saved = await client.call(
        PERMISSION_ENDPOINTS.upsert,
        { userId: user.id, scope: 'admin', permissions: own },
        { token },
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    return user.id;
  }

  async function deactivate(userId: string): Promise<void> {
    const off = await server
      .client()
      .call(USER_ENDPOINTS.setActive, { id: userId, isActive: false }, { token });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
  }

  /** The server's resolver, asked through the API: may the user view the module? */
  async function resolverViews(userId: string, module: Module): Promise<boolean> {
    const answer = await server.client().call(PERMISSION_ENDPOINTS.userPermission, { userId }, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const entry = answer.body.data.effective.find((item) => item.module === module);
    return entry?.permissions.view === true;
  }

  /** Whom staffAdmins must answer for the module: the reachable admins the resolver lets view it. */
  async function adminsWhoView(module: Module): Promise<string[]> {
    const ids: string[] = [];
    for (const user of matrix.values()) {
      if (user.admin && user.active && (await resolverViews(user.id, module))) ids.push(user.id);
    }
    return sorted(ids);
  }

  async function assignSalesPerson(accountId: string, salesPersonId: string): Promise<void> {
    const assigned = await server.client().request('PUT', resourcePaths(accountResource).byId(accountId), {
      body: { salesPersonId },
      token,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  }

  beforeAll(async () => {
    server = await startServer();
    token = await adminToken(server, server.client());
    const me = await server.client().call(AUTH_ENDPOINTS.getLoginUser, undefined, { token });
    const add = (name: string, staff: Staff) => {
      matrix.set(name, staff);
      return staff;
    };
    const admin = (id: string, views: readonly Module[], active = true) => ({
      id,
      admin: true,
      active,
      views,
    });

    add('super admin', admin(me.body.data.user.id, MODULES));
    add(
      'role grants',
      admin(await staffUser(USER_TYPES.ADMIN, entries(['Offer', 'Hold'])), ['Offer', 'Hold']),
    );
    // An all-false entry of their own takes Offer away; one with other flags but no view takes Hold.
    add(
      'own entry denies',
      admin(
        await staffUser(USER_TYPES.ADMIN, entries(['Offer', 'Hold', 'Demand']), [
          ...entries(['Offer'], {}),
          ...entries(['Hold'], { view: false, update: true }),
        ]),
        ['Demand'],
      ),
    );
    add(
      'own entry grants',
      admin(await staffUser(USER_TYPES.ADMIN, entries(['Comment']), entries(['Demand'])), [
        'Comment',
        'Demand',
      ]),
    );

    // A role switched off grants nothing; the user's own entries still count.
    const inactiveId = await staffUser(USER_TYPES.ADMIN, entries(MODULES), entries(['Hold']));
    const [inactive] = await db()
      .select({ roleId: users.roleId })
      .from(users)
      .where(eq(users.id, inactiveId));
    const off = await server
      .client()
      .call(
        ROLE_ENDPOINTS.update,
        { isActive: false },
        { token, params: { id: inactive?.roleId as string } },
      );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    add('role inactive', admin(inactiveId, ['Hold']));

    // The API never gives an admin a customer role, nor a customer role admin entries: written here as
    // rows that drifted, so that it is the role's scope that keeps them out.
    const customerRole = await createRole(server.client(), token, 'customer', [
      { id: CUSTOMER_MODULES[0]?.id as number, permissions: { view: true } },
    ]);
    await db()
      .insert(permissionEntries)
      .values(
        MODULES.map((module) => ({
          roleId: customerRole,
          scope: 'admin' as const,
          moduleId: idOf(module),
          view: true,
        })),
      );
    const otherScopeId = await staffUser(USER_TYPES.ADMIN, null);
    await db().update(users).set({ roleId: customerRole }).where(eq(users.id, otherScopeId));
    add('role of the customer scope', admin(otherScopeId, []));

    add('no role', admin(await staffUser(USER_TYPES.ADMIN, null), []));
    const deactivatedId = await staffUser(USER_TYPES.ADMIN, entries(MODULES));
    await deactivate(deactivatedId);
    add('deactivated', admin(deactivatedId, MODULES, false));

    // Employees: sales people, never among staffAdmins whatever they may view.
    sales = add('sales person', {
      id: await staffUser(USER_TYPES.EMPLOYEE, entries(['Offer', 'Comment']), entries(['Comment'], {})),
      admin: false,
      active: true,
      views: ['Offer'],
    });
    leaver = add('sales person who left', {
      id: await staffUser(USER_TYPES.EMPLOYEE, entries(MODULES)),
      admin: false,
      active: false,
      views: MODULES,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;

  it('builds the matrix it means to: the resolver lets each staff user view what the setup gives them', async () => {
    for (const [name, user] of matrix) {
      const views: Module[] = [];
      for (const module of MODULES) if (await resolverViews(user.id, module)) views.push(module);
      expect({ name, views }).toEqual({
        name,
        views: MODULES.filter((module) => user.views.includes(module)),
      });
    }
  });

  it.each(MODULES)('staffAdmins(%s) is the reachable admins the resolver lets view it', async (module) => {
    const expected = await adminsWhoView(module);
    expect(expected.length).toBeGreaterThan(0);
    expect(sorted(await staffAdmins(db(), module))).toEqual(expected);
  });

  it('staffFollowing: the sales person when they may view the module, else the admins who may', async () => {
    const acme = await companyViaApi(server, token, 'Acme Diamonds');
    const beta = await companyViaApi(server, token, 'Beta Gems');
    const unassigned = await companyViaApi(server, token, 'Gamma Stones');
    await assignSalesPerson(acme.id as string, sales.id);
    // Assigned while active, then deactivated: a sales person who left hears nothing.
    await assignSalesPerson(beta.id as string, leaver.id);
    await deactivate(leaver.id);

    for (const module of MODULES) {
      const admins = await adminsWhoView(module);
      const acmeHears = (await resolverViews(sales.id, module)) ? [sales.id] : admins;
      expect({ module, acme: sorted(await staffFollowing(db(), acme.id as string, module)) }).toEqual({
        module,
        acme: acmeHears,
      });
      expect(sorted(await staffFollowing(db(), beta.id as string, module))).toEqual(admins);
      expect(sorted(await staffFollowing(db(), unassigned.id as string, module))).toEqual(admins);
      expect(sorted(await staffFollowing(db(), null, module))).toEqual(admins);
    }
  });
});
