import type { LoginReportBy, LoginReportRow, LoginSummaryRow, ReportChart } from '@facet/contract';
import { loginReport, loginSummaryReport } from '@facet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql-rows.ts';
import {
  type ReportBody,
  type ReportPage,
  type ReportSource,
  reportSortOf,
} from '../reports/report-routes.ts';
import { addDays, FAILURE_RESULTS, loginRollupMark, SIGN_IN_RESULTS } from './login-rollup.ts';
import { UNKNOWN_DEVICE } from './user-agent-device.ts';

/** The filters both login reports take (the report's `by` aside). */
interface LoginFilter {
  result?: 'signIn' | 'failure';
  userId?: string;
  ip?: string;
  device?: string;
}
export type LoginReportBody = ReportBody & { filter?: LoginFilter & { by?: LoginReportBy } };
export type LoginSummaryBody = ReportBody & { filter?: LoginFilter };

const BATCH = 1000;

/**
 * The period's attempts as rows of the roll-up's shape: the days before the roll-up's mark from
 * `login_daily`, the days from it on (today at least) straight from `login_logs`, so that a sign-in
 * counts at once. The mark is read first: a roll-up committing meanwhile only adds days the log still
 * holds, so no attempt is counted twice or lost.
 */
async function factsOf(db: Db, body: ReportBody & { filter?: LoginFilter }): Promise<SQL> {
  const filter = body.filter ?? {};
  const mark = await loginRollupMark(db);
  const end = addDays(body.to, 1);
  // The roll-up covers [from, rolledEnd), the log [rawStart, end).
  const rolledEnd = mark === null ? body.from : mark < end ? mark : end;
  const rawStart = rolledEnd > body.from ? rolledEnd : body.from;
  const device = (table: 'rolled' | 'raw') =>
    table === 'rolled' ? sql`device` : sql`coalesce(device, ${UNKNOWN_DEVICE})`;
  const filters = (table: 'rolled' | 'raw') =>
    sql.join(
      [
        filter.userId ? sql` and user_id = ${filter.userId}::uuid` : undefined,
        filter.ip ? sql` and ip = ${filter.ip}` : undefined,
        filter.device ? sql` and ${device(table)} = ${filter.device}` : undefined,
      ].filter((condition) => condition !== undefined),
    );
  const rolledOutcome = filter.result ? sql` and outcome = ${filter.result}` : sql``;
  const rawResults =
    filter.result === 'signIn'
      ? SIGN_IN_RESULTS
      : filter.result === 'failure'
        ? FAILURE_RESULTS
        : [...SIGN_IN_RESULTS, ...FAILURE_RESULTS];
  const rolled =
    rolledEnd > body.from
      ? sql`select day, user_id, username, ip, device, outcome, attempts, first_at, last_at
          from login_daily
          where day >= ${body.from}::date and day < ${rolledEnd}::date${rolledOutcome}${filters('rolled')}
          union all `
      : sql``;
  return sql`${rolled}select (created_at at time zone 'UTC')::date as day, user_id, username, ip,
      ${device('raw')} as device,
      case when result in ${SIGN_IN_RESULTS} then 'signIn' else 'failure' end as outcome,
      1 as attempts, created_at as first_at, created_at as last_at
    from login_logs
    where created_at >= ${`${rawStart}T00:00:00Z`}::timestamptz and created_at < ${`${end}T00:00:00Z`}::timestamptz
      and result in ${rawResults}${filters('raw')}`;
}

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const signIns = sql`coalesce(sum(attempts) filter (where outcome = 'signIn'), 0)::int`;
const failures = sql`coalesce(sum(attempts) filter (where outcome = 'failure'), 0)::int`;

function orderOf(
  sortSql: Record<string, SQL>,
  sort: { key: string; direction: 'asc' | 'desc' },
  tie: SQL,
): SQL {
  const column = sortSql[sort.key] as SQL;
  return sql`${column} ${sql.raw(sort.direction)} nulls last, ${tie}`;
}

