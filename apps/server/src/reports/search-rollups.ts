import { CARAT_BRACKETS } from '@facet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql-rows.ts';

/**
 * The search reports' daily roll-ups of `stone_searches`, built by set-based statements a UTC day range
 * at a time, and the same attribution read straight from the searches for the days not rolled up yet:
 * the reports add the two, so a search counts in them the moment it is recorded, and a rolled-up day
 * reads a few rows instead of its searches.
 *
 * Attribution of a search (its recorded `filter`): a shape, colour, clarity or lab it names is one of
 * the master value ids under `shapeId`, `colorId`, `clarityId`, `labId` (one id or a list); its carat
 * brackets are those its `carat` range overlaps (CARAT_BRACKETS). A dimension it names nothing in (or
 * only a carat range outside every bracket) is open.
 */

/** The Four-C roll-up's "open" marker: the shape, colour or clarity left open (bracket 0 likewise). */
export const OPEN_ID = '00000000-0000-0000-0000-000000000000';

/**
 * A search naming more values than this in a dimension counts as open in it in the Four-C matrix (the
 * search summary still counts each value): most searches name one shape, a bracket or two, and a few
 * colours and clarities, and a wide one is a search of nearly everything. So one search explodes into
 * at most 3 × 4 × 6 × 6 cell rows, and a typical one into a dozen or so.
 */
export const FOUR_C_LIMITS = { shapes: 3, brackets: 4, colors: 6, clarities: 6 } as const;

/** The search summary's dimensions: the filter key each reads (brackets come from `carat`). */
export const DIMENSION_KEYS = {
  shape: 'shapeId',
  color: 'colorId',
  clarity: 'clarityId',
  lab: 'labId',
} as const;

/**
 * A uuid as recorded (validated bodies hold nothing else, but a bad row must not stop a roll-up): hex and
 * hyphens, 36 long, hyphens in their places. Cheaper than one pattern with counted groups, which cost
 * the roll-up most of its time.
 */
const isUuid = (v: string) =>
  `(${v} ~ '^[-0-9a-fA-F]+$' and length(${v}) = 36 and substr(${v}, 9, 1) = '-' and substr(${v}, 14, 1) = '-'
    and substr(${v}, 19, 1) = '-' and substr(${v}, 24, 1) = '-')`;

/**
 * The values a filter key names as a JSON list (one id made a list of one), null when it names none.
 * Parsing stays free of subqueries (a subquery a search cost the roll-up most of its time); values that
 * are no uuid are dropped where the lists are unnested.
 */
function idsOf(key: string): SQL {
  const value = `x.f -> '${key}'`;
  return sql.raw(`case jsonb_typeof(${value}) when 'array' then nullif(${value}, '[]'::jsonb)
    when 'string' then jsonb_build_array(${value}) end`);
}

function caratEnd(end: 'from' | 'to'): string {
  // Recorded bodies are validated ones, whose carats are numbers.
  return `case when jsonb_typeof(f -> 'carat' -> '${end}') = 'number' then (f -> 'carat' ->> '${end}')::numeric end`;
}

/** The first bracket a range from `x.carat_from` reaches, and the last one up to `x.carat_to` (brackets are in order). */
const FIRST_BRACKET = `case when x.carat_from is null then ${CARAT_BRACKETS[0].index} ${CARAT_BRACKETS.map(
  (bracket) => `when x.carat_from <= ${bracket.to} then ${bracket.index}`,
).join(' ')} else ${CARAT_BRACKETS.length + 1} end`;
const LAST_BRACKET = `case when x.carat_to is null then ${CARAT_BRACKETS.length} ${[...CARAT_BRACKETS]
  .reverse()
  .map((bracket) => `when x.carat_to >= ${bracket.from} then ${bracket.index}`)
  .join(' ')} else 0 end`;
/** No bracket when the search gives no carat, or its range falls between or past the brackets. */
const NO_BRACKET = `(x.carat_from is null and x.carat_to is null) or (${LAST_BRACKET}) < (${FIRST_BRACKET})`;

