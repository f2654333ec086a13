/**
 * The page visits of the reports benchmark: two million visits of the panel's screens and the customers'
 * apps over the span, rolled up by the hit counter's own job code, and the hit counter asked for the year.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { rollUpPageVisits } from '../apps/server/src/reports/hit-counter.ts';
import type { BenchSpan, ReportBenchCase, ReportBenchPart } from './reports-part.ts';

const VISITS = 2_000_000;
/** Pages visited: the panel's screens and the apps' pages, a few of them far busier than the rest. */
const PAGES = 120;
const VISITORS = 2_000;
const DEVICES = ['Web', 'iOS', 'Android', 'Chrome on Windows', 'Safari on iPhone'];

async function generate(client: import('pg').Client, span: BenchSpan, scale: number): Promise<void> {
  await client.query('select setseed(0.23)');
  // As the customers' apps record them: the visitor by username, a device named or not (a fifth).
  await client.query(
    `insert into page_tracking (user_name, page, section, action, device, tracked_at, created_at, updated_at)
     select 'visitor' || floor(power(random(), 2) * $2::int)::int,
       'page-' || lpad(floor(power(random(), 3) * $3::int)::int::text, 3, '0'),
       'bench', 'view', case when d.device = 0 then null else ($4::text[])[d.device] end, d.at, d.at, d.at
     from (select floor(random() * ($5::int + 1))::int as device,
         $6::timestamptz + random() * ($7::timestamptz - $6::timestamptz) as at
       from generate_series(1, $1::int)) d`,
    [
      Math.round(VISITS * scale),
      VISITORS,
      PAGES,
      DEVICES,
      DEVICES.length,
      `${span.from}T00:00:00Z`,
      `${addDay(span.to)}T00:00:00Z`,
    ],
  );
  await client.query('vacuum (analyze) page_tracking');
}

const addDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The roll-up as the job runs it, every generated day rebuilt, through the server's own connection; then
 * the statistics autovacuum would gather after a write this size, before the hit counter is timed.
 */
async function rollUp(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    await rollUpPageVisits(database.db, { rebuild: true });
    await database.db.execute(sql`analyze page_visit_daily`);
  } finally {
    await database.close();
  }
}

function cases(span: BenchSpan): ReportBenchCase[] {
  // Visitors are counted a day, page and device, as the hit counter counts them.
  const days = `select (tracked_at at time zone 'UTC')::date as day, page, count(*) as visits,
      count(distinct user_name) as visitors, max(tracked_at) as last_visit_at
    from page_tracking
    where deleted_at is null and tracked_at >= '${span.year.from}T00:00:00Z'
      and tracked_at < '${addDay(span.year.to)}T00:00:00Z'
    group by 1, 2, coalesce(device, '')`;
  return [
    {
      name: 'Hit counter',
      path: 'apis/analytics/hit-counter',
      body: { from: span.year.from, to: span.year.to, page: 1, limit: 50 },
      rawSql: `with v as (${days})
        select page, sum(visits) as visits, sum(visitors) as visitors, count(distinct day) as days,
          max(last_visit_at) as last_visit_at,
          (select count(distinct page) from v) as pages, (select sum(visits) from v) as total
        from v group by page order by visits desc, page limit 50;
        select (tracked_at at time zone 'UTC')::date as day, count(*) from page_tracking
        where deleted_at is null and tracked_at >= '${span.year.from}T00:00:00Z'
          and tracked_at < '${addDay(span.year.to)}T00:00:00Z'
        group by 1`,
    },
  ];
}

export const visitsPart: ReportBenchPart = { name: 'Page visits', generate, rollUp, cases };
