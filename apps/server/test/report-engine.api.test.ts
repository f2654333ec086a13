import {
  ADMIN_MODULE_BY_NAME,
  type EndpointSpec,
  HIT_COUNTER_ENDPOINTS as H,
  type HitCounterRow,
  PAGE_VISIT_ENDPOINT,
  PAGE_VISIT_LIMITS,
  type PaginateResult,
  pathOf,
  REPORT_LOG_ENDPOINT,
  REPORT_MODULES,
  REPORT_USE_ENDPOINT,
  type ReportChart,
  type ReportUseRow,
  USER_TYPES,
} from '@facet/contract';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql-rows.ts';
import { rollUpPageVisits } from '../src/reports/hit-counter.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { userWithRole } from './user-admin.ts';

type Answer = PaginateResult<HitCounterRow> & { chart: ReportChart; totals: Record<string, number> };

const DAY_MS = 86_400_000;
const dayAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
const HIT_COUNTER = ADMIN_MODULE_BY_NAME.get('Hit Counter')?.id as number;
const BANNER = ADMIN_MODULE_BY_NAME.get('Banner')?.id as number;

/** The report engine through the hit counter: page, chart, totals, files, the report log and visits. */
describe.skipIf(!(await databaseAvailable()))('the report engine and the hit counter', () => {
  let server: TestServer;
  let token: string;

  const call = (endpoint: EndpointSpec, body: unknown, as = token) =>
    server.client().request<unknown>(endpoint.method, pathOf(endpoint), { body, token: as });
  const report = async (body: Record<string, unknown> = {}) => {
    const response = await call(H.paginate, { from: dayAgo(3), to: dayAgo(0), page: 1, limit: 50, ...body });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return (response.body as { data: Answer }).data;
  };
  const file = (body: Record<string, unknown>) =>
    fetch(`${server.url}/${pathOf(H.export)}`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: dayAgo(3), to: dayAgo(0), ...body }),
    });
  const logged = async (report: string, action: string) => {
    const [row] = rowsOf<{ count: number }>(
      await server.database.db.execute(
        sql`select count(*)::int as count from report_logs where report = ${report} and action = ${action}`,
      ),
    );
    return Number(row?.count ?? 0);
  };

  beforeAll(async () => {
    // Two closed days of visits, written as the customers' apps wrote them before the server starts: the
    // roll-up job moves its mark past the days it finds closed, so visits written into a closed day
    // after it ran would never be rolled up.
    server = await startServer(
      {},
      {
        prepare: async ({ db }) => {
          await db.execute(sql`insert into page_tracking (user_name, page, device, tracked_at)
            values ('ann', 'Search', 'Web', ${`${dayAgo(2)}T09:00:00Z`}::timestamptz),
              ('ann', 'Search', 'Web', ${`${dayAgo(2)}T10:00:00Z`}::timestamptz),
              ('bob', 'Search', 'iPhone', ${`${dayAgo(2)}T11:00:00Z`}::timestamptz),
              ('bob', 'Cart', 'iPhone', ${`${dayAgo(1)}T08:00:00Z`}::timestamptz)`);
        },
      },
    );
    token = await adminToken(server, server.client());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts rolled-up days and today’s visits at once, by page, with the chart and the totals', async () => {
    // The job may have rolled the closed days up already; once it has, a run finds nothing new to roll
    // up, and a rebuild rolls every day again to the same figures.
    await rollUpPageVisits(server.database.db);
    const [rolled] = rowsOf<{ days: number }>(
      await server.database.db.execute(sql`select count(distinct day)::int as days from page_visit_daily`),
    );
    expect(Number(rolled?.days)).toBe(2);
    expect(await rollUpPageVisits(server.database.db)).toBe(0);
    await rollUpPageVisits(server.database.db, { rebuild: true });
    const visit = await call(PAGE_VISIT_ENDPOINT, { page: 'Search', device: 'Panel' });
    expect(visit.status, JSON.stringify(visit.body)).toBe(200);
    expect(visit.body).toMatchObject({ data: { recorded: true } });

    const answer = await report();
    expect(answer.list.find((row) => row.page === 'Search')).toMatchObject({
      visits: 4,
      visitors: 3,
      days: 2,
    });
    expect(answer.list.find((row) => row.page === 'Cart')).toMatchObject({ visits: 1, visitors: 1, days: 1 });
    expect(answer.count).toBe(2);
    expect(answer.totals).toMatchObject({ visits: 5, days: 3 });
    expect(answer.chart.labels).toEqual([dayAgo(3), dayAgo(2), dayAgo(1), dayAgo(0)]);
    expect(answer.chart.series[0]?.values).toEqual([0, 3, 1, 1]);

    const iphone = await report({ filter: { device: 'iPhone' }, sort: { page: 'asc' } });
    expect(iphone.list.map((row) => [row.page, row.visits])).toEqual([
      ['Cart', 1],
      ['Search', 1],
    ]);
    expect((await report({ filter: { page: 'Cart' } })).list).toHaveLength(1);
  });

  it('refuses a period that runs backwards or is longer than three years', async () => {
    const backwards = await call(H.paginate, { from: dayAgo(0), to: dayAgo(5), page: 1, limit: 20 });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('Enter a start that is not after the end.');
    const long = await call(H.paginate, { from: '2020-01-01', to: '2024-01-01', page: 1, limit: 20 });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('Choose a period of three years at most.');
    const unknown = await call(H.paginate, {
      from: dayAgo(1),
      to: dayAgo(0),
      page: 1,
      limit: 20,
      filter: { user: 'x' },
    });
    expect(unknown.status).toBe(400);
  });

  it('sends the report as XLSX, CSV and a PDF with its chart, each a download in the report log', async () => {
    const before = await logged('hit-counter', 'download');
    const csv = await file({ format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/hit-counter-\d{8}\.csv/);
    const text = await csv.text();
    expect(text).toContain('Days with visits');
    expect(text).toContain('Search');
    const xlsx = await file({ format: 'xlsx' });
    expect(xlsx.status).toBe(200);
    expect((await xlsx.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const pdf = await file({ format: 'pdf', timeZone: 'Asia/Kolkata' });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const { text: printed } = await extractText(new Uint8Array(await pdf.arrayBuffer()), {
      mergePages: true,
    });
    expect(printed).toContain('Hit counter');
    expect(printed).toContain('Visits by day');
    expect(printed).toContain('(UTC days)');
    expect(printed).toContain('Search');
    expect(await logged('hit-counter', 'download')).toBe(before + 3);
  });

  it('records report views for readers of the report, and refuses others and bad bodies', async () => {
    const viewed = await call(REPORT_LOG_ENDPOINT, { report: 'hit-counter', action: 'view' });
    expect(viewed.status, JSON.stringify(viewed.body)).toBe(200);
    expect(await logged('hit-counter', 'view')).toBe(1);

    const reader = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: HIT_COUNTER, permissions: { view: true } },
    ]);
    expect(
      (await call(REPORT_LOG_ENDPOINT, { report: 'hit-counter', action: 'view' }, reader.token)).status,
    ).toBe(200);
    // A reader of the hit counter is no reader of the search summary.
    const other = await call(REPORT_LOG_ENDPOINT, { report: 'search-summary', action: 'view' }, reader.token);
    expect(other.status).toBe(403);
    const banner = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: BANNER, permissions: { view: true } },
    ]);
    expect(
      (await call(REPORT_LOG_ENDPOINT, { report: 'hit-counter', action: 'view' }, banner.token)).status,
    ).toBe(403);
    for (const body of [
      { report: 'nope', action: 'view' },
      { report: 'hit-counter', action: 'print' },
      { report: 'hit-counter', action: 'download', format: 'doc' },
      { report: 'hit-counter', action: 'view', userId: 'someone' },
    ]) {
      const refused = await call(REPORT_LOG_ENDPOINT, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('counts each report’s views and downloads over the period by its name, every report listed', async () => {
    expect((await call(REPORT_LOG_ENDPOINT, { report: 'login', action: 'view' })).status).toBe(200);
    // A use before the period is not counted in it.
    await server.database.db.execute(sql`insert into report_logs (report, action, at)
      values ('search-summary', 'view', ${`${dayAgo(10)}T12:00:00Z`}::timestamptz)`);
    const used = await call(REPORT_USE_ENDPOINT, { from: dayAgo(3), to: dayAgo(0) });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    const { list } = (used.body as { data: { list: ReportUseRow[] } }).data;
    // The admin and the reader viewed the hit counter; the admin downloaded its three files.
    expect(list.slice(0, 2)).toMatchObject([
      { report: 'hit-counter', title: 'Hit counter', views: 2, downloads: 3, users: 2 },
      { report: 'login', title: 'Login report', views: 1, downloads: 0, users: 1 },
    ]);
    expect(list[0]?.lastUsedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(list.map((row) => row.report).sort()).toEqual(Object.keys(REPORT_MODULES).sort());
    const unused = list.slice(2);
    expect(unused.every((row) => row.views + row.downloads === 0 && row.lastUsedAt === null)).toBe(true);
    expect(unused.map((row) => row.title)).toEqual(unused.map((row) => row.title).sort());
    const earlier = await call(REPORT_USE_ENDPOINT, { from: dayAgo(12), to: dayAgo(8) });
    expect((earlier.body as { data: { list: ReportUseRow[] } }).data.list[0]).toMatchObject({
      title: 'Search summary',
      views: 1,
    });

    const banner = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: BANNER, permissions: { view: true } },
    ]);
    expect((await call(REPORT_USE_ENDPOINT, { from: dayAgo(3), to: dayAgo(0) }, banner.token)).status).toBe(
      403,
    );
    const backwards = await call(REPORT_USE_ENDPOINT, { from: dayAgo(0), to: dayAgo(3) });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain('Enter a start that is not after the end.');
    expect((await call(REPORT_USE_ENDPOINT, { from: dayAgo(1) })).status).toBe(400);
  });

  it('records a user’s own visits, bounded, and paced however many are sent at once', async () => {
    const long = await call(PAGE_VISIT_ENDPOINT, { page: 'x'.repeat(PAGE_VISIT_LIMITS.page + 1) });
    expect(long.status).toBe(400);
    expect((await call(PAGE_VISIT_ENDPOINT, { page: '' })).status).toBe(400);
    expect((await call(PAGE_VISIT_ENDPOINT, { page: 'Search', userName: 'someone else' })).status).toBe(400);

    const visitor = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: BANNER, permissions: { view: true } },
    ]);
    const answers = await Promise.all(
      Array.from({ length: PAGE_VISIT_LIMITS.perMinute + 10 }, () =>
        call(PAGE_VISIT_ENDPOINT, { page: 'Loop' }, visitor.token),
      ),
    );
    const recorded = answers.filter(
      (answer) => (answer.body as { data?: { recorded?: boolean } }).data?.recorded,
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(recorded).toHaveLength(PAGE_VISIT_LIMITS.perMinute);
    const [row] = rowsOf<{ count: number; named: string }>(
      await server.database.db.execute(sql`select count(*)::int as count, min(user_name) as named
        from page_tracking where page = 'Loop'`),
    );
    expect(Number(row?.count)).toBe(PAGE_VISIT_LIMITS.perMinute);
    expect(row?.named).toBe(visitor.user.username);
  });
});