/** The UTC day of an instant, as the reports count. */
const dayOf = (column: SQL) => sql`(${column} at time zone 'UTC')::date`;

/**
 * Every search the condition picks (on `s`, `stone_searches`), one row each weighing one search: the
 * reports' live part reads these.
 */
export function searchesOf(where: SQL): SQL {
  return sql`select ${dayOf(sql`s.created_at`)} as day, s.search_type, coalesce(s.body -> 'filter', '{}'::jsonb) as f,
      1 as searches, (s.result_count = 0)::int as zero_results, s.result_count::bigint as results
    from stone_searches s where ${where}`;
}

/**
 * The same searches, one row per day, search type and criteria, weighing the searches that share them:
 * the roll-ups read these, since people repeat their searches and a criteria's parsing and cells are
 * then worked out once for all its searches rather than once a search.
 */
export function criteriaOf(where: SQL): SQL {
  return sql`select day, search_type, f, count(*)::int as searches, sum(zero_results)::int as zero_results,
      sum(results)::bigint as results
    from (${searchesOf(where)}) w group by day, search_type, f`;
}

/**
 * Rows of searchesOf or criteriaOf with what their criteria name (JSON lists of ids, and the first and
 * last carat bracket): the rows the roll-ups and the reports' live part both aggregate, so that the two
 * cannot count apart.
 */
export function parsedSearches(weighed: SQL): SQL {
  return sql`select w.day, w.search_type, w.searches, w.zero_results, w.results,
      ${idsOf(DIMENSION_KEYS.shape)} as shapes, ${idsOf(DIMENSION_KEYS.color)} as colors,
      ${idsOf(DIMENSION_KEYS.clarity)} as clarities, ${idsOf(DIMENSION_KEYS.lab)} as labs,
      ${sql.raw(`case when ${NO_BRACKET} then null else ${FIRST_BRACKET} end`)} as bracket_first,
      ${sql.raw(`case when ${NO_BRACKET} then null else ${LAST_BRACKET} end`)} as bracket_last
    from (${weighed}) w
    cross join lateral (select f, ${sql.raw(caratEnd('from'))} as carat_from, ${sql.raw(caratEnd('to'))} as carat_to
      from (select w.f as f offset 0) f0 offset 0) x`;
}

/** One dimension's values of a search: each id it names, or one null where it names none. */
function valuesOf(dimension: string, list: string): string {
  return `select '${dimension}' as dimension, v as value_id
    from jsonb_array_elements_text(coalesce(${list}, '[null]'::jsonb)) v where v is null or ${isUuid('v')}`;
}

/** Each search once per value it names in each dimension (null where it names none), with its weights. */
export function dimensionRows(parsed: SQL): SQL {
  return sql`select p.day, p.search_type, p.searches, p.zero_results, p.results, d.dimension, d.value_id
    from (${parsed} offset 0) p
    cross join lateral (
      ${sql.raw(valuesOf('shape', 'p.shapes'))}
      union all ${sql.raw(valuesOf('color', 'p.colors'))}
      union all ${sql.raw(valuesOf('clarity', 'p.clarities'))}
      union all ${sql.raw(valuesOf('lab', 'p.labs'))}
      union all select 'caratBracket', case when p.bracket_first is null then null else g::text end
        from generate_series(coalesce(p.bracket_first, 0), coalesce(p.bracket_last, 0)) g
    ) d`;
}

/** A dimension's list for the matrix: the open marker where it names none or more than `limit`. */
function capped(list: string, limit: number): string {
  return `case when ${list} is null or jsonb_array_length(${list}) > ${limit} then '["${OPEN_ID}"]'::jsonb else ${list} end`;
}

/**
 * Each search once per Four-C cell it would find stones in, with its shares (FOUR_C_LIMITS; see the
 * table `four_c_search_days`).
 */
