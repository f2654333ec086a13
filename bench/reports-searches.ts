/**
 * The stone searches of the reports benchmark: ten million customer searches over the span (a weekday
 * busier than a weekend, the business growing), the stones sold, a stock to count the Four-C stones in,
 * rolled up by the search job's own code, and the four search reports asked for the year.
 *
 * The searches are drawn from a catalogue of criteria, each customer's search a popular one more often
 * than a rare one (a Zipf draw): most name one shape (Round first), a carat range of one or two brackets
 * and a few neighbouring colours and clarities; some leave a grade open, some name a lab, a few are wide
 * and a few find nothing.
 */
import { CARAT_BRACKETS, USER_TYPES } from '@facet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  dayTotalsOf,
  dimensionRows,
  fourCRows,
  OPEN_ID,
  parsedSearches,
  rollUpSearchDays,
  searchesOf,
  searchesOfDays,
} from '../apps/server/src/reports/search-rollups.ts';
import { loadStock } from './load-database.ts';
import type { BenchSpan, ReportBenchCase, ReportBenchPart } from './reports-part.ts';

const SEARCHES = 10_000_000;
const CUSTOMERS = 3_000;
/** Different criteria customers search with; a Zipf draw picks among them. */
const CRITERIA = 20_000;
const SALES = 150_000;
const STONES = 100_000;
const USERNAME_PREFIX = 'bench-searcher-';
const DAY_MS = 86_400_000;
/** Searches of a weekday against a Saturday and a Sunday (Sunday first, as PostgreSQL counts `dow`). */
const WEEKDAY_WEIGHTS = [0.35, 1.1, 1.2, 1.2, 1.15, 1, 0.5];
/** Days generated per statement: a few months, so that progress shows and a statement stays small. */
const CHUNK_DAYS = 92;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Searches each day: the weekday's weight, growing by half over the span, summing to `total`. */
function searchesByDay(days: readonly string[], total: number): number[] {
  const weights = days.map(
    (day, index) =>
      (WEEKDAY_WEIGHTS[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? 1) * (1 + (0.5 * index) / days.length),
  );
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight) => Math.round((weight / sum) * total));
}

const BRACKETS_SQL = `(values ${CARAT_BRACKETS.map((b) => `(${b.index}, ${b.from}, ${b.to})`).join(', ')}) as b(i, lo, hi)`;

/** The catalogue of criteria, as the customer search records them (`body.filter`), and what each finds. */
const CRITERIA_SQL = `create temp table bench_criteria as
  with m as (
    select (select array_agg(v.id::text order by v.sequence) from masters v join masters p on p.id = v.parent_id
              where p.code = $1 and p.parent_id is null and v.deleted_at is null) as shapes,
           (select array_agg(v.id::text order by v.sequence) from masters v join masters p on p.id = v.parent_id
              where p.code = $2 and p.parent_id is null and v.deleted_at is null) as colors,
           (select array_agg(v.id::text order by v.sequence) from masters v join masters p on p.id = v.parent_id
              where p.code = $3 and p.parent_id is null and v.deleted_at is null) as clarities,
           (select array_agg(v.id::text order by v.sequence) from masters v join masters p on p.id = v.parent_id
              where p.code = $4 and p.parent_id is null and v.deleted_at is null) as labs),
  draws as (
    select t, random() as shape_kind, 1 + floor(power(random(), 3) * 10)::int as shape,
      random() as carat_kind, 5 + floor(random() * 10)::int as bracket, 1 + floor(random() * 2)::int as brackets,
      random() as color_kind, 1 + floor(power(random(), 1.5) * 9)::int as color, floor(random() * 4)::int as colors,
      random() as clarity_kind, 1 + floor(random() * 8)::int as clarity, floor(random() * 4)::int as clarities,
      random() as lab_kind, 1 + floor(power(random(), 2) * 3)::int as lab, random() as found
    from generate_series(1, $5::int) t)
  select d.t, jsonb_strip_nulls(jsonb_build_object(
      'shapeId', case when d.shape_kind < 0.88 then to_jsonb(m.shapes[d.shape:d.shape])
        when d.shape_kind < 0.94 then to_jsonb(array[m.shapes[d.shape], m.shapes[1 + d.shape % 10]]) end,
      'carat', case when d.carat_kind < 0.82 then jsonb_build_object('from', lo.lo, 'to', hi.hi)
        when d.carat_kind < 0.9 then jsonb_build_object('from', 0.3, 'to', 5.99) end,
      'colorId', case when d.color_kind < 0.75 then to_jsonb(m.colors[d.color:d.color + d.colors]) end,
      'clarityId', case when d.clarity_kind < 0.7 then to_jsonb(m.clarities[d.clarity:d.clarity + d.clarities]) end,
      'labId', case when d.lab_kind < 0.25 then to_jsonb(m.labs[d.lab:d.lab]) end)) as filter,
    case when d.found < 0.08 then 0 else floor(power(d.found, 3) * 400)::int + 1 end as found
  from draws d cross join m
  left join ${BRACKETS_SQL.replace(' as b(', ' as lo(')} on lo.i = d.bracket
  left join ${BRACKETS_SQL.replace(' as b(', ' as hi(')} on hi.i = least(d.bracket + d.brackets - 1, ${CARAT_BRACKETS.length})`;

