import {
  AUDIT_ENDPOINTS,
  type CustomerModuleName,
  PERMISSION_ENDPOINTS,
  pathOf,
  RESOURCE_ENDPOINTS,
  RESOURCES,
  ROLE_ENDPOINTS,
  USER_ENDPOINTS,
  USER_TYPES,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes, type RouteAccessEntry } from '../src/http/access-plugin.ts';
import { companyViaApi, customerViaApi } from './customers.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createUserViaApi, FIRST_PASSWORD, userWithRole } from './user-admin.ts';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
/** No Banner route exists yet: this test-only one makes the allowed branch of the matrix really run. */
const BANNER_PROBE = '/test-only/banner-view';
const VIEW = { view: true };

/** The server enforces every module permission itself, whatever the browser shows or hides. */
describe.skipIf(!(await databaseAvailable()))('permission matrix', () => {
  let server: TestServer;
  let superToken: string;
  const tokens: Record<'admin' | 'banner' | 'customer' | 'userViewer', string> = {
    admin: '',
    banner: '',
    customer: '',
    userViewer: '',
  };

  beforeAll(async () => {
    server = await startServer(
      {},
      {
        register: (app) =>
          app.get(BANNER_PROBE, { config: { access: { module: 'Banner', action: 'view' } } }, async () => ({
            code: 'OK',
            message: 'Banner probe.',
            data: null,
          })),
      },
    );
    superToken = await adminToken(server, server.client());
    // One after the other: each sign-in reads its code from the shared mailbox.
    const admin = await userWithRole(server, superToken, USER_TYPES.ADMIN, 'admin', []);
    const banner = await userWithRole(server, superToken, USER_TYPES.EMPLOYEE, 'admin', [
      { id: 5, permissions: VIEW },
    ]);
    const customer = await userWithRole(server, superToken, USER_TYPES.CUSTOMER, 'customer', [
      { id: 1, permissions: { view: true, printPDF: true } },
    ]);
    const userViewer = await userWithRole(server, superToken, USER_TYPES.EMPLOYEE, 'admin', [
      { id: 14, permissions: VIEW },
    ]);
    tokens.admin = admin.token;
    tokens.banner = banner.token;
    tokens.customer = customer.token;
    tokens.userViewer = userViewer.token;
    expect(customer.login.userPermissions).toMatchObject({
      data: [],
      customer: [{ id: 1, module: 'dashboard', permissions: { view: true, printPDF: true, insert: false } }],
    });
    expect(banner.login.userPermissions.data).toEqual([
      {
        id: 5,
        module: 'Banner',
        title: 'Banner',
        permissions: { view: true, insert: false, update: false, delete: false },
      },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const moduleRoutes = () =>
    listRoutes(server.app).filter(
      (route): route is RouteAccessEntry & { access: { module: string; action: string } } =>
        'module' in route.access && route.method !== 'HEAD',
    );
  const call = (route: RouteAccessEntry, token: string) =>
    server.client().request(route.method, route.url.replace(/:id\b/, SAMPLE_ID), {
      token,
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }),
    });

  it('covers the user administration routes', () => {
    expect(moduleRoutes().length).toBeGreaterThanOrEqual(20);
  });

  it('never forbids the super admin', async () => {
    for (const route of moduleRoutes()) {
      const response = await call(route, superToken);
      expect(response.status, `${route.method} ${route.url}`).not.toBe(403);
      expect(response.status, `${route.method} ${route.url}`).toBeLessThan(500);
    }
  });

  it('forbids every module route to an admin with no module and to a customer', async () => {
    for (const route of moduleRoutes()) {
      for (const who of ['admin', 'customer'] as const) {
        const response = await call(route, tokens[who]);
        expect(response.status, `${who} ${route.method} ${route.url}`).toBe(403);
        expect(response.body.code).toBe('E_FORBIDDEN');
      }
    }
  });

  it('lets a Banner viewer reach Banner views only', async () => {
    const reached: string[] = [];
    for (const route of moduleRoutes()) {
      const response = await call(route, tokens.banner);
      const allowed = route.access.module === 'Banner' && route.access.action === 'view';
      if (allowed) {
        expect(response.status, `${route.method} ${route.url}`).not.toBe(403);
        reached.push(`${route.method} ${route.url}`);
      } else expect(response.status, `${route.method} ${route.url}`).toBe(403);
    }
    // The allowed branch ran: without it the test would only prove refusals.
    expect(reached).toContain(`GET ${BANNER_PROBE}`);
  });

  it('checks the module named by the body on the generic toggle, after validating it', async () => {
    const client = server.client();
    const toggles = listRoutes(server.app).filter((route) => 'moduleFromBody' in route.access);
    expect(toggles.map((route) => route.url)).toEqual([`/${RESOURCE_ENDPOINTS.booleanStatusUpdate.path}`]);
    for (const resource of RESOURCES) {
      const fieldName = Object.entries(resource.fields).find(([, spec]) => spec.toggle)?.[0];
      if (!fieldName) continue;
      const body = { id: SAMPLE_ID, model: resource.name, fieldName, status: false };
      for (const who of ['admin', 'customer', 'banner'] as const) {
        const response = await client.post(RESOURCE_ENDPOINTS.booleanStatusUpdate.path, body, tokens[who]);
        expect(response.status, `${who} ${resource.name}`).toBe(403);
        expect(response.body.code).toBe('E_FORBIDDEN');
      }
      const asSuper = await client.post(RESOURCE_ENDPOINTS.booleanStatusUpdate.path, body, superToken);
      expect(asSuper.status, resource.name).toBe(404);
    }
    const unknown = await client.post(
      RESOURCE_ENDPOINTS.booleanStatusUpdate.path,
      { id: SAMPLE_ID, model: 'users', fieldName: 'isActive', status: false },
      superToken,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'model', message: 'Unknown model.' }]);
  });

  it('lets the routes of several modules in for any of them, and no one else', async () => {
    const anyOf = listRoutes(server.app).filter(
      (route): route is RouteAccessEntry & { access: { modules: readonly string[]; action: string } } =>
        'modules' in route.access && route.method !== 'HEAD',
    );
    expect(anyOf.map((route) => route.url)).toContain('/apis/diamond-track/paginate');
    for (const route of anyOf) {
      expect((await call(route, superToken)).status, `${route.method} ${route.url}`).not.toBe(403);
      for (const who of ['admin', 'customer', 'userViewer'] as const) {
        const response = await call(route, tokens[who]);
        const allowed =
          who === 'userViewer' && route.access.modules.includes('User') && route.access.action === 'view';
        if (!allowed) expect(response.status, `${who} ${route.method} ${route.url}`).toBe(403);
      }
    }
  });

  it('keeps the customer side to customers of an approved company holding the module', async () => {
    const customerRoutes = listRoutes(server.app).filter(
      (
        route,
      ): route is RouteAccessEntry & { access: { customerModules: readonly string[]; action: string } } =>
        'customerModules' in route.access && route.method !== 'HEAD',
    );
    expect(customerRoutes.length).toBeGreaterThanOrEqual(8);
    const company = await companyViaApi(server, superToken, 'Matrix Gems');
    const buyer = await customerViaApi(
      server,
      superToken,
      company.id as string,
      [...new Set(customerRoutes.flatMap((route) => route.access.customerModules))] as CustomerModuleName[],
      ['view', 'insert', 'delete'],
    );
    for (const route of customerRoutes) {
      // Staff, whatever they hold, and a customer without the module or a company, are refused.
      for (const token of [superToken, tokens.admin, tokens.banner, tokens.customer]) {
        const response = await call(route, token);
        expect(response.status, `${route.method} ${route.url}`).toBe(403);
      }
      const response = await call(route, buyer.token);
      expect(response.status, `buyer ${route.method} ${route.url}`).not.toBe(403);
      expect(response.status, `buyer ${route.method} ${route.url}`).toBeLessThan(500);
    }
  });

  it('checks access before validation: a forbidden caller never learns what the body lacks', async () => {
    const response = await server.client().request('POST', pathOf(USER_ENDPOINTS.create), {
      body: { type: 'nonsense' },
      token: tokens.banner,
    });
    expect(response.status).toBe(403);
    expect(response.body.errors).toBeUndefined();
  });

  it('refuses every write of a module the user may only view, whatever the path', async () => {
    const client = server.client();
    const target = await createUserViaApi(client, superToken);
    const token = tokens.userViewer;
    expect((await client.call(USER_ENDPOINTS.paginate, {}, { token })).status).toBe(200);
    expect(
      (await client.call(USER_ENDPOINTS.get, undefined, { token, params: { id: target.id } })).status,
    ).toBe(200);
    expect((await client.call(ROLE_ENDPOINTS.paginate, {}, { token })).status).toBe(200);
    const writes = [
      client.call(
        USER_ENDPOINTS.create,
        {
          type: 6,
          name: 'X',
          username: 'blocked1',
          emails: [{ value: 'blocked1@example.com', isPrimary: true }],
          password: FIRST_PASSWORD,
        },
        { token },
      ),
      client.call(USER_ENDPOINTS.update, { name: 'Renamed' }, { token, params: { id: target.id } }),
      client.call(USER_ENDPOINTS.remove, undefined, { token, params: { id: target.id } }),
      client.call(USER_ENDPOINTS.resetPassword, { id: target.id, password: 'Another#Pass3' }, { token }),
      client.call(USER_ENDPOINTS.setActive, { id: target.id, isActive: false }, { token }),
      client.call(
        PERMISSION_ENDPOINTS.upsert,
        { userId: target.id, scope: 'admin', permissions: [{ id: 14, permissions: VIEW }] },
        { token },
      ),
      client.call(ROLE_ENDPOINTS.create, { name: 'Blocked role', scope: 'admin' }, { token }),
      client.call(AUDIT_ENDPOINTS.paginate, {}, { token: token }),
    ];
    for (const response of await Promise.all(writes)) {
      expect(response.status, JSON.stringify(response.body)).toBe(403);
      expect(response.body.code).toBe('E_FORBIDDEN');
    }
    const unchanged = await client.call(USER_ENDPOINTS.get, undefined, {
      token: superToken,
      params: { id: target.id },
    });
    expect(unchanged.body.data).toMatchObject({ name: target.name, isActive: true });
  });
});