export function fourCRows(parsed: SQL): SQL {
  const wide = `p.bracket_first is null or p.bracket_last - p.bracket_first + 1 > ${FOUR_C_LIMITS.brackets}`;
  return sql`select p.day, p.search_type, sh.v::uuid as shape_id, br.g::smallint as carat_bracket,
      co.v::uuid as color_id, cl.v::uuid as clarity_id, p.searches, p.searches * 1.0 / c.ns as per_shape,
      p.searches * 1.0 / c.nb as per_bracket, p.searches * 1.0 / (c.ns * c.nb) as per_both
    from (${parsed} offset 0) p
    cross join lateral (select
      ${sql.raw(capped('p.shapes', FOUR_C_LIMITS.shapes))} as shapes,
      ${sql.raw(capped('p.colors', FOUR_C_LIMITS.colors))} as colors,
      ${sql.raw(capped('p.clarities', FOUR_C_LIMITS.clarities))} as clarities,
      ${sql.raw(`case when ${wide} then 0 else p.bracket_first end`)} as bf,
      ${sql.raw(`case when ${wide} then 0 else p.bracket_last end`)} as bl offset 0) c0
    cross join lateral (select c0.*, jsonb_array_length(c0.shapes) as ns, c0.bl - c0.bf + 1 as nb offset 0) c
    cross join lateral jsonb_array_elements_text(c.shapes) sh(v)
    cross join lateral generate_series(c.bf, c.bl) br(g)
    cross join lateral jsonb_array_elements_text(c.colors) co(v)
    cross join lateral jsonb_array_elements_text(c.clarities) cl(v)
    where ${sql.raw(`${isUuid('sh.v')} and ${isUuid('co.v')} and ${isUuid('cl.v')}`)}`;
}

/** The searches of whole UTC days, `from` and `to` both included (`YYYY-MM-DD`). */
export function searchesOfDays(from: string, to: string): SQL {
  return sql`s.created_at >= ${`${from}T00:00:00Z`}::timestamptz
    and s.created_at < (${to}::date + 1)::timestamp at time zone 'UTC'`;
}

/**
 * The Four-C roll-up's "every" marker: rows under it hold a day's cells over every shape (`shapeId`) or
 * every carat bracket (`caratBracket` -1), each search by its share, so that a matrix over every shape
 * or bracket reads a few hundred rows a day rather than all of the day's cells.
 */
export const EVERY_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';
export const EVERY_BRACKET = -1;

/** Each search of the condition once per day and search type, and once per day over every type (`search_type` 0). */
export function dayTotalsOf(where: SQL): SQL {
  return sql`select ${dayOf(sql`s.created_at`)} as day, coalesce(s.search_type, 0) as search_type,
      count(*) as searches, count(distinct s.user_id) as searchers,
      count(*) filter (where s.result_count = 0) as zero_result_searches, coalesce(sum(s.result_count), 0) as results_sum
    from stone_searches s where ${where}
    group by grouping sets ((${dayOf(sql`s.created_at`)}, s.search_type), (${dayOf(sql`s.created_at`)}))`;
}

