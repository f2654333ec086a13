import { connect } from 'node:net';
import {
  AUTH_ENDPOINTS,
  CUSTOMER_MODULES,
  ERROR_CODES,
  pathOf,
  RESOURCES,
  STOCK_UPLOAD_ENDPOINTS,
  SUCCESS_CODE,
  UPLOAD_ENDPOINTS,
  USER_TYPES,
} from '@facet/contract';
import { City } from 'country-state-city';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes, type RouteAccessEntry } from '../src/http/access-plugin.ts';
import { seedCities } from '../src/seeds/cities.ts';
import { seedDemo } from '../src/seeds/demo/demo-seed.ts';
import { DEMO_CITIES } from '../src/seeds/demo/places.ts';
import { companyViaApi, customerViaApi } from './customers.ts';
import { ADMIN, databaseAvailable, startServer, type TestServer } from './harness.ts';
import {
  bodyFields,
  fingerprint,
  HOSTILE_IDS,
  type HostileRequest,
  hostileQueries,
  inPool,
  listingBodies,
  refusedBodies,
  refusedQueries,
  schemaBodies,
} from './hostile-input.ts';
import { ADMIN_NEW_PASSWORD, adminToken, signIn } from './sign-in.ts';

/**
 * Tables that refused requests legitimately write, left out of the "no row changed" fingerprint:
 * - login_logs: every sign-in attempt is logged, failed ones included (the walk sends hostile bodies to
 *   the public sign-in routes);
 * - throttle_events: the public mail-sending routes (send-login-otp, forgot-password, register) count
 *   each attempt, refused or not, against their limits;
 * - stone_searches and layout_searches: a stone or layout search is recorded for the reports whatever
 *   it finds (the walk's SQL fragments are searches that find nothing);
 * - page_tracking, page_visit_pace and report_logs: a visit, and a report viewed or downloaded, are
 *   recorded for any well-formed body, which the walk's samples of those routes are (a report log's body
 *   is choices only; a visit's text may be any text, SQL fragments included).
 */
const WRITTEN_BY_REFUSED_REQUESTS = new Set([
  'login_logs',
  'throttle_events',
  'stone_searches',
  'layout_searches',
  'page_tracking',
  'page_visit_pace',
  'report_logs',
]);

/** Requests at once: enough to overlap the database's work, few enough for a 2-core runner. */
const CONCURRENCY = 8;

interface Planned extends HostileRequest {
  route: RouteAccessEntry;
  url: string;
  token: string | undefined;
}

interface Finding {
  request: string;
  status: number;
  body: string;
}

const ENVELOPE_CODES = new Set<string>([SUCCESS_CODE, ...Object.keys(ERROR_CODES)]);
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const LISTING_KEYS = ['page', 'limit', 'search', 'filter', 'sort'];

/** A body schema with paging, search, filter or sort: a read of a list (paginate, export, search). */
function isListing(route: RouteAccessEntry): boolean {
  return (
    route.body !== undefined && [...bodyFields(route.body).keys()].some((key) => LISTING_KEYS.includes(key))
  );
}