/** A day range's searches: each a customer's (the busy ones more often), a Zipf draw of the criteria. */
const SEARCHES_SQL = `insert into stone_searches (user_id, search_type, body, result_count, duration_ms, created_at)
  select u.ids[1 + floor(power(random(), 2) * u.n)::int],
    case when r.kind < 0.92 then 1 when r.kind < 0.97 then 2 else 3 end,
    jsonb_build_object('filter', c.filter),
    case when c.found = 0 then 0 else greatest(1, c.found + floor(random() * 20)::int - 10) end,
    5 + floor(random() * 80)::int,
    (r.day::timestamp at time zone 'UTC') + make_interval(secs => 3600 * (6 + 15 * random()))
  from (select d.day, random() as kind, least($3::int, floor(exp(random() * ln($3::float8 + 1)))::int) as pick
    from unnest($1::date[], $2::int[]) d(day, n) cross join generate_series(1, d.n) g) r
  join bench_criteria c on c.t = r.pick
  cross join (select array_agg(id) as ids, count(*)::int as n from users where username like $4 || '%') u`;

/** Stones sold over the span: the popular shapes and grades more often, a third of them today's weights. */
const SALES_SQL = `insert into stone_sales (stone_id, day, reason, shape_id, carat, color_id, clarity_id)
  select gen_random_uuid(), $1::date + floor(random() * ($2::date - $1::date + 1))::int, 1 + floor(random() * 2)::int,
    m.shapes[1 + floor(power(random(), 3) * 10)::int], round((0.18 + power(random(), 2) * 4)::numeric, 2),
    m.colors[1 + floor(power(random(), 1.5) * 12)::int], m.clarities[1 + floor(random() * 10)::int]
  from generate_series(1, $3::int) g,
    (select (select array_agg(v.id order by v.sequence) from masters v join masters p on p.id = v.parent_id
               where p.code = 'SHAPE' and p.parent_id is null and v.deleted_at is null) as shapes,
            (select array_agg(v.id order by v.sequence) from masters v join masters p on p.id = v.parent_id
               where p.code = 'COLOR' and p.parent_id is null and v.deleted_at is null) as colors,
            (select array_agg(v.id order by v.sequence) from masters v join masters p on p.id = v.parent_id
               where p.code = 'CLARITY' and p.parent_id is null and v.deleted_at is null) as clarities) m`;

async function generate(client: pg.Client, span: BenchSpan, scale: number): Promise<void> {
  await client.query('select setseed(0.23)');
  await client.query(
    `insert into users (type, name, username, username_lower, password_hash)
     select $3::smallint, 'Bench customer ' || g, $1 || lpad(g::text, 5, '0'), $1 || lpad(g::text, 5, '0'), 'not-a-hash'
     from generate_series(1, $2::int) g
     on conflict do nothing`,
    [USERNAME_PREFIX, Math.max(10, Math.round(CUSTOMERS * Math.min(1, scale * 10))), USER_TYPES.CUSTOMER],
  );
  await client.query(CRITERIA_SQL, ['SHAPE', 'COLOR', 'CLARITY', 'LAB', CRITERIA]);
  await client.query('alter table bench_criteria add primary key (t)');
  await client.query('analyze bench_criteria');
  const days = daysOf(span.from, span.to);
  const counts = searchesByDay(days, Math.round(SEARCHES * scale));
  // Bulk load: the user reference is known good, its check per row would double the time.
  await client.query('set session_replication_role = replica');
  for (let start = 0; start < days.length; start += CHUNK_DAYS) {
    await client.query(SEARCHES_SQL, [
      days.slice(start, start + CHUNK_DAYS),
      counts.slice(start, start + CHUNK_DAYS),
      CRITERIA,
      USERNAME_PREFIX,
    ]);
    process.stdout.write('.');
  }
  process.stdout.write('\n');
  await client.query(SALES_SQL, [span.from, span.to, Math.round(SALES * scale)]);
  await client.query('set session_replication_role = origin');
  await client.query('vacuum (analyze) stone_searches, stone_sales, users');
  const shape = await client.query<{ id: string }>(`select ${SHAPE_ROUND}::text as id`);
  roundId = shape.rows[0]?.id;
  // The stock the Four-C matrix counts its stones in, loaded as the stock benchmarks load it.
  const { user, host, port, database } = client;
  await loadStock(`postgres://${user}@${host}:${port}/${database}`, Math.round(STONES * scale));
}

