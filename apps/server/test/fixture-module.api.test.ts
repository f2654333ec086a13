import {
  API_DOCS_ENDPOINTS,
  AUDIT_ENDPOINTS,
  assembleContract,
  CONTRACT_MODULES,
  defineModule,
  defineResource,
  FULL_OPERATIONS,
  field,
  NOTIFICATION_ENDPOINTS,
  NOTIFICATION_MESSAGES,
  PERMISSION_ENDPOINTS,
  pathOf,
  resourceEndpoints,
  USER_TYPES,
} from '@facet/contract';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { tableFor } from '../src/db/tables.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { userWithRole } from './user-admin.ts';

/**
 * The "done when" of a module that registers itself: a simple resource declared as
 * docs/adding-a-module.md says, added to the module list, with its generated migration, shows in the
 * menu, the panel routes, the API, the OpenAPI document and the permission matrix, no other file touched.
 */
const fixtureResource = defineResource({
  name: 'fixtureGemstone',
  title: 'Gemstone',
  module: 'Gemstones',
  api: 'apis/fixture-gemstone',
  table: 'fixture_gemstones',
  views: [
    { route: 'fixture-gemstone', title: 'Gemstones', menu: { group: 'Masters', id: 199, name: 'Gemstones' } },
  ],
  titleField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  operations: FULL_OPERATIONS,
  fields: {
    name: field.text('Name', { required: true, max: 120, sort: true, search: true }),
    carat: field.decimal('Carat', { min: 0, max: 1000, scale: 2 }),
  },
});

const fixtureModule = defineModule({
  name: 'fixture-gemstones',
  permissions: [{ id: 990, module: 'Gemstones', title: 'Gemstones' }],
  resources: [fixtureResource],
});

const MODULES = [...CONTRACT_MODULES, fixtureModule];
const gemstones = resourceEndpoints(fixtureResource);
/** Declared by FULL_OPERATIONS; the type of a resource's endpoints leaves it optional. */
const createGemstone = gemstones.create as NonNullable<typeof gemstones.create>;
const BANNER = 5;

/** The fixture's table created as its migration would create it: drizzle-kit, from no table to it. */
async function migrateFixture(database: Database): Promise<void> {
  const before = generateDrizzleJson({}, undefined, undefined, 'snake_case');
  const after = generateDrizzleJson(
    { fixtureGemstones: tableFor(fixtureResource) },
    before.id,
    undefined,
    'snake_case',
  );
  const statements = await generateMigration(before, after);
  expect(statements.join('\n')).toContain('CREATE TABLE "fixture_gemstones"');
  for (const statement of statements) await database.db.execute(sql.raw(statement));
}

describe.skipIf(!(await databaseAvailable()))('a module added to the module list', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startServer({}, { modules: MODULES, prepare: migrateFixture });
    token = await adminToken(server, server.client());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has its menu entry and panel route from its view', () => {
    const contract = assembleContract(MODULES);
    const masters = contract.menu.find((item) => item.name === 'Masters');
    expect(masters?.children).toContainEqual({
      id: 199,
      name: 'Gemstones',
      path: 'fixture-gemstone',
      module: 'Gemstones',
      route: 'fixture-gemstone',
      resourceView: true,
    });
    expect(contract.panelRoutes).toContainEqual({
      path: 'fixture-gemstone',
      title: 'Gemstones',
      module: 'Gemstones',
      action: 'view',
    });
  });

  it('creates and lists its records through the API', async () => {
    const created = await server.client().call(createGemstone, { name: 'Ruby', carat: 1.25 }, { token });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const page = await server.client().call(gemstones.paginate, {}, { token });
    expect(page.status).toBe(200);
    expect(page.body.data.count).toBe(1);
    expect(page.body.data.list[0]).toMatchObject({ name: 'Ruby', carat: 1.25 });
  });

  it('is in the audit trail and among the modules a notification may point at', async () => {
    const trail = await server
      .client()
      .call(AUDIT_ENDPOINTS.paginate, { filter: { entityType: fixtureResource.name } }, { token });
    expect(trail.status, JSON.stringify(trail.body)).toBe(200);
    expect(trail.body.data.list.map((entry) => entry.action)).toContain('fixtureGemstone.create');

    const sent = await server.client().call(
      NOTIFICATION_ENDPOINTS.send,
      {
        title: 'New gemstones',
        message: 'Rubies arrived.',
        module: 'Gemstones',
        recipients: { userTypes: [USER_TYPES.SUPER_ADMIN] },
      },
      { token },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const unknown = await server
      .client()
      .call(
        NOTIFICATION_ENDPOINTS.send,
        { title: 'x', message: 'y', module: 'Opals', recipients: { userTypes: [USER_TYPES.SUPER_ADMIN] } },
        { token },
      );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      errors: [{ field: 'module', message: NOTIFICATION_MESSAGES.moduleInvalid }],
    });
  });

  it('is in the OpenAPI document', async () => {
    const response = await server.client().request<never>('GET', pathOf(API_DOCS_ENDPOINTS.document));
    expect(response.status).toBe(200);
    const document = response.body as unknown as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain(`/${gemstones.paginate.path}`);
    expect(Object.keys(document.paths)).toContain(`/${createGemstone.path}`);
  });

  it('is in the permission matrix: granted, staff may list it; not granted, refused', async () => {
    const staff = await userWithRole(server, token, USER_TYPES.ADMIN, 'admin', [
      { id: BANNER, permissions: { view: true } },
    ]);
    const refused = await server.client().call(gemstones.paginate, {}, { token: staff.token });
    expect(refused.status).toBe(403);

    const roleId = staff.user.roleId as string;
    const granted = await server.client().call(
      PERMISSION_ENDPOINTS.upsert,
      {
        roleId,
        scope: 'admin',
        permissions: [
          { id: BANNER, permissions: { view: true } },
          { id: 990, permissions: { view: true } },
        ],
      },
      { token },
    );
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const view = await server.client().call(PERMISSION_ENDPOINTS.viewByRole, undefined, {
      token,
      params: { roleId },
    });
    expect(view.body.data.permissions).toContainEqual({
      id: 990,
      module: 'Gemstones',
      title: 'Gemstones',
      permissions: { view: true, insert: false, update: false, delete: false },
    });
    const effective = await server
      .client()
      .call(PERMISSION_ENDPOINTS.userPermission, { userId: staff.user.id }, { token });
    expect(effective.body.data.effective).toContainEqual(
      expect.objectContaining({ id: 990, module: 'Gemstones' }),
    );

    const allowed = await server.client().call(gemstones.paginate, {}, { token: staff.token });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.list.map((row) => row.name)).toEqual(['Ruby']);
  });
});