/** Rebuilds the roll-ups of the days, in the caller's transaction. */
async function rebuildDays(tx: Db, from: string, to: string): Promise<void> {
  // Each criteria of a day parsed once, for the two roll-ups that read what searches name.
  await tx.execute(sql`create temp table search_rollup_parsed on commit drop as
    ${parsedSearches(criteriaOf(searchesOfDays(from, to)))}`);
  await tx.execute(sql`analyze search_rollup_parsed`);
  // A month of cells is grouped in memory rather than sorted on disk (this transaction only).
  await tx.execute(sql`set local work_mem = '128MB'`);
  const parsed = sql`select * from search_rollup_parsed`;
  await tx.execute(sql`delete from search_dimension_days where day between ${from} and ${to}`);
  await tx.execute(sql`delete from search_day_totals where day between ${from} and ${to}`);
  await tx.execute(sql`delete from four_c_search_days where day between ${from} and ${to}`);
  await tx.execute(sql`insert into search_dimension_days
      (day, dimension, search_type, value_id, searches, zero_result_searches, results_sum)
    select day, dimension, search_type, value_id, sum(searches), sum(zero_results), sum(results)
    from (${dimensionRows(parsed)}) r
    group by day, dimension, search_type, value_id`);
  await tx.execute(sql`insert into search_day_totals
      (day, search_type, searches, searchers, zero_result_searches, results_sum)
    ${dayTotalsOf(searchesOfDays(from, to))}`);
  await tx.execute(sql`insert into four_c_search_days (day, search_type, shape_id, carat_bracket, color_id,
      clarity_id, searches, per_shape, per_bracket, per_both)
    select day, search_type, shape_id, carat_bracket, color_id, clarity_id, sum(searches), sum(per_shape),
      sum(per_bracket), sum(per_both)
    from (${fourCRows(parsed)}) r
    group by day, search_type, shape_id, carat_bracket, color_id, clarity_id`);
  // The cells over every shape and bracket, from the day's cells just written (far fewer than their rows).
  await tx.execute(sql`insert into four_c_search_days (day, search_type, shape_id, carat_bracket, color_id,
      clarity_id, searches, per_shape, per_bracket, per_both)
    select day, search_type,
      case when grouping(shape_id) = 1 then ${EVERY_ID}::uuid else shape_id end,
      case when grouping(carat_bracket) = 1 then ${EVERY_BRACKET} else carat_bracket end,
      color_id, clarity_id, sum(searches), sum(per_shape), sum(per_bracket), sum(per_both)
    from four_c_search_days
    where day between ${from} and ${to}
    group by day, search_type, color_id, clarity_id, grouping sets ((shape_id), (carat_bracket), ())`);
  await tx.execute(sql`insert into search_rollup_days (day, rolled_at)
    select d::date, now() from generate_series(${from}::date, ${to}::date, interval '1 day') d
    on conflict (day) do update set rolled_at = excluded.rolled_at`);
}

/** Days a roll-up statement covers at most: a month of searches per transaction. */
const CHUNK_DAYS = 31;
/** Serialises roll-ups of the same days (delete then insert) across instances. */
const ROLLUP_LOCK = 7_263_931;

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Rolls up the UTC days from `fromDay` to `toDay` (both included): each day's roll-up rows are deleted
 * and built again from its searches, so a second run changes nothing. A month per transaction.
 */
export async function rollUpSearchDays(db: Db, fromDay: string, toDay: string): Promise<void> {
  for (let start = fromDay; start <= toDay; start = addDays(start, CHUNK_DAYS)) {
    const end = addDays(start, CHUNK_DAYS - 1) < toDay ? addDays(start, CHUNK_DAYS - 1) : toDay;
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ROLLUP_LOCK})`);
      await rebuildDays(tx as unknown as Db, start, end);
    });
  }
}

/** Minutes after a UTC day ends before it is rolled up: searches are written a moment after they run. */
const SETTLE_MINUTES = 15;

/**
 * The background job: rolls up the closed UTC days after the last one rolled up (from the first search
 * on a fresh install), a month at most a run. One instance works; the others find the lock taken and
 * skip. Returns the days rolled up.
 */
export async function rollUpClosedDays(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ taken: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as taken`),
    );
    if (!lock?.taken) return 0;
    const [due] = rowsOf<{ first: string | null; closed: string }>(
      await tx.execute(sql`select
        coalesce((select (max(day) + 1)::text from search_rollup_days),
          (select ${dayOf(sql`min(created_at)`)}::text from stone_searches)) as first,
        (((now() - make_interval(mins => ${SETTLE_MINUTES})) at time zone 'UTC')::date - 1)::text as closed`),
    );
    if (!due?.first) return 0;
    const closed = due.closed;
    if (due.first > closed) return 0;
    const last = addDays(due.first, CHUNK_DAYS - 1) < closed ? addDays(due.first, CHUNK_DAYS - 1) : closed;
    await rebuildDays(tx as unknown as Db, due.first, last);
    return Math.round((Date.parse(last) - Date.parse(due.first)) / 86_400_000) + 1;
  });
}
