import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ADMIN_MODULE_BY_NAME,
  AUTH_ENDPOINTS,
  type AuditEntry,
  accountResource,
  cityResource,
  countryResource,
  dayTermResource,
  lastSyncResource,
  masterResource,
  type PaginateResult,
  RESOURCE_MESSAGES,
  type ResourceRecord,
  type ResourceSpec,
  resourcePaths,
  SYNC_ENDPOINTS,
  SYNC_ENTITIES,
  SYNC_MESSAGES,
  type SyncEntity,
  sizeResource,
  stoneResource,
  USER_ENDPOINTS,
  USER_MESSAGES,
  USER_TYPES,
  type UserRecord,
} from '@facet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../src/resources/audit-table.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { userWithRole } from './user-admin.ts';

type Page = PaginateResult<ResourceRecord>;
const STOCK_TOKEN = 'stock-system-secret';
const SYNC_MODULE_ID = ADMIN_MODULE_BY_NAME.get('sync')?.id as number;
const SYNC_SETTING_MODULE_ID = ADMIN_MODULE_BY_NAME.get('Sync Setting')?.id as number;

/**
 * The external stock system, as far as a sync sees it: `GET /export/{entity}` answers what the test
 * set, and only with the bearer token. An outside system, so a stand-in is fair here.
 */