/** The roll-up as the job runs it: the server's own function, through its own connection. */
async function rollUp(databaseUrl: string, span: BenchSpan): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  try {
    await rollUpSearchDays(database.db, span.from, span.to);
  } finally {
    await database.close();
  }
}

/** A statement of the server's with its parameters written in, for the raw question run as is. */
function inline(query: SQL): string {
  const { sql: text, params } = new PgDialect({ casing: 'snake_case' }).sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

const SHAPE_ROUND = `(select v.id from masters v join masters p on p.id = v.parent_id
  where p.code = 'SHAPE' and p.parent_id is null and v.name = 'Round')`;
const ONE_CARAT = CARAT_BRACKETS.find((bracket) => bracket.from === 1)?.index ?? 12;
/** Round's master id in the benchmark's database, read once the masters are there (generate). */
let roundId: string | undefined;
const round = () => {
  if (!roundId) throw new Error('the searches part asks its cases after generating');
  return roundId;
};

function cases(span: BenchSpan): ReportBenchCase[] {
  const year = { from: span.year.from, to: span.year.to, page: 1, limit: 50 };
  const ofYear = searchesOfDays(span.year.from, span.year.to);
  const parsed = parsedSearches(searchesOf(ofYear));
  const summary = (by: string) =>
    inline(sql`select value_id, sum(searches), sum(zero_results), sum(results)
      from (${dimensionRows(parsed)}) r where dimension = ${by} group by value_id`);
  const cells = (where: SQL, measure: string) =>
    inline(sql`select color_id, clarity_id, sum(${sql.raw(measure)})
      from (${fourCRows(parsed)}) r where ${where} group by color_id, clarity_id`);
  const roundOneCarat = sql`shape_id in (${round()}::uuid, ${OPEN_ID}::uuid)
    and carat_bracket in (${ONE_CARAT}, 0)`;
  const sold = `select color_id, clarity_id, count(*) from stone_sales
    where day between '${span.year.from}' and '${span.year.to}' and shape_id = '${round()}'
      and carat between 1 and 1.49 group by color_id, clarity_id`;
  return [
    ...(['shape', 'caratBracket', 'color', 'clarity', 'lab'] as const).map((by) => ({
      name: `Search summary, by ${by === 'caratBracket' ? 'carat bracket' : by}`,
      path: 'admin/search/summary',
      body: { ...year, filter: { by } },
      rawSql: summary(by),
    })),
    {
      name: 'Summary, searches by day',
      path: 'apis/diamond/search/report',
      body: year,
      rawSql: inline(sql`select * from (${dayTotalsOf(ofYear)}) t where search_type = 0`),
    },
    {
      name: 'Four-C, Round 1.00–1.49',
      path: 'apis/diamond/fourcsearch/paginate',
      body: { ...year, filter: { shapeId: round(), caratBracket: ONE_CARAT } },
      rawSql: cells(roundOneCarat, 'searches'),
    },
    {
      name: 'Four-C, every shape and bracket',
      path: 'apis/diamond/fourcsearch/paginate',
      body: year,
      rawSql: cells(sql`true`, 'per_both'),
    },
    {
      name: 'Search vs sold, Round 1.00–1.49',
      path: 'apis/diamond/sale/summary',
      body: { ...year, filter: { shapeId: round(), caratBracket: ONE_CARAT } },
      rawSql: `${cells(roundOneCarat, 'searches')};\n${sold}`,
    },
  ];
}

export const searchesPart: ReportBenchPart = { name: 'Searches', generate, rollUp, cases };
