import { LOGIN_RESULT_CLASSES, type LoginResult } from '@facet/contract';
import { and, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { jobMarks } from '../db/job-marks-table.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { loginDaily, loginUserDaily } from './login-daily-table.ts';
import { loginLogs } from './login-log-table.ts';
import { deviceOf, UNKNOWN_DEVICE } from './user-agent-device.ts';

/**
 * The `job_marks` row of the roll-up: midnight (UTC) of the first day not rolled up yet. The reports read
 * the days before it from `login_daily` and the days from it on from `login_logs`.
 */
export const LOGIN_ROLLUP_MARK = 'login-daily';

/**
 * A day is rolled up once it has been over for this long, so that a sign-in whose transaction began
 * before midnight and committed after it is in the log when its day is counted.
 */
const CLOSED_AFTER_MINUTES = 10;
/** Days rolled up by one run of the job: a first run over years of log works through it in steps. */
const DAYS_PER_RUN = 92;

const resultsOf = (kind: 'signIn' | 'failure') =>
  (Object.entries(LOGIN_RESULT_CLASSES) as [LoginResult, string | null][])
    .filter(([, value]) => value === kind)
    .map(([result]) => result);
export const SIGN_IN_RESULTS = resultsOf('signIn');
export const FAILURE_RESULTS = resultsOf('failure');

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
const midnight = (day: string) => new Date(`${day}T00:00:00Z`);

/** Names the device of the events of `[from, to)` that were recorded without one (imports, old rows). */
async function nameDevices(db: Db, from: Date, to: Date): Promise<void> {
  const inPeriod = and(isNull(loginLogs.device), gte(loginLogs.createdAt, from), lt(loginLogs.createdAt, to));
  const agents = await db.selectDistinct({ userAgent: loginLogs.userAgent }).from(loginLogs).where(inPeriod);
  const byDevice = new Map<string, string[]>();
  for (const { userAgent } of agents) {
    const device = deviceOf(userAgent);
    byDevice.set(device, [...(byDevice.get(device) ?? []), userAgent]);
  }
  for (const [device, userAgents] of byDevice) {
    for (let start = 0; start < userAgents.length; start += 500) {
      await db
        .update(loginLogs)
        .set({ device })
        .where(and(inPeriod, inArray(loginLogs.userAgent, userAgents.slice(start, start + 500))));
    }
  }
}

/**
 * Rebuilds the roll-ups (`login_daily`, `login_user_daily`) of the UTC days `fromDay` to `toDay` (both
 * included) from the log, in one transaction. It reads the log, so a day whose events were pruned
 * (LOGIN_LOG_RETENTION_DAYS) must not be rebuilt: the job only rolls up days once, as they close; a
 * benchmark rebuilds the days it generated.
 */
export async function rollUpLoginDays(db: Db, fromDay: string, toDay: string): Promise<void> {
  if (fromDay > toDay) return;
  const from = midnight(fromDay);
  const to = midnight(addDays(toDay, 1));
  await db.transaction(async (tx) => {
    await nameDevices(tx, from, to);
    await tx
      .delete(loginDaily)
      .where(and(gte(loginDaily.day, fromDay), lt(loginDaily.day, addDays(toDay, 1))));
    await tx
      .delete(loginUserDaily)
      .where(and(gte(loginUserDaily.day, fromDay), lt(loginUserDaily.day, addDays(toDay, 1))));
    await tx.execute(sql`
      insert into login_daily (day, user_id, username, ip, device, outcome, attempts, first_at, last_at)
      select (created_at at time zone 'UTC')::date, user_id, username, ip, coalesce(device, ${UNKNOWN_DEVICE}),
        case when result in ${SIGN_IN_RESULTS} then 'signIn' else 'failure' end,
        count(*)::int, min(created_at), max(created_at)
      from login_logs
      where created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz
        and result in ${[...SIGN_IN_RESULTS, ...FAILURE_RESULTS]}
      group by 1, 2, 3, 4, 5, 6
      order by 1`);
    // A user and day at a time, from the rows just written: an account's logins typed differently make
    // one row, a login that names no account one of its own, as the reports group them. Both are written
    // in day order, so that a period's rows lie together on disk when many days are rolled up at once.
    await tx.execute(sql`
      insert into login_user_daily
        (day, user_id, username, sign_ins, failures, first_sign_in_at, last_sign_in_at, last_failure_at)
      select day, user_id, min(username),
        coalesce(sum(attempts) filter (where outcome = 'signIn'), 0)::int,
        coalesce(sum(attempts) filter (where outcome = 'failure'), 0)::int,
        min(first_at) filter (where outcome = 'signIn'), max(last_at) filter (where outcome = 'signIn'),
        max(last_at) filter (where outcome = 'failure')
      from login_daily
      where day >= ${fromDay}::date and day <= ${toDay}::date
      group by day, user_id, case when user_id is null then username end
      order by day`);
  });
}

/** The first day the reports read from the log rather than the roll-up; null before the first run. */
export async function loginRollupMark(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ mark: jobMarks.mark })
    .from(jobMarks)
    .where(eq(jobMarks.name, LOGIN_ROLLUP_MARK));
  return row ? row.mark.toISOString().slice(0, 10) : null;
}