class FakeStockSystem {
  readonly #answers = new Map<string, { status: number; body: string } | 'drop'>();
  readonly requests: { path: string; authorization: string | undefined }[] = [];
  #server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.#server = createServer((request, response) => {
      const path = request.url ?? '';
      this.requests.push({ path, authorization: request.headers.authorization });
      if (request.headers.authorization !== `Bearer ${STOCK_TOKEN}`) {
        response.writeHead(401).end();
        return;
      }
      const answer = this.#answers.get(path.replace(/^\/export\//, ''));
      if (answer === 'drop') {
        request.socket.destroy();
        return;
      }
      response.writeHead(answer?.status ?? 404, { 'content-type': 'application/json' });
      response.end(answer?.body ?? '');
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/export`;
  }

  serve(entity: string, list: unknown[]): void {
    this.#answers.set(entity, { status: 200, body: JSON.stringify({ list }) });
  }

  serveRaw(entity: string, status: number, body: string): void {
    this.#answers.set(entity, { status, body });
  }

  drop(entity: string): void {
    this.#answers.set(entity, 'drop');
  }

  async stop(): Promise<void> {
    this.#server?.closeAllConnections();
    await new Promise((resolve) => this.#server?.close(resolve));
  }
}

/** POST admin/hk/sync/{entity}, the stock system, and the records it lands in, on both databases. */
describe.skipIf(!(await databaseAvailable()))('synchronisation with the stock system', () => {
  const stock = new FakeStockSystem();
  let server: TestServer;
  let token: string;
  const client = () => server.client();
  const post = <T = ResourceRecord>(path: string, body?: unknown, as = token) =>
    client().post<T>(path, body, as);
  const put = <T = ResourceRecord>(path: string, body: unknown, as = token) =>
    client().request<T>('PUT', path, { body, token: as });
  const sync = (entity: SyncEntity, as = token) =>
    client().call(SYNC_ENDPOINTS[entity], undefined, { token: as });
  const list = async (resource: ResourceSpec, body: Record<string, unknown> = {}) => {
    const response = await post<Page>(resourcePaths(resource).paginate, { limit: 500, ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.list;
  };
  const lastSyncOf = async (entity: string) => {
    const [row] = await list(lastSyncResource, { filter: { entity } });
    expect(row, entity).toBeDefined();
    return row as ResourceRecord;
  };
  const historyOf = async (resource: ResourceSpec, id: string) => {
    const response = await client().get<AuditEntry[]>(resourcePaths(resource).history(id), token);
    expect(response.status).toBe(200);
    return response.body.data;
  };

  beforeAll(async () => {
    await stock.start();
    server = await startServer({ SYNC_SOURCE_URL: stock.url, SYNC_TOKEN: STOCK_TOKEN });
    token = await adminToken(server, client());
  });
  afterAll(async () => {
    await server?.close();
    await stock.stop();
  });

  it('creates, then updates, then finds an identical list unchanged; the history shows the sync', async () => {
    stock.serve('country', [
      { code: 'BE', name: 'Belgium', phoneCode: '+32', currency: 'EUR' },
      { code: 'NL', name: 'Netherlands', phoneCode: '+31', currency: 'EUR', unknownField: 'ignored' },
    ]);
    const first = await sync('country');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      code: 'OK',
      message: SYNC_MESSAGES.done('Countries'),
      data: { entity: 'country', received: 2, created: 2, updated: 0, unchanged: 0, rejected: [] },
    });
    expect(stock.requests.at(-1)).toEqual({
      path: '/export/country',
      authorization: `Bearer ${STOCK_TOKEN}`,
    });
    const countries = await list(countryResource);
    expect(countries.map((row) => [row.code, row.name, row.phoneCode])).toEqual([
      ['BE', 'Belgium', '+32'],
      ['NL', 'Netherlands', '+31'],
    ]);

    stock.serve('country', [
      { code: 'BE', name: 'Belgium', phoneCode: '+32', currency: 'EUR' },
      { code: 'NL', name: 'Netherlands', phoneCode: '+0031', currency: 'EUR' },
    ]);
    const second = await sync('country');
    expect(second.body.data).toMatchObject({ created: 0, updated: 1, unchanged: 1, rejected: [] });
    const third = await sync('country');
    expect(third.body.data).toMatchObject({ received: 2, created: 0, updated: 0, unchanged: 2 });
    expect(await list(countryResource)).toHaveLength(2);

    const netherlands = countries.find((row) => row.code === 'NL') as ResourceRecord;
    const history = await historyOf(countryResource, netherlands.id);
    expect(history.map((entry) => entry.action)).toEqual(['country.sync', 'country.sync']);
    expect(history[0]).toMatchObject({
      actorName: 'Super Admin',
      before: { phoneCode: '+31' },
      after: { phoneCode: '+0031' },
    });
    expect(history[1]).toMatchObject({ before: null, after: { code: 'NL', name: 'Netherlands' } });
  });

  it('names related records by their natural keys: masters, terms, geography, companies and users', async () => {
    // A value listed before its main master still finds it: main masters run first.
    stock.serve('master', [
      { parentCode: 'BUSINESS_TYPE', code: 'WHOLESALER', name: 'Wholesaler', sequence: 1 },
      { code: 'BUSINESS_TYPE', name: 'Business type', sequence: 40 },
    ]);
    expect((await sync('master')).body.data).toMatchObject({ created: 2, rejected: [] });
    const [main] = await list(masterResource, { filter: { code: 'BUSINESS_TYPE' } });
    const [value] = await list(masterResource, { filter: { code: 'WHOLESALER' } });
    expect(value).toMatchObject({ parentId: main?.id, parentTitle: 'Business type' });

    stock.serve('accountTerm', [{ name: 'Net 30', code: 'N30', days: 30, creditLimit: 50000 }]);
    stock.serve('state', [{ countryCode: 'BE', code: 'VAN', name: 'Antwerp' }]);
    stock.serve('city', [{ countryCode: 'BE', stateCode: 'VAN', name: 'Antwerp' }]);
    for (const entity of ['accountTerm', 'state', 'city'] as const) {
      const response = await sync(entity);
      expect(response.body.data, entity).toMatchObject({ created: 1, rejected: [] });
    }
    const [city] = await list(cityResource, { search: 'Antwerp' });
    expect(city).toMatchObject({ countryTitle: 'Belgium', stateTitle: 'Antwerp' });

    const company = {
      code: 'ACME',
      name: 'Acme Diamonds',
      countryCode: 'BE',
      stateCode: 'VAN',
      cityName: 'Antwerp',
      paymentTerm: 'Net 30',
      businessType: 'WHOLESALER',
      creditLimit: 1000.5,
      emails: ['desk@acme.example'],
    };
    stock.serve('ledger', [company]);
    expect((await sync('ledger')).body.data).toMatchObject({ created: 1, rejected: [] });
    const [acme] = await list(accountResource, { search: 'ACME' });
    expect(acme).toMatchObject({
      name: 'Acme Diamonds',
      countryTitle: 'Belgium',
      stateTitle: 'Antwerp',
      cityTitle: 'Antwerp',
      paymentTermTitle: 'Net 30',
      businessTypeTitle: 'Wholesaler',
      creditLimit: 1000.5,
      emails: ['desk@acme.example'],
    });
    stock.serve('ledger', [{ ...company, creditLimit: 2000 }]);
    expect((await sync('ledger')).body.data).toMatchObject({ updated: 1, unchanged: 0 });

    const buyer = {
      username: 'acme.buyer',
      name: 'Acme Buyer',
      emails: [{ value: 'buyer@acme.example', isPrimary: true }],
      accountCode: 'ACME',
    };
    stock.serve('user', [
      buyer,
      { ...buyer, username: 'ADMIN', emails: [{ value: 'boss@acme.example', isPrimary: true }] },
      { ...buyer, username: 'no.mail', emails: [] },
    ]);
    const users = await sync('user');
    expect(users.body.data).toMatchObject({ received: 3, created: 1, updated: 0 });
    // A staff user is never changed by a sync, whatever the record says.
    expect(users.body.data.rejected).toEqual([
      { index: 1, key: 'ADMIN', errors: [{ field: 'username', message: SYNC_MESSAGES.staffUser }] },
      { index: 2, key: 'no.mail', errors: [{ field: 'emails', message: USER_MESSAGES.emailRequired }] },
    ]);

    const found = await client().call(USER_ENDPOINTS.paginate, { search: 'acme.buyer' }, { token });
    const user = found.body.data.list[0] as UserRecord;
    expect(user).toMatchObject({
      type: USER_TYPES.CUSTOMER,
      accountId: acme?.id,
      defaultPassword: true,
      isActive: true,
    });
    // No password was set: nothing signs in until the user chooses one.
    const signIn = await client().call(AUTH_ENDPOINTS.sendLoginOtp, {
      username: 'acme.buyer',
      password: 'Any#Pass123',
    });
    expect(signIn.status).toBe(401);

    stock.serve('user', [{ ...buyer, name: 'Acme Head Buyer', isActive: false }]);
    expect((await sync('user')).body.data).toMatchObject({ updated: 1, rejected: [] });
    const trail = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, 'user'), eq(auditLogs.entityId, user.id)));
    expect(trail.map((entry) => entry.action)).toEqual(['user.sync', 'user.sync']);
    expect(trail.map((entry) => entry.after)).toContainEqual({ name: 'Acme Head Buyer', isActive: false });
    stock.serve('user', [{ ...buyer, name: 'Acme Head Buyer', isActive: false }]);
    expect((await sync('user')).body.data).toMatchObject({ unchanged: 1 });
  });

  it('rejects bad records with their reasons and applies the good ones', async () => {
    const good = { name: '9.00-9.99', group: '1 ct and up', fromCarat: 9, toCarat: 9.99 };
    stock.serve('size', [
      good,
      'not a record',
      { name: '10.00-10.99' },
      { name: '11.00-11.99', fromCarat: 'eleven', toCarat: 11.99 },
      { fromCarat: 12, toCarat: 12.99 },
      { ...good, group: 'again' },
    ]);
    const response = await sync('size');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ received: 6, created: 1, updated: 0, unchanged: 0 });
    expect(response.body.data.rejected).toEqual([
      { index: 1, key: null, errors: [{ field: '', message: SYNC_MESSAGES.notAnObject }] },
      {
        index: 2,
        key: '10.00-10.99',
        errors: [
          { field: 'fromCarat', message: RESOURCE_MESSAGES.notANumber('From carat') },
          { field: 'toCarat', message: RESOURCE_MESSAGES.notANumber('To carat') },
        ],
      },
      {
        index: 3,
        key: '11.00-11.99',
        errors: [{ field: 'fromCarat', message: RESOURCE_MESSAGES.notANumber('From carat') }],
      },
      { index: 4, key: null, errors: [{ field: 'name', message: RESOURCE_MESSAGES.required('Name') }] },
      { index: 5, key: '9.00-9.99', errors: [{ field: '', message: SYNC_MESSAGES.repeated(0) }] },
    ]);
    const sizes = await list(sizeResource);
    expect(sizes.map((row) => row.name)).toEqual(['9.00-9.99']);
    expect(sizes[0]).toMatchObject({ fromCarat: 9, toCarat: 9.99, group: '1 ct and up' });

    stock.serve('state', [
      { countryCode: 'ZZ', code: 'X', name: 'Nowhere' },
      { countryCode: 'BE', name: 'No code' },
      { countryCode: 'NL', code: 'NH', name: 'North Holland' },
    ]);
    const states = await sync('state');
    expect(states.body.data).toMatchObject({ created: 1 });
    expect(states.body.data.rejected).toEqual([
      {
        index: 0,
        key: 'ZZ/X',
        errors: [{ field: 'countryCode', message: SYNC_MESSAGES.notFound('country', 'ZZ') }],
      },
      { index: 1, key: 'BE', errors: [{ field: 'code', message: RESOURCE_MESSAGES.required('Code') }] },
    ]);

    const row = await lastSyncOf('size');
    expect(row).toMatchObject({
      lastStatus: 'partial',
      receivedCount: 6,
      createdCount: 1,
      rejectedCount: 5,
      lastRunBy: 'Super Admin',
    });
    expect(row.lastMessage).toBe(
      `${SYNC_MESSAGES.done('Sizes')} 6 received, 1 created, 0 updated, 0 unchanged, 5 rejected. ` +
        `First rejected: record 2, ${SYNC_MESSAGES.notAnObject}`,
    );
  });

  it('syncs stones by stock number, grades by master code or alias, priced by the trade rules', async () => {
    stock.serve('master', [
      { code: 'SHAPE', name: 'Shape' },
      { parentCode: 'SHAPE', code: 'ROUND', name: 'Round', aliases: ['RB', 'BR'] },
      { code: 'COLOR', name: 'Color' },
      { parentCode: 'COLOR', code: 'D', name: 'D' },
      { code: 'CLARITY', name: 'Clarity' },
      { parentCode: 'CLARITY', code: 'VS1', name: 'VS1' },
      { code: 'LAB', name: 'Lab' },
      { parentCode: 'LAB', code: 'GIA', name: 'GIA' },
    ]);
    expect((await sync('master')).body.data).toMatchObject({ rejected: [] });
    const graded = { shape: 'ROUND', color: 'd', clarity: 'VS1', lab: 'GIA' };
    const first = {
      stockNumber: 'SY-1',
      carat: 1.01,
      ...graded,
      certificateNumber: '2141438171',
      rapPrice: 10_000,
    };
    stock.serve('diamond', [
      { ...first, marketingBack: -30 },
      // Price per carat wins over a discount that disagrees; the amount is always derived.
      {
        stockNumber: 'SY-2',
        carat: 0.5,
        shape: 'RB',
        rapPrice: 5000,
        marketingPricePerCarat: 3000,
        marketingBack: -99,
        amount: 1,
      },
      { stockNumber: 'SY-3', carat: 1, shape: 'TRIANGLE' },
      { stockNumber: 'SY-4', carat: -1 },
      { carat: 1 },
      { stockNumber: 'sy-1', carat: 2 },
    ]);
    const response = await sync('diamond');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      message: SYNC_MESSAGES.done('Stones'),
      data: { entity: 'diamond', received: 6, created: 2, updated: 0, unchanged: 0 },
    });
    expect(response.body.data.rejected).toEqual([
      {
        index: 2,
        key: 'SY-3',
        errors: [{ field: 'shape', message: SYNC_MESSAGES.notFound('SHAPE value', 'TRIANGLE') }],
      },
      {
        index: 3,
        key: 'SY-4',
        errors: [{ field: 'carat', message: RESOURCE_MESSAGES.between('Carat', 0.001, 1000) }],
      },
      {
        index: 4,
        key: null,
        errors: [{ field: 'stockNumber', message: RESOURCE_MESSAGES.required('Stock #') }],
      },
      { index: 5, key: 'sy-1', errors: [{ field: '', message: SYNC_MESSAGES.repeated(0) }] },
    ]);
    const stones = await list(stoneResource, { sort: { stockNumber: 'asc' } });
    expect(stones.map((row) => row.stockNumber)).toEqual(['SY-1', 'SY-2']);
    expect(stones[0]).toMatchObject({
      shapeTitle: 'Round',
      colorTitle: 'D',
      clarityTitle: 'VS1',
      labTitle: 'GIA',
      marketingBack: -30,
      marketingPricePerCarat: 7000,
      amount: 7070,
    });
    expect(stones[1]).toMatchObject({
      shapeTitle: 'Round',
      marketingPricePerCarat: 3000,
      marketingBack: -40,
      amount: 1500,
    });

    // A new discount reprices the stone; an identical record is left alone.
    stock.serve('diamond', [
      { ...first, marketingBack: -20 },
      { stockNumber: 'SY-2', carat: 0.5, shape: 'RB', rapPrice: 5000, marketingPricePerCarat: 3000 },
    ]);
    expect((await sync('diamond')).body.data).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: 1,
      rejected: [],
    });
    const [repriced] = await list(stoneResource, { search: 'SY-1' });
    expect(repriced).toMatchObject({ marketingPricePerCarat: 8000, amount: 8080 });
    const trail = await historyOf(stoneResource, repriced?.id ?? '');
    expect(trail.map((entry) => entry.action)).toEqual(['diamond.sync', 'diamond.sync']);
    expect(trail[0]).toMatchObject({ before: { marketingBack: -30 }, after: { marketingBack: -20 } });
    expect((await lastSyncOf('diamond')).lastStatus).toBe('success');
  });

  it('answers a clear error when the stock system is down or answers garbage, and changes nothing', async () => {
    const before = await list(dayTermResource);
    const lastGood = (await lastSyncOf('accountTerm')).lastSyncedAt;

    const cases: [() => void, string | RegExp][] = [
      [() => stock.serveRaw('accountTerm', 503, 'maintenance'), SYNC_MESSAGES.sourceStatus(503)],
      [() => stock.serveRaw('accountTerm', 200, '<html>Sign in</html>'), SYNC_MESSAGES.sourceNotJson],
      [() => stock.serveRaw('accountTerm', 200, '{"items": []}'), SYNC_MESSAGES.sourceNotJson],
      [() => stock.drop('accountTerm'), /^The stock system could not be reached \(.+\)\.$/],
    ];
    for (const [arrange, message] of cases) {
      arrange();
      const response = await sync('accountTerm');
      expect(response.status).toBe(502);
      expect(response.body.code).toBe('E_ERROR');
      expect(response.body.message).toMatch(message);
      const row = await lastSyncOf('accountTerm');
      expect(row).toMatchObject({ lastStatus: 'failed', lastMessage: response.body.message });
      expect(row.lastSyncedAt).toBe(lastGood);
    }
    expect(await list(dayTermResource)).toEqual(before);
  });

  it('lets in super admins and holders of the sync module, and no one else', async () => {
    stock.serve('size', [{ name: '20.00-20.99', fromCarat: 20, toCarat: 20.99 }]);
    const screenOnly = await userWithRole(server, token, USER_TYPES.ADMIN, 'admin', [
      { id: SYNC_SETTING_MODULE_ID, permissions: { view: true, update: true } },
    ]);
    const refused = await sync('size', screenOnly.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('E_FORBIDDEN');
    expect((await post(resourcePaths(lastSyncResource).paginate, {}, screenOnly.token)).status).toBe(200);

    const syncer = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: SYNC_MODULE_ID, permissions: { view: true } },
    ]);
    const allowed = await sync('size', syncer.token);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.data).toMatchObject({ entity: 'size', created: 1 });
    // Sync access is not the Sync Setting screen.
    expect((await post(resourcePaths(lastSyncResource).paginate, {}, syncer.token)).status).toBe(403);
    expect((await lastSyncOf('size')).lastRunBy).toBe(syncer.user.name);
  });

  it('keeps one Sync Setting row per entity; each run writes it, people only switch it and add notes', async () => {
    const rows = await list(lastSyncResource);
    expect(rows.map((row) => row.entity)).toEqual(SYNC_ENTITIES.map((entity) => entity.value));
    const country = await lastSyncOf('country');
    expect(country).toMatchObject({
      lastStatus: 'success',
      isEnabled: true,
      receivedCount: 2,
      createdCount: 0,
      updatedCount: 0,
      unchangedCount: 2,
      rejectedCount: 0,
      lastRunBy: 'Super Admin',
    });
    expect(Date.parse(country.lastSyncedAt as string)).toBeGreaterThan(Date.now() - 120_000);

    const paths = resourcePaths(lastSyncResource);
    expect((await put(paths.byId(country.id), { lastStatus: 'never' })).status).toBe(400);
    expect((await post(paths.create, { entity: 'master' })).status).toBe(404);
    expect((await client().request('DELETE', paths.byId(country.id), { token })).status).toBe(404);

    const paused = await put(paths.byId(country.id), { isEnabled: false, notes: 'Paused for the audit' });
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    const refused = await sync('country');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(SYNC_MESSAGES.turnedOff('Countries'));
    await put(paths.byId(country.id), { isEnabled: true });
    expect((await sync('country')).status).toBe(200);

    const actions = (await historyOf(lastSyncResource, country.id)).map((entry) => entry.action);
    expect(actions).toContain('lastSync.sync');
    expect(actions).toContain('lastSync.update');
  });

  it('runs two syncs of one entity one after the other, never interleaved', async () => {
    const brackets = Array.from({ length: 25 }, (_unused, index) => ({
      name: `Parallel ${index}`,
      fromCarat: 30 + index,
      toCarat: 30 + index + 0.99,
    }));
    stock.serve('size', brackets);
    const [one, two] = await Promise.all([sync('size'), sync('size')]);
    expect(one?.status).toBe(200);
    expect(two?.status).toBe(200);
    const created = [one?.body.data.created, two?.body.data.created].sort();
    expect(created).toEqual([0, 25]);
    expect([one?.body.data.unchanged, two?.body.data.unchanged].sort()).toEqual([0, 25]);
    expect(await list(sizeResource, { search: 'Parallel' })).toHaveLength(25);
  });

  it('refuses every sync, changing nothing, while no stock system is configured', async () => {
    const unconfigured = await startServer();
    try {
      const adminOf = await adminToken(unconfigured, unconfigured.client());
      for (const { value } of SYNC_ENTITIES) {
        const response = await unconfigured
          .client()
          .call(SYNC_ENDPOINTS[value], undefined, { token: adminOf });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ code: 'E_BAD_REQUEST', message: SYNC_MESSAGES.notConfigured });
      }
      const rows = await unconfigured
        .client()
        .post<Page>(resourcePaths(lastSyncResource).paginate, {}, adminOf);
      expect(rows.body.data.list.map((row) => row.lastStatus)).toEqual(SYNC_ENTITIES.map(() => 'never'));
    } finally {
      await unconfigured.close();
    }
  });
});
