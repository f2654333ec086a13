/**
 * The sign-ins of the reports benchmark: half a million attempts of staff and customers over the span
 * (successes and failures, from a few addresses and browsers each, and logins that name no account),
 * rolled up by the login job's own code, and the login report and summary asked for the year.
 */

import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  FAILURE_RESULTS,
  rollUpAllLoginDays,
  SIGN_IN_RESULTS,
} from '../apps/server/src/login-log/login-rollup.ts';
import { deviceOf } from '../apps/server/src/login-log/user-agent-device.ts';
import type { BenchSpan, ReportBenchCase, ReportBenchPart } from './reports-part.ts';

const SIGN_INS = 500_000;
/** Accounts that sign in: customers and staff, a few of them every day. */
const ACCOUNTS = 1_500;
const USERNAME_PREFIX = 'bench-sign-in-';

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'curl/8.5.0',
];

/**
 * Results by share (out of 100): mostly sign-ins, some failures, and steps the reports leave out (a code
 * sent, a password reset), so that the raw query must filter them as the roll-up does.
 */
const RESULT_SHARES: [string, number][] = [
  ['success', 78],
  ['default_password', 4],
  ['wrong_password', 7],
  ['unknown_user', 2],
  ['otp_invalid', 2],
  ['otp_expired', 1],
  ['rate_limited', 1],
  ['otp_sent', 4],
  ['password_reset', 1],
];

async function generate(client: import('pg').Client, span: BenchSpan, scale: number): Promise<void> {
  const count = Math.round(SIGN_INS * scale);
  await client.query('select setseed(0.16)');
  await client.query(
    `insert into users (type, name, username, username_lower, password_hash)
     select case when g % 3 = 0 then 6 else 3 end, 'Bench ' || case when g % 3 = 0 then 'staff ' else 'customer ' end || g,
       $1 || lpad(g::text, 5, '0'), $1 || lpad(g::text, 5, '0'), 'not-a-hash'
     from generate_series(1, $2::int) g
     on conflict do nothing`,
    [USERNAME_PREFIX, ACCOUNTS],
  );
  const results = RESULT_SHARES.flatMap(([result, share]) => Array.from({ length: share }, () => result));
  // Each account signs in from four addresses and three of the browsers; a few in a hundred attempts
  // type a login that names no account. Busier accounts come first (the square of a uniform draw).
  await client.query(
    `with accounts as (
       select array_agg(id order by username) as ids, array_agg(username order by username) as names
       from users where username like $1 || '%'),
     draws as (
       select g, floor(power(random(), 2) * $3::int)::int + 1 as account, random() as typo,
         floor(random() * 4)::int as address, floor(random() * 3)::int as browser,
         floor(random() * 100)::int + 1 as result,
         $4::timestamptz + random() * ($5::timestamptz - $4::timestamptz) as at
       from generate_series(1, $2::int) g)
     insert into login_logs (user_id, username, result, ip, user_agent, device, created_at)
     select case when d.typo < 0.03 then null else a.ids[d.account] end,
       case when d.typo < 0.03 then 'typo' || (d.account % 300) else a.names[d.account] end,
       ($6::text[])[d.result],
       '10.' || (d.account / 250) || '.' || (d.account % 250) || '.' || (d.address + 1),
       ($7::text[])[(d.account + d.browser) % $9::int + 1],
       ($8::text[])[(d.account + d.browser) % $9::int + 1],
       d.at
     from draws d, accounts a`,
    [
      USERNAME_PREFIX,
      count,
      ACCOUNTS,
      `${span.from}T00:00:00Z`,
      `${addDay(span.to)}T00:00:00Z`,
      results,
      USER_AGENTS,
      USER_AGENTS.map(deviceOf),
      USER_AGENTS.length,
    ],
  );
  await client.query('vacuum (analyze) login_logs, users');
}

const addDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const quoted = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** The year's attempts the reports count, as the raw rows hold them, with the account named. */
const rawAttempts = (span: BenchSpan) => `from login_logs l left join users u on u.id = l.user_id
  where l.created_at >= '${span.year.from}T00:00:00Z' and l.created_at < '${addDay(span.year.to)}T00:00:00Z'
    and l.result in (${quoted([...SIGN_IN_RESULTS, ...FAILURE_RESULTS])})`;
const rawFigures = `count(*) filter (where l.result in (${quoted(SIGN_IN_RESULTS)})) as sign_ins,
  count(*) filter (where l.result in (${quoted(FAILURE_RESULTS)})) as failures`;

/** The raw question a page asks: its grouped rows, first page sorted as the report sorts, and the count. */
const rawPage = (grouped: string, order: string) => `with g as (${grouped})
  select (select count(*) from g) as total, (select sum(sign_ins) from g) as sign_ins_total, p.*
  from (select * from g order by ${order} limit 50) p`;

function cases(span: BenchSpan): ReportBenchCase[] {
  const year = { from: span.year.from, to: span.year.to, page: 1, limit: 50 };
  const byUser = `select coalesce(u.name, min(l.username) || ' (no account)') as label, ${rawFigures}, max(l.created_at) as last_at
    ${rawAttempts(span)}
    group by l.user_id, case when l.user_id is null then l.username end, u.name`;
  // The raw rows name the device only when it was recorded: the report's own rows all were.
  const byColumn = (column: string) =>
    `select ${column} as label, ${rawFigures}, max(l.created_at) as last_at ${rawAttempts(span)} group by ${column}`;
  const summary = `select (l.created_at at time zone 'UTC')::date as day, coalesce(u.name, min(l.username) || ' (no account)') as label,
      ${rawFigures},
      min(l.created_at) filter (where l.result in (${quoted(SIGN_IN_RESULTS)})) as first_sign_in_at,
      max(l.created_at) filter (where l.result in (${quoted(SIGN_IN_RESULTS)})) as last_sign_in_at
    ${rawAttempts(span)}
    group by 1, l.user_id, case when l.user_id is null then l.username end, u.name`;
  const chart = `select (l.created_at at time zone 'UTC')::date as day, ${rawFigures} ${rawAttempts(span)} group by 1`;
  // The report answers its page and its chart by day; the raw question asks both, one after the other.
  const withChart = (page: string) => `${page};\n${chart}`;
  return [
    {
      name: 'Login report, by user',
      path: 'user/login/log/report',
      body: { ...year, filter: { by: 'user' } },
      rawSql: withChart(rawPage(byUser, 'sign_ins desc, label')),
    },
    {
      name: 'Login report, by address',
      path: 'user/login/log/report',
      body: { ...year, filter: { by: 'ip' } },
      rawSql: withChart(rawPage(byColumn('l.ip'), 'sign_ins desc, label')),
    },
    {
      name: 'Login report, by device',
      path: 'user/login/log/report',
      body: { ...year, filter: { by: 'device' } },
      rawSql: withChart(rawPage(byColumn('l.device'), 'sign_ins desc, label')),
    },
    {
      name: 'Login summary',
      path: 'user/login/log/summary',
      body: year,
      rawSql: withChart(rawPage(summary, 'day desc, label')),
    },
  ];
}

/**
 * The roll-up as the job runs it, through the server's own connection to the benchmark's database; then
 * the statistics autovacuum would gather after a write this size, before the reports are timed.
 */
async function rollUp(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    await rollUpAllLoginDays(database.db);
    await database.db.execute(sql`analyze login_daily, login_user_daily`);
  } finally {
    await database.close();
  }
}

export const signInsPart: ReportBenchPart = {
  name: 'Sign-ins',
  generate,
  rollUp,
  cases,
};