/** The last day over long enough to be rolled up. */
function lastClosedDay(): string {
  return addDays(new Date(Date.now() - CLOSED_AFTER_MINUTES * 60_000).toISOString().slice(0, 10), -1);
}

async function firstLogDay(db: Db): Promise<string | null> {
  const [first] = rowsOf<{ day: string | null }>(
    await db.execute(
      sql`select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD') as day from login_logs`,
    ),
  );
  return first?.day ?? null;
}

async function moveMark(db: Db, nextDay: string): Promise<void> {
  await db
    .insert(jobMarks)
    .values({ name: LOGIN_ROLLUP_MARK, mark: midnight(nextDay) })
    .onConflictDoUpdate({ target: jobMarks.name, set: { mark: midnight(nextDay) } });
}

/**
 * The job: rolls up the days closed since its last run, a few months at most a run. The mark is locked
 * `for update skip locked`, so one instance rolls up and the others skip; it moves in the transaction
 * that writes the days. The first run only sets the mark at the log's first day. Answers the days rolled.
 */
export async function rollUpClosedLoginDays(ctx: Pick<AppContext, 'db'>): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ mark: jobMarks.mark })
      .from(jobMarks)
      .where(eq(jobMarks.name, LOGIN_ROLLUP_MARK))
      .for('update', { skipLocked: true });
    if (!row) {
      // No mark yet, or another instance holds it (and this insert does nothing).
      const day = (await firstLogDay(tx)) ?? new Date().toISOString().slice(0, 10);
      await tx
        .insert(jobMarks)
        .values({ name: LOGIN_ROLLUP_MARK, mark: midnight(day) })
        .onConflictDoNothing();
      return 0;
    }
    const fromDay = row.mark.toISOString().slice(0, 10);
    const toDay = [lastClosedDay(), addDays(fromDay, DAYS_PER_RUN - 1)].sort()[0] as string;
    if (toDay < fromDay) return 0;
    await rollUpLoginDays(tx, fromDay, toDay);
    await moveMark(tx, addDays(toDay, 1));
    return periodLength(fromDay, toDay);
  });
}

const periodLength = (fromDay: string, toDay: string) =>
  Math.round((Date.parse(toDay) - Date.parse(fromDay)) / 86_400_000) + 1;

/**
 * Rebuilds every closed day of the log at once and moves the mark after them (a benchmark that generated
 * years of log, or an operator after an import into `login_logs`). Answers the days rolled.
 */
export async function rollUpAllLoginDays(db: Db): Promise<number> {
  const fromDay = await firstLogDay(db);
  const toDay = lastClosedDay();
  if (!fromDay || toDay < fromDay) return 0;
  await db.transaction(async (tx) => {
    await rollUpLoginDays(tx, fromDay, toDay);
    await moveMark(tx, addDays(toDay, 1));
  });
  return periodLength(fromDay, toDay);
}
