import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql-rows.ts';
import type { ReportBody } from '../reports/report-routes.ts';
import { addDays, FAILURE_RESULTS, loginRollupMark, SIGN_IN_RESULTS } from './login-rollup.ts';
import { UNKNOWN_DEVICE } from './user-agent-device.ts';

// What the login reports read: the period's attempts from the roll-ups and, from the roll-up's mark on,
// from the log itself, at the grain a report needs (login-report-queries.ts groups and pages them).

/** The filters both login reports take (the report's `by` aside). */
export interface LoginFilter {
  result?: 'signIn' | 'failure';
  userId?: string;
  ip?: string;
  device?: string;
}

/**
 * Where the period's attempts are read: the days before the roll-up's mark from the roll-ups, the days
 * from it on (today at least) straight from `login_logs`, so that a sign-in counts at once. The mark is
 * read first: a roll-up committing meanwhile only adds days the log still holds, so no attempt is counted
 * twice or lost.
 */
async function splitOf(db: Db, body: ReportBody) {
  const mark = await loginRollupMark(db);
  const end = addDays(body.to, 1);
  // The roll-up covers [from, rolledEnd), the log [rawStart, end).
  const rolledEnd = mark === null ? body.from : mark < end ? mark : end;
  const rawStart = rolledEnd > body.from ? rolledEnd : body.from;
  return {
    rolled: rolledEnd > body.from ? sql`day >= ${body.from}::date and day < ${rolledEnd}::date` : undefined,
    raw: sql`created_at >= ${`${rawStart}T00:00:00Z`}::timestamptz and created_at < ${`${end}T00:00:00Z`}::timestamptz`,
  };
}

const resultsOf = (result: LoginFilter['result']) =>
  result === 'signIn'
    ? SIGN_IN_RESULTS
    : result === 'failure'
      ? FAILURE_RESULTS
      : [...SIGN_IN_RESULTS, ...FAILURE_RESULTS];

/** The period's attempts as rows of `login_daily`'s shape (a day, account, address, device, result). */
export async function factsOf(db: Db, body: ReportBody & { filter?: LoginFilter }): Promise<SQL> {
  const filter = body.filter ?? {};
  const split = await splitOf(db, body);
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
  const rolled = split.rolled
    ? sql`select day, user_id, username, ip, device, outcome, attempts, first_at, last_at
          from login_daily
          where ${split.rolled}${rolledOutcome}${filters('rolled')}
          union all `
    : sql``;
  return sql`${rolled}select (created_at at time zone 'UTC')::date as day, user_id, username, ip,
      ${device('raw')} as device,
      case when result in ${SIGN_IN_RESULTS} then 'signIn' else 'failure' end as outcome,
      1 as attempts, created_at as first_at, created_at as last_at
    from login_logs
    where ${split.raw} and result in ${resultsOf(filter.result)}${filters('raw')}`;
}

/**
 * Whether the attempts asked for can be read a user and day at a time (`login_user_daily`): an address
 * or a device needs the finer rows.
 */
export const byUserDay = (filter: LoginFilter | undefined) => !filter?.ip && !filter?.device;

/**
 * The period's attempts a user and day at a time (`login_user_daily`'s shape, one row a day and account,
 * or login typed that names none), with `last_at` the last attempt counted. A filter by result keeps the
 * days with such attempts and counts only them, as the finer rows would.
 */
export async function userDaysOf(db: Db, body: ReportBody & { filter?: LoginFilter }): Promise<SQL> {
  const filter = body.filter ?? {};
  const split = await splitOf(db, body);
  const user = filter.userId ? sql` and user_id = ${filter.userId}::uuid` : sql``;
  const outcome =
    filter.result === 'signIn'
      ? sql` and sign_ins > 0`
      : filter.result === 'failure'
        ? sql` and failures > 0`
        : sql``;
  const signedIn = sql`result in ${SIGN_IN_RESULTS}`;
  const rolled = split.rolled
    ? sql`select day, user_id, username, sign_ins, failures, first_sign_in_at, last_sign_in_at, last_failure_at
        from login_user_daily where ${split.rolled}${user}${outcome}
        union all `
    : sql``;
  const days = sql`${rolled}select (created_at at time zone 'UTC')::date as day, user_id,
      min(username) as username, (count(*) filter (where ${signedIn}))::int as sign_ins,
      (count(*) filter (where not ${signedIn}))::int as failures,
      min(created_at) filter (where ${signedIn}) as first_sign_in_at,
      max(created_at) filter (where ${signedIn}) as last_sign_in_at,
      max(created_at) filter (where not ${signedIn}) as last_failure_at
    from login_logs
    where ${split.raw} and result in ${resultsOf(filter.result)}${user}
    group by 1, user_id, case when user_id is null then username end`;
  const signIns = filter.result === 'failure' ? sql`0` : sql`d.sign_ins`;
  const failures = filter.result === 'signIn' ? sql`0` : sql`d.failures`;
  const firstSignIn = filter.result === 'failure' ? sql`null::timestamptz` : sql`d.first_sign_in_at`;
  const lastSignIn = filter.result === 'failure' ? sql`null::timestamptz` : sql`d.last_sign_in_at`;
  const lastFailure = filter.result === 'signIn' ? sql`null::timestamptz` : sql`d.last_failure_at`;
  return sql`select d.day, d.user_id, d.username, ${signIns} as sign_ins, ${failures} as failures,
      ${firstSignIn} as first_sign_in_at, ${lastSignIn} as last_sign_in_at,
      greatest(${lastSignIn}, ${lastFailure}) as last_at
    from (${days}) d`;
}

export interface DayFigures {
  day: string;
  /** User-day rows: the summary's rows that day. */
  rows: number;
  signIns: number;
  failures: number;
}

/**
 * The period's figures a day, from the user-day rows, read once a request: the page and the chart of
 * one request ask with the same body, and the summary's count, totals and the days its page falls on
 * come from them as well as the chart.
 */
const dayFiguresRead = new WeakMap<object, Promise<DayFigures[]>>();
export function dayFiguresOf(db: Db, body: ReportBody & { filter?: LoginFilter }): Promise<DayFigures[]> {
  const known = dayFiguresRead.get(body);
  if (known) return known;
  const read = (async () => {
    const days = await userDaysOf(db, body);
    const rows = rowsOf<{ day: string; rows: number; sign_ins: number; failures: number }>(
      await db.execute(sql`select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as rows,
          sum(sign_ins)::int as sign_ins, sum(failures)::int as failures
        from (${days}) f group by day order by day`),
    );
    return rows.map((row) => ({
      day: row.day,
      rows: Number(row.rows),
      signIns: Number(row.sign_ins),
      failures: Number(row.failures),
    }));
  })();
  dayFiguresRead.set(body, read);
  return read;
}