interface PageRow {
  total: number;
  sign_ins_total: number;
  failures_total: number;
}

/**
 * One page of grouped rows and the period's totals in one statement: the grouping is read once, only
 * the page's rows are sorted in full and formatted (`columns`, over `page`), and an empty page past the
 * end still answers the count.
 */
async function pageOf<R>(
  db: Db,
  facts: SQL,
  grouped: SQL,
  columns: SQL,
  order: SQL,
  body: ReportBody,
): Promise<{ rows: R[]; count: number; totals: { signIns: number; failures: number } }> {
  const offset = (body.page - 1) * body.limit;
  const result = await db.execute(sql`
    with f as (${facts}), g as (${grouped}),
      totals as (select count(*)::int as total, coalesce(sum(sign_ins), 0)::int as sign_ins_total,
        coalesce(sum(failures), 0)::int as failures_total from g),
      page as (select * from g order by ${order} limit ${body.limit} offset ${offset})
    select totals.*, page.key is not null as listed, ${columns}
    from totals left join page on true order by ${order}`);
  const rows = rowsOf<PageRow & R & { listed: boolean }>(result);
  const first = rows[0];
  return {
    rows: rows.filter((row) => row.listed),
    count: Number(first?.total ?? 0),
    totals: { signIns: Number(first?.sign_ins_total ?? 0), failures: Number(first?.failures_total ?? 0) },
  };
}

/** Sign-ins and failures a day over the whole period, every day drawn (a day without attempts as 0). */
async function chartOf(db: Db, body: ReportBody & { filter?: LoginFilter }): Promise<ReportChart> {
  const facts = await factsOf(db, body);
  const rows = rowsOf<{ day: string; sign_ins: number; failures: number }>(
    await db.execute(sql`with f as (${facts})
      select to_char(day, 'YYYY-MM-DD') as day, ${signIns} as sign_ins, ${failures} as failures
      from f group by day`),
  );
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const labels: string[] = [];
  for (let day = body.from; day <= body.to; day = addDays(day, 1)) labels.push(day);
  return {
    kind: 'bar',
    labels,
    series: [
      {
        key: 'signIns',
        label: 'Sign-ins',
        values: labels.map((day) => Number(byDay.get(day)?.sign_ins ?? 0)),
      },
      {
        key: 'failures',
        label: 'Failures',
        values: labels.map((day) => Number(byDay.get(day)?.failures ?? 0)),
      },
    ],
  };
}

async function* batchesOf<B extends ReportBody, R>(
  page: (body: B) => Promise<ReportPage<R>>,
  body: B,
): AsyncGenerator<readonly R[]> {
  for (let number = 1; ; number += 1) {
    const { list } = await page({ ...body, page: number, limit: BATCH });
    // A file with no row still gets its header: the first batch is always given.
    if (list.length > 0 || number === 1) yield list;
    if (list.length < BATCH) return;
  }
}

// --- Login: by user, address or device ------------------------------------------------------------------

interface ReportRowSql {
  key: string;
  label: string;
  user_id: string | null;
  sign_ins: number;
  failures: number;
  last_at: string | null;
}

/** Attempts by account, or by the login as typed when it names none, with the account's name. */
const byUser = (columns: SQL, keys: SQL) => sql`select g0.*,
    coalesce(g0.user_id::text, 'login:' || g0.login) as key,
    coalesce(u.name, g0.login || ' (no account)') as label
  from (select ${keys} f.user_id, case when f.user_id is null then f.username end as login, ${columns}
    from f group by ${keys} f.user_id, login) g0
  left join users u on u.id = g0.user_id`;

function groupedBy(by: LoginReportBy): SQL {
  const figures = sql`${signIns} as sign_ins, ${failures} as failures, max(f.last_at) as last_moment`;
  if (by === 'user') return byUser(figures, sql``);
  const column = by === 'ip' ? sql`f.ip` : sql`f.device`;
  return sql`select ${column} as key, ${column} as label, null::uuid as user_id, ${figures}
    from f group by ${column}`;
}