describe.skipIf(!(await databaseAvailable()))('hostile input on every route', () => {
  let server: TestServer;
  let token: string;
  /** Spent on the sign-out route, whose success would end the walk's own session. */
  let spareToken: string;
  /** The customer side's caller: a customer of an approved company holding every customer module. */
  let buyerToken: string;
  const realIds = new Map<string, string>();

  beforeAll(async () => {
    // No background job may write while the walk compares the rows before and after.
    server = await startServer({ JOBS_INTERVAL_SECONDS: '3600' }, { seed: { referenceData: true } });
    const wanted = new Set(DEMO_CITIES.map((city) => `${city.countryCode}|${city.stateCode}|${city.name}`));
    const source = City.getAllCities().filter((city) =>
      wanted.has(`${city.countryCode}|${city.stateCode}|${city.name}`),
    );
    await seedCities(server.database.db, server.app.log, { source });
    await seedDemo(server.database.db, { dataDir: server.dataDir });
    token = await adminToken(server, server.client());
    spareToken = (await signIn(server, server.client(), ADMIN.username, ADMIN_NEW_PASSWORD)).token.jwt;
    const company = await companyViaApi(server, token, 'Hostile Walk Gems');
    buyerToken = (
      await customerViaApi(
        server,
        token,
        company.id as string,
        CUSTOMER_MODULES.map((entry) => entry.module),
        ['view', 'insert', 'update', 'delete'],
      )
    ).token;
    await findRealIds();
  }, 600_000);
  afterAll(async () => {
    await server?.close();
  });

  async function firstId(table: string, where = 'true'): Promise<string | undefined> {
    const columns = (await server.database.db.execute(
      sql`select column_name as name from information_schema.columns
          where table_schema = 'public' and table_name = ${table}`,
    )) as unknown as { rows: { name: string }[] };
    const live = columns.rows.some((column) => column.name === 'deleted_at') ? 'deleted_at is null' : 'true';
    const found = (await server.database.db.execute(
      sql.raw(`select id::text as id from "${table}" where ${live} and ${where} order by id limit 1`),
    )) as unknown as { rows: { id: string }[] };
    return found.rows[0]?.id;
  }

  /** A live row for each `:id` route: the resource's table, or the table the route's prefix names. */
  async function findRealIds() {
    const prefixes: [string, string, string?][] = [
      ['/apis/user/', 'users', `type = ${USER_TYPES.EMPLOYEE}`],
      ['/apis/guest/', 'users', `type in (${USER_TYPES.GUEST}, ${USER_TYPES.PERMANENT_GUEST})`],
      ['/apis/role/', 'roles'],
      ['/apis/permission/view-by-role/', 'roles'],
      ['/apis/account/documents/', 'account_documents'],
      ['/admin/layout/', 'layouts'],
      ['/admin/criteria/', 'non_cert_lots'],
      ['/apis/stock-upload/', 'stock_uploads'],
      ['/apis/notification/', 'notifications'],
      ['/files/', 'uploads'],
      ...[...RESOURCES]
        .sort((a, b) => b.api.length - a.api.length)
        .map((resource): [string, string] => [`/${resource.api}/`, resource.table]),
    ];
    for (const route of listRoutes(server.app)) {
      if (!route.url.includes(':id')) continue;
      const match = prefixes.find(([prefix]) => route.url.startsWith(prefix));
      const id = match ? await firstId(match[1], match[2]) : undefined;
      if (id) realIds.set(route.url, id);
    }
  }

  function urlOf(route: RouteAccessEntry, id: string | undefined, query?: string): string {
    let url = route.url.replace(':id', id ?? '').replace(':name', 'file.pdf');
    if (url.endsWith('*')) url = `${url.slice(0, -1)}${id ?? 'hkadmin/signin'}`;
    return query ? `${url}?${query}` : url;
  }

  /** What the walk sends to one route; the refused-only families go wherever success would write. */
  function plan(route: RouteAccessEntry): Planned[] {
    const auth =
      'public' in route.access
        ? undefined
        : route.url === `/${pathOf(AUTH_ENDPOINTS.logout)}`
          ? spareToken
          : 'customerModules' in route.access
            ? buyerToken
            : token;
    const planned: Planned[] = [];
    const add = (requests: HostileRequest[], id?: string) => {
      for (const request of requests) {
        planned.push({ ...request, route, url: urlOf(route, id, request.query), token: auth });
      }
    };
    const hasId = route.url.includes(':id') || route.url.endsWith('*');
    const realId = realIds.get(route.url);
    if (hasId) {
      for (const id of route.method === 'HEAD' ? HOSTILE_IDS.slice(0, 2) : HOSTILE_IDS) {
        add([{ family: 'hostile id' }], id);
      }
    }
    if (route.method === 'HEAD') {
      if (!hasId) add(hostileQueries().slice(0, 1));
      return planned;
    }
    const at = hasId ? realId : undefined;
    if (hasId && !realId) return planned;
    if (!MUTATING.has(route.method)) {
      add(hostileQueries(), at);
      return planned;
    }
    add(refusedQueries(), at);
    add(refusedBodies(), at);
    if (route.body) {
      add(schemaBodies(route.body), at);
      if (isListing(route)) add(listingBodies(route.body), at);
    }
    return planned;
  }

  it('answers every hostile request in the envelope, without a 5xx, and changes no row', async () => {
    const routes = listRoutes(server.app);
    const before = await fingerprint(server.database.db, WRITTEN_BY_REFUSED_REQUESTS);
    const requests = routes.flatMap(plan);
    const serverErrors: Finding[] = [];
    const outsideEnvelope: Finding[] = [];
    const accepted: Finding[] = [];
    const started = Date.now();
    await inPool(requests, CONCURRENCY, async (request) => {
      const name = `${request.route.method} ${request.url.slice(0, 120)} [${request.family}]`;
      const headers: Record<string, string> = { 'x-forwarded-for': '10.9.9.9' };
      if (request.token) headers.authorization = `JWT ${request.token}`;
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      let status = 0;
      let text = '';
      let contentType = '';
      try {
        const response = await fetch(`${server.url}${request.url}`, {
          method: request.route.method,
          headers,
          body: request.body,
        });
        status = response.status;
        contentType = response.headers.get('content-type') ?? '';
        text = await response.text();
      } catch (error) {
        // A connection cut in the middle of an answer (an export stopped by a database error).
        serverErrors.push({ request: name, status, body: String(error) });
        return;
      }
      if (status >= 500) serverErrors.push({ request: name, status, body: text.slice(0, 300) });
      if (request.route.method === 'HEAD') return;
      if (status >= 400 || contentType.includes('json')) {
        let body: { code?: unknown; message?: unknown } | undefined;
        try {
          body = JSON.parse(text) as typeof body;
        } catch {
          body = undefined;
        }
        if (!ENVELOPE_CODES.has(String(body?.code)) || typeof body?.message !== 'string') {
          outsideEnvelope.push({ request: name, status, body: text.slice(0, 300) });
        }
      }
      if (status < 400 && MUTATING.has(request.route.method) && !isListing(request.route)) {
        accepted.push({ request: name, status, body: text.slice(0, 200) });
      }
    });
    const after = await fingerprint(server.database.db, WRITTEN_BY_REFUSED_REQUESTS);
    const changed = Object.keys({ ...before, ...after }).filter(
      (table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]),
    );
    const walked = new Set(requests.map((request) => `${request.route.method} ${request.route.url}`));
    console.log(
      `hostile input (${server.database.kind}): ${walked.size} routes walked, ${requests.length} requests sent, ` +
        `${serverErrors.length} 5xx seen, ${outsideEnvelope.length} outside the envelope, ` +
        `${accepted.length} 2xx from writing routes, tables changed: ${changed.join(', ') || 'none'} ` +
        `(${Math.round((Date.now() - started) / 1000)} s)`,
    );
    expect(walked.size).toBe(new Set(routes.map((route) => `${route.method} ${route.url}`)).size);
    expect(serverErrors.slice(0, 40)).toEqual([]);
    expect(outsideEnvelope.slice(0, 40)).toEqual([]);
    // Writes the walk's requests got through, to tell which one changed a table when `changed` is not empty.
    expect(changed, JSON.stringify(accepted.slice(0, 40), null, 1)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 600_000);

  /** Writes raw bytes and reads the answer until the server closes the connection. */
  function rawRequest(text: string): Promise<{ status: number; body: unknown }> {
    const { port } = new URL(server.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        answer += chunk;
      });
      socket.on('error', reject);
      socket.on('close', () => {
        const [head = '', body = ''] = answer.split('\r\n\r\n');
        let parsed: unknown = body;
        try {
          parsed = JSON.parse(body);
        } catch {
          // kept as text for the failure message
        }
        resolve({ status: Number(head.split(' ')[1]), body: parsed });
      });
      socket.end(text);
    });
  }

  it('answers requests refused before any route runs in the envelope too', async () => {
    const headers = await rawRequest(
      `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(40_000)}\r\nConnection: close\r\n\r\n`,
    );
    expect(headers).toEqual({
      status: 431,
      body: { code: 'E_BAD_REQUEST', message: 'The request headers are too large.' },
    });
    const longUrl = await rawRequest(`GET /health?q=${'x'.repeat(40_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(longUrl.status).toBe(431);
    const garbage = await rawRequest('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect(garbage).toEqual({
      status: 400,
      body: { code: 'E_BAD_REQUEST', message: 'The request is not valid HTTP.' },
    });
    const client = server.client();
    const badUrl = await client.get(`apis/role/%ED%A0%80`, token);
    expect([badUrl.status, badUrl.body]).toEqual([
      400,
      {
        code: 'E_BAD_REQUEST',
        message: 'The address is not valid: it holds characters that cannot be decoded.',
      },
    ]);
    const longParam = await client.get(`apis/role/${'x'.repeat(300)}`, token);
    expect([longParam.status, longParam.body.code]).toEqual([404, 'E_NOT_FOUND']);
    const nul = await client.call(AUTH_ENDPOINTS.sendLoginOtp, { username: 'ad\u0000min', password: 'x' });
    expect([nul.status, nul.body]).toEqual([
      400,
      {
        code: 'E_BAD_REQUEST',
        message: 'Text must not contain the NUL character.',
        errors: [{ field: 'username', message: 'Text must not contain the NUL character.' }],
      },
    ]);
    for (const [path, field, value] of [
      [pathOf(UPLOAD_ENDPOINTS.upload), 'kind', 'image\u0000'],
      [pathOf(STOCK_UPLOAD_ENDPOINTS.create), 'mode', 'replace\u0000'],
      [pathOf(STOCK_UPLOAD_ENDPOINTS.create), 'keepGoodRows', '\ud800'],
    ] as const) {
      const form = new FormData();
      form.set(field, value);
      form.set('file', new Blob(['a,b\n1,2\n'], { type: 'text/csv' }), 'stock.csv');
      const response = await fetch(`${server.url}/${path}`, {
        method: 'POST',
        headers: { authorization: `JWT ${token}` },
        body: form,
      });
      const body = (await response.json()) as { code: string; errors?: { field: string }[] };
      expect([response.status, body.code, body.errors?.[0]?.field], `${path} ${field}`).toEqual([
        400,
        'E_BAD_REQUEST',
        field,
      ]);
    }
    const surrogate = await client.request('POST', pathOf(AUTH_ENDPOINTS.sendLoginOtp), {
      rawBody: '{"username":"admin","password":"x\\ud800"}',
    });
    expect(surrogate.body.errors).toEqual([
      { field: 'password', message: 'Text must be valid Unicode: it holds an unpaired surrogate character.' },
    ]);
  });
});
