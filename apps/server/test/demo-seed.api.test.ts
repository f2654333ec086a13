import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  ACCOUNT_ENDPOINTS,
  AUTH_ENDPOINTS,
  type BodyIn,
  type EndpointSpec,
  OFFER_STATUSES,
  type PaginateResult,
  RESOURCES,
  type ResourceRecord,
  resourcePaths,
  STOCK_SUMMARY_ENDPOINTS,
  TRACK_TYPES,
  USER_ENDPOINTS,
  USER_TYPES,
  type UserType,
} from '@facet/contract';
import { City } from 'country-state-city';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { seedCities } from '../src/seeds/cities.ts';
import { DEMO_PASSWORD } from '../src/seeds/demo/context.ts';
import { type DemoSeedResult, seedDemo } from '../src/seeds/demo/demo-seed.ts';
import { DEMO_CITIES } from '../src/seeds/demo/places.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken, signIn } from './sign-in.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The first start with only the cities the demo uses: the whole list takes seconds per database. */
async function seededServer(): Promise<{ server: TestServer; result: DemoSeedResult }> {
  const server = await startServer({}, { seed: { referenceData: true } });
  const wanted = new Set(DEMO_CITIES.map((city) => `${city.countryCode}|${city.stateCode}|${city.name}`));
  const source = City.getAllCities().filter((city) =>
    wanted.has(`${city.countryCode}|${city.stateCode}|${city.name}`),
  );
  await seedCities(server.database.db, server.app.log, { source });
  const result = await seedDemo(server.database.db, { dataDir: server.dataDir });
  return { server, result };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/**
 * A few tables as plain rows, without ids and the instants of the run: references are shown by the
 * referenced row's name or code, uploaded files' urls lose their ids.
 */
async function canonicalDump(db: Db): Promise<unknown> {
  const queries = {
    accounts: sql`select a.name, a.display_name, a.code, bt.name as business_type, nat.name as nature,
        size.name as size, a.registration_number, a.tax_number, a.street, a.area, a.zip_code,
        c.code as country, s.name as state, ci.name as city, a.emails, a.phones, a.website, a.bank_details,
        a.broker_name, a.broker_details, sp.username as sales_person, t.code as term, a.credit_limit,
        a.external_id, a.is_approved, a.is_verified, a.is_active
      from accounts a
      left join masters bt on bt.id = a.business_type_id
      left join masters nat on nat.id = a.nature_of_organisation_id
      left join masters size on size.id = a.company_size_id
      left join countries c on c.id = a.country_id
      left join states s on s.id = a.state_id
      left join cities ci on ci.id = a.city_id
      left join users sp on sp.id = a.sales_person_id
      left join day_terms t on t.id = a.payment_term_id
      order by a.code`,
    users: sql`select u.type, u.name, u.username, u.emails, u.phones, u.designation, u.is_active,
        u.expires_at, r.name as role, a.code as company
      from users u left join roles r on r.id = u.role_id left join accounts a on a.id = u.account_id
      where u.type <> 1 order by u.username`,
    documents: sql`select a.code as company, d.document_type, d.document_number, d.file_url, d.status,
        d.rejection_reason
      from account_documents d join accounts a on a.id = d.account_id
      order by a.code, d.document_type, d.document_number`,
    contacts: sql`select type, name, company_name, email, phone, subject, message, is_resolved, created_at
      from contact_messages order by created_at, name, subject`,
    transport: sql`select customer_name, company_name, phone, pickup_location, drop_location, pickup_at,
        passengers, status, remarks from transport_orders order by pickup_at, customer_name`,
    pageTracking: sql`select user_name, page, section, action, description, device, tracked_at
      from page_tracking order by tracked_at, user_name, page, action`,
  };
  const dump: Record<string, unknown[]> = {};
  for (const [name, query] of Object.entries(queries)) {
    const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    dump[name] = result.rows.map((row) =>
      JSON.parse(
        JSON.stringify(row, (_key, value) =>
          typeof value === 'string' ? value.replace(UUID, '<id>') : value,
        ),
      ),
    );
  }
  return dump;
}

describe.skipIf(!(await databaseAvailable()))('npm run seed:demo', () => {
  let server: TestServer;
  let first: DemoSeedResult;
  let token: string;
  const post = <T>(apiPath: string, body: unknown) => server.client().post<T>(apiPath, body, token);

  beforeAll(async () => {
    ({ server, result: first } = await seededServer());
    token = await adminToken(server, server.client());
  }, 240_000);
  afterAll(async () => {
    await server?.close();
  });

  it('fills every resource of the catalogue, as its paginate endpoint answers the super admin', async () => {
    expect(first.status).toBe('seeded');
    const empty: string[] = [];
    for (const resource of RESOURCES) {
      const response = await post<PaginateResult<ResourceRecord>>(resourcePaths(resource).paginate, {
        limit: 1,
      });
      expect(response.status, `${resource.name}: ${JSON.stringify(response.body)}`).toBe(200);
      if (response.body.data.count === 0) empty.push(resource.name);
      // Every screen pinned to a kind of row (contact and suggestion, show and popup, ...) has some too.
      for (const view of resource.views) {
        if (!view.fixedFilter) continue;
        const viewed = await post<PaginateResult<ResourceRecord>>(resourcePaths(resource).paginate, {
          limit: 1,
          filter: view.fixedFilter,
        });
        expect(viewed.status, `${view.route}: ${JSON.stringify(viewed.body)}`).toBe(200);
        if (viewed.body.data.count === 0) empty.push(`${resource.name} (${view.route})`);
      }
    }
    expect(empty, 'resources without demo data').toEqual([]);
  });

  it('adds customer activity of every kind, with live holds, pending offers and live demands', async () => {
    const call = <E extends EndpointSpec>(endpoint: E, body: BodyIn<E>) =>
      server.client().call(endpoint, body, { token });
    for (const trackType of [
      TRACK_TYPES.cart,
      TRACK_TYPES.watchlist,
      TRACK_TYPES.reminder,
      TRACK_TYPES.enquiry,
    ]) {
      const listed = await call(STOCK_SUMMARY_ENDPOINTS.trackPaginate, { limit: 1, filter: { trackType } });
      expect(listed.body.data.count, `track type ${trackType}`).toBeGreaterThan(10);
    }
    const pending = await call(STOCK_SUMMARY_ENDPOINTS.trackPaginate, {
      limit: 1,
      filter: { trackType: TRACK_TYPES.offer, offerStatus: OFFER_STATUSES.pending },
    });
    expect(pending.body.data.count).toBeGreaterThan(0);
    const unanswered = await call(STOCK_SUMMARY_ENDPOINTS.trackPaginate, {
      limit: 1,
      filter: { trackType: TRACK_TYPES.enquiry, replied: false },
    });
    expect(unanswered.body.data.count).toBeGreaterThan(0);
    const holds = await call(STOCK_SUMMARY_ENDPOINTS.blockPaginate, { limit: 50 });
    expect(holds.body.data.count).toBeGreaterThan(0);
    const [held] = holds.body.data.list;
    const stone = await server.client().get<ResourceRecord>(`apis/diamond/${held?.stoneId}`, token);
    expect(stone.body.data.status).toBe(held?.kind === 2 ? 'M' : 'H');
    const demands = await call(STOCK_SUMMARY_ENDPOINTS.demandDetails, { limit: 5 });
    expect(demands.body.data.count).toBeGreaterThan(0);
    expect(demands.body.data.list[0]?.criteria).not.toBe('');
  });

  it('adds companies with master values, sales people and KYC documents in every state', async () => {
    const companies = await post<PaginateResult<ResourceRecord>>('apis/account/paginate', { limit: 100 });
    expect(companies.body.data.count).toBeGreaterThanOrEqual(30);
    const record = await server
      .client()
      .get<ResourceRecord>(`apis/account/${companies.body.data.list[0]?.id}`, token);
    expect(record.body.data).toMatchObject({
      businessTypeId: expect.any(String),
      natureOfOrganisationId: expect.any(String),
      companySizeId: expect.any(String),
      salesPersonId: expect.any(String),
      paymentTermId: expect.any(String),
      countryId: expect.any(String),
    });
    const statuses = new Set<number>();
    for (const company of companies.body.data.list) {
      const documents = await server
        .client()
        .call(ACCOUNT_ENDPOINTS.documents, {}, { token, params: { id: company.id } });
      expect(documents.status, JSON.stringify(documents.body)).toBe(200);
      for (const document of documents.body.data.list) statuses.add(document.status);
    }
    expect([...statuses].sort()).toEqual([1, 2, 3]);
    const approved = companies.body.data.list.filter((company) => company.isApproved).length;
    expect(approved).toBeGreaterThan(0);
    expect(approved).toBeLessThan(companies.body.data.list.length);
  });

  it('adds employees with roles, customer users in companies, and guests with expiries', async () => {
    const ofType = async (type: UserType) =>
      (await server.client().call(USER_ENDPOINTS.paginate, { limit: 100, filter: { type } }, { token })).body
        .data.list;
    const employees = await ofType(USER_TYPES.EMPLOYEE);
    expect(new Set(employees.map((user) => user.roleName))).toEqual(
      new Set(['Sales', 'Stock keeper', 'Marketing']),
    );
    const customers = await ofType(USER_TYPES.CUSTOMER);
    expect(customers.length).toBeGreaterThanOrEqual(40);
    expect(customers.every((user) => user.accountId)).toBe(true);
    const guests = await ofType(USER_TYPES.GUEST);
    expect(guests.length).toBeGreaterThan(0);
    expect(guests.every((user) => user.expiresAt)).toBe(true);
    expect((await ofType(USER_TYPES.PERMANENT_GUEST)).length).toBeGreaterThan(0);
  });

  it('lets the demo users sign in with the demo password and an e-mailed code', async () => {
    if (first.status !== 'seeded') throw new Error('not seeded');
    for (const type of [
      USER_TYPES.EMPLOYEE,
      USER_TYPES.CUSTOMER,
      USER_TYPES.GUEST,
      USER_TYPES.PERMANENT_GUEST,
    ]) {
      const user = first.users.find((one) => one.type === type && one.canSignIn);
      expect(user, `a demo user of type ${type}`).toBeDefined();
      const login = await signIn(server, server.client(), user?.username ?? '', DEMO_PASSWORD);
      expect(login.user).toMatchObject({ username: user?.username, defaultPassword: false });
    }
    // A guest past the expiry is listed as such, and refused.
    const expired = first.users.find((one) => one.type === USER_TYPES.GUEST && !one.canSignIn);
    const refused = await server
      .client()
      .call(AUTH_ENDPOINTS.sendLoginOtp, { username: expired?.username as string, password: DEMO_PASSWORD });
    expect(refused.status).toBe(403);
  });

  it('adds nothing on a second run, and says so', async () => {
    const counts = async () => {
      const all: Record<string, number> = {};
      for (const resource of RESOURCES) {
        const page = await post<PaginateResult<ResourceRecord>>(resourcePaths(resource).paginate, {
          limit: 1,
        });
        all[resource.name] = page.body.data.count;
      }
      all.users = (
        await server.client().call(USER_ENDPOINTS.paginate, { limit: 1 }, { token })
      ).body.data.count;
      return all;
    };
    const before = await counts();
    const again = await seedDemo(server.database.db, { dataDir: server.dataDir });
    expect(again.status).toBe('already-seeded');
    expect(await counts()).toEqual(before);
  });

  it.runIf(process.env.FACET_TEST_DB === 'postgres')(
    'the script refuses a seeded database plainly, with exit code 0',
    async () => {
      const { stdout } = await promisify(execFile)('npx', ['tsx', 'src/seed-demo.ts'], {
        cwd: SERVER_DIR,
        env: { ...process.env, DATABASE_URL: server.config.databaseUrl, DATA_DIR: server.dataDir },
      });
      expect(stdout).toMatch(/already added to this database .*nothing was changed/);
    },
    60_000,
  );

  it('gives two fresh databases the same data', async () => {
    const other = await seededServer();
    try {
      expect(await canonicalDump(other.server.database.db)).toEqual(await canonicalDump(server.database.db));
    } finally {
      await other.server.close();
    }
  }, 240_000);
});