const REPORT_COLUMNS = sql`page.key, page.label, page.user_id::text as user_id, page.sign_ins, page.failures,
  ${iso(sql`page.last_moment`)} as last_at`;

const REPORT_SORT: Record<string, SQL> = {
  label: sql`label`,
  signIns: sql`sign_ins`,
  failures: sql`failures`,
  lastAt: sql`last_moment`,
};

export async function loginReportPage(db: Db, body: LoginReportBody): Promise<ReportPage<LoginReportRow>> {
  const facts = await factsOf(db, body);
  const order = orderOf(REPORT_SORT, reportSortOf(loginReport, body.sort), sql`key asc`);
  const grouped = groupedBy(body.filter?.by ?? 'user');
  const { rows, count, totals } = await pageOf<ReportRowSql>(db, facts, grouped, REPORT_COLUMNS, order, body);
  return {
    list: rows.map((row) => ({
      key: row.key,
      label: row.label,
      userId: row.user_id,
      signIns: Number(row.sign_ins),
      failures: Number(row.failures),
      lastAt: row.last_at,
    })),
    count,
    totals,
  };
}

export const loginReportSource = (db: Db): ReportSource<LoginReportBody, LoginReportRow> => ({
  page: (body) => loginReportPage(db, body),
  chart: (body) => chartOf(db, body),
  batches: (body) => batchesOf((asked) => loginReportPage(db, asked), body),
});

// --- Login summary: per user and day ---------------------------------------------------------------------

interface SummaryRowSql {
  day: string;
  key: string;
  user_id: string | null;
  label: string;
  sign_ins: number;
  failures: number;
  first_sign_in_at: string | null;
  last_sign_in_at: string | null;
}

const SUMMARY_GROUPED = byUser(
  sql`${signIns} as sign_ins, ${failures} as failures,
    min(f.first_at) filter (where f.outcome = 'signIn') as first_moment,
    max(f.last_at) filter (where f.outcome = 'signIn') as last_moment`,
  sql`f.day,`,
);
const SUMMARY_COLUMNS = sql`to_char(page.day, 'YYYY-MM-DD') as day, page.key, page.user_id::text as user_id,
  page.label, page.sign_ins, page.failures, ${iso(sql`page.first_moment`)} as first_sign_in_at,
  ${iso(sql`page.last_moment`)} as last_sign_in_at`;

const SUMMARY_SORT: Record<string, SQL> = {
  day: sql`day`,
  user: sql`label`,
  signIns: sql`sign_ins`,
  failures: sql`failures`,
};

export async function loginSummaryPage(db: Db, body: LoginSummaryBody): Promise<ReportPage<LoginSummaryRow>> {
  const facts = await factsOf(db, body);
  const sort = reportSortOf(loginSummaryReport, body.sort);
  const order = orderOf(SUMMARY_SORT, sort, sql`day desc, label asc, key asc`);
  const { rows, count, totals } = await pageOf<SummaryRowSql>(
    db,
    facts,
    SUMMARY_GROUPED,
    SUMMARY_COLUMNS,
    order,
    body,
  );
  return {
    list: rows.map((row) => ({
      day: row.day,
      key: row.key,
      userId: row.user_id,
      user: row.label,
      signIns: Number(row.sign_ins),
      failures: Number(row.failures),
      firstSignInAt: row.first_sign_in_at,
      lastSignInAt: row.last_sign_in_at,
    })),
    count,
    totals,
  };
}

export const loginSummarySource = (db: Db): ReportSource<LoginSummaryBody, LoginSummaryRow> => ({
  page: (body) => loginSummaryPage(db, body),
  chart: (body) => chartOf(db, body),
  batches: (body) => batchesOf((asked) => loginSummaryPage(db, asked), body),
});
