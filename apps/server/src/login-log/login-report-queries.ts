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
import { byUserDay, dayFiguresOf, factsOf, type LoginFilter, userDaysOf } from './login-report-facts.ts';
import { addDays } from './login-rollup.ts';

export type LoginReportBody = ReportBody & { filter?: LoginFilter & { by?: LoginReportBy } };
export type LoginSummaryBody = ReportBody & { filter?: LoginFilter };

const BATCH = 1000;

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
  let rows: { day: string; sign_ins: number; failures: number }[];
  if (byUserDay(body.filter)) {
    rows = (await dayFiguresOf(db, body)).map((day) => ({
      day: day.day,
      sign_ins: day.signIns,
      failures: day.failures,
    }));
  } else {
    const facts = await factsOf(db, body);
    rows = rowsOf<{ day: string; sign_ins: number; failures: number }>(
      await db.execute(sql`with f as (${facts})
        select to_char(day, 'YYYY-MM-DD') as day, ${signIns} as sign_ins, ${failures} as failures
        from f group by day`),
    );
  }
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

function groupedBy(by: LoginReportBy, userDays: boolean): SQL {
  if (userDays) {
    return byUser(
      sql`sum(f.sign_ins)::int as sign_ins, sum(f.failures)::int as failures, max(f.last_at) as last_moment`,
      sql``,
    );
  }
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
  const by = body.filter?.by ?? 'user';
  // By user, the rows a user and day at a time add up to the same figures as the finer ones.
  const userDays = by === 'user' && byUserDay(body.filter);
  const facts = userDays ? await userDaysOf(db, body) : await factsOf(db, body);
  const order = orderOf(REPORT_SORT, reportSortOf(loginReport, body.sort), sql`key asc`);
  const grouped = groupedBy(by, userDays);
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
/** The summary's rows are the user-day rows themselves, named: nothing left to group. */
const SUMMARY_OF_USER_DAYS = sql`select f.day, f.user_id, f.sign_ins, f.failures,
    f.first_sign_in_at as first_moment, f.last_sign_in_at as last_moment,
    coalesce(f.user_id::text, 'login:' || f.username) as key,
    coalesce(u.name, f.username || ' (no account)') as label
  from f left join users u on u.id = f.user_id`;
const SUMMARY_COLUMNS = sql`to_char(page.day, 'YYYY-MM-DD') as day, page.key, page.user_id::text as user_id,
  page.label, page.sign_ins, page.failures, ${iso(sql`page.first_moment`)} as first_sign_in_at,
  ${iso(sql`page.last_moment`)} as last_sign_in_at`;

const SUMMARY_SORT: Record<string, SQL> = {
  day: sql`day`,
  user: sql`label`,
  signIns: sql`sign_ins`,
  failures: sql`failures`,
};

/**
 * A page of the summary sorted by day, from the user-day rows: the figures a day give the count, the
 * totals and the days the page falls on, and only those days' rows are named and sorted.
 */
async function summaryByDayOf(
  db: Db,
  body: LoginSummaryBody,
  direction: 'asc' | 'desc',
  order: SQL,
): Promise<{ rows: SummaryRowSql[]; count: number; totals: { signIns: number; failures: number } }> {
  const figures = await dayFiguresOf(db, body);
  const inOrder = direction === 'asc' ? figures : [...figures].reverse();
  const start = (body.page - 1) * body.limit;
  const end = start + body.limit;
  let before = 0;
  let skipped = 0;
  const pageDays: string[] = [];
  for (const day of inOrder) {
    if (before + day.rows > start && before < end) {
      if (pageDays.length === 0) skipped = before;
      pageDays.push(day.day);
    }
    before += day.rows;
  }
  const totals = {
    signIns: figures.reduce((sum, day) => sum + day.signIns, 0),
    failures: figures.reduce((sum, day) => sum + day.failures, 0),
  };
  const first = pageDays[0];
  const last = pageDays.at(-1);
  if (!first || !last) return { rows: [], count: before, totals };
  const [from, to] = first < last ? [first, last] : [last, first];
  const days = await userDaysOf(db, { ...body, from, to });
  const rows = rowsOf<SummaryRowSql>(
    await db.execute(sql`with f as (${days})
      select ${SUMMARY_COLUMNS} from (${SUMMARY_OF_USER_DAYS}) page
      order by ${order} limit ${body.limit} offset ${start - skipped}`),
  );
  return { rows, count: before, totals };
}

export async function loginSummaryPage(db: Db, body: LoginSummaryBody): Promise<ReportPage<LoginSummaryRow>> {
  const userDays = byUserDay(body.filter);
  const sort = reportSortOf(loginSummaryReport, body.sort);
  const order = orderOf(SUMMARY_SORT, sort, sql`day desc, label asc, key asc`);
  const { rows, count, totals } =
    userDays && sort.key === 'day'
      ? await summaryByDayOf(db, body, sort.direction, order)
      : await pageOf<SummaryRowSql>(
          db,
          userDays ? await userDaysOf(db, body) : await factsOf(db, body),
          userDays ? SUMMARY_OF_USER_DAYS : SUMMARY_GROUPED,
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
