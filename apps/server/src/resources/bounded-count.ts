import type { ResourceSpec } from '@facet/contract';
import { type SQL, sql } from 'drizzle-orm';
import { tableFor } from '../db/tables.ts';
import { columnOf } from './columns.ts';

/**
 * How a table's lists are counted when the filtered set is large. Counting half a million stones reads
 * half a million index entries or rows (250–450 ms of SQL on the benchmark's million), which a trader
 * opening the stock after any write would wait for; "about 550,000 stones" serves them as well. So a
 * count stops at `exactUpTo + 1` rows: a set within the bound is exact, with exact totals. Past it, the
 * count and the totals are scaled from a sample of the table's pages (`samplePages`: about 13,000
 * stones, the same pages every time) and flagged as estimates, or counted in full when the sample saw
 * too little of the set to tell. A set that a probe of a few pages already shows to be large is
 * sampled first, and when the sample alone shows it many times past the bound, not counted to it: a
 * filter no index narrows (proportion ranges) reads rows until it has `exactUpTo + 1` matches, which
 * for a set of 2 % of the stock is a hundred thousand rows.
 */
export interface CountBound {
  /** Sets of up to this many rows are counted exactly, with exact totals. */
  exactUpTo: number;
  /** Pages of the table read for an estimate; a table of no more pages is read whole, so counted exactly. */
  samplePages: number;
  /**
   * Matching rows the sample must hold for its estimate to be used: a set the sample barely sees (a
   * few thousand stones, or stones stored side by side that the sample's pages missed) is counted
   * exactly instead.
   */
  minimumSampled: number;
  /**
   * Pages read first (a subset of the sample's: the same seed), to tell whether the set is large
   * enough to be sampled before it is counted to the bound. Only the order depends on it: a set the
   * probe misjudges is answered as it would be otherwise, at the cost of one of the two reads.
   */
  probePages: number;
  /** Matching rows in the probe from which the sample is read first. */
  probeLarge: number;
  /**
   * How many times the bound the sample's estimate must reach for the sample alone to answer. A set of
   * at most `exactUpTo` rows reaches it only if the sample holds that many times its share of the set
   * (about 16 of 2 pages expected, with the set's stones stored side by side): it is counted to the
   * bound, and so answered exactly.
   */
  sureBeyond: number;
  /**
   * Distinct pages of the sample that must hold matching rows before the sample alone answers. A set
   * within the bound stored side by side (one upload, one arrival date) fills a few pages; a sample that
   * happens to take them would scale them far past the bound, but it cannot take so many of them.
   */
  surePages: number;
}

/**
 * The tables counted so, by name. Mutable so that a test can lower the figures to reach the estimate
 * on a small table; nothing else changes them. A request already asked keeps the queries it was built
 * with (page-plans.ts), so a change applies to requests asked after it.
 */
export const COUNT_BOUNDS: Record<string, CountBound> = {
  stones: {
    exactUpTo: 2000,
    samplePages: 1000,
    minimumSampled: 100,
    probePages: 80,
    probeLarge: 8,
    sureBeyond: 8,
    surePages: 16,
  },
};

export function countBoundOf(table: string): CountBound | undefined {
  return COUNT_BOUNDS[table];
}

/** A column the count reads, by field key: the table's own, or the bounded subquery's. */
export type ColumnFor = (key: string) => SQL;

/**
 * The fields of the bounded subquery, one per field the totals read, so that the outer aggregates read
 * them by name (`bounded.t_<key>`), and its reference as the totals' ColumnFor.
 */
export function boundedColumns(resource: ResourceSpec, keys: readonly string[]) {
  const table = tableFor(resource);
  const fields: Record<string, SQL.Aliased> = { one: sql`1`.as('one') };
  for (const key of keys) fields[`t_${key}`] = sql`${columnOf(table, key)}`.as(`t_${key}`);
  const columnFor: ColumnFor = (key) => sql`${sql.identifier('bounded')}.${sql.identifier(`t_${key}`)}`;
  return { fields, columnFor };
}

/** The count and the totals as one JSON value: `{value, <total>: ...}`. */
export function figuresJson(totals: Record<string, SQL>, value: SQL = sql`count(*)`, extra?: SQL): SQL {
  const figures = sql.join(
    Object.entries(totals).map(([key, total]) => sql`, ${key}::text, ${total}`),
    sql``,
  );
  return sql`json_build_object('value', ${value}${figures}${extra ?? sql``})`;
}

/**
 * The table's pages as its file has them now, not as VACUUM or ANALYZE last counted them: a table grown
 * since (PGlite runs no autovacuum; an upload adds 100,000 stones at once) would otherwise be sampled
 * too widely and scaled too little.
 */
function pagesNow(table: string): SQL {
  return sql`greatest(pg_relation_size(${sql.raw(`'${table}'`)}::regclass) / current_setting('block_size')::int, 1)`;
}

/** The percentage of the table's pages that `pages` are; a table of no more pages is read whole. */
function percentOfPages(table: string, pages: number): SQL {
  return sql`least(100, 100.0 * ${sql.raw(String(pages))} / ${pagesNow(table)})::float4`;
}

/**
 * The table's rows now, as the planner reckons them: the density of the last count (rows per page)
 * times the pages now. Null for a table never analysed; the sample is then scaled by the pages read.
 */
function rowsNow(table: string): SQL {
  return sql`(select case when relpages > 0 and reltuples > 0 then reltuples / relpages * ${pagesNow(table)} end from pg_class where oid = ${sql.raw(`'${table}'`)}::regclass)`;
}

/**
 * The sample's figures as one JSON value: the matching rows and the totals over them, the rows read
 * and the table's rows as the planner last counted them (countFromBounded scales by the two: the
 * share of the sample that matches, rather than the share of pages read, which varies by a few per
 * cent from sample to sample), and the percentage of pages read. `REPEATABLE` reads the same pages
 * every time, so that they stay in the buffer cache and the same stock answers the same estimate.
 */
export function sampleOf(
  resource: ResourceSpec,
  bound: CountBound,
  where: SQL | undefined,
  totalsFor: (columnFor: ColumnFor) => Record<string, SQL>,
  keys: readonly string[],
): SQL {
  const table = tableFor(resource);
  const percent = percentOfPages(resource.table, bound.samplePages);
  const read = sql.join(
    keys.map((key) => sql`, ${columnOf(table, key)} as ${sql.identifier(`t_${key}`)}`),
    sql``,
  );
  const matches = sql`${sql.identifier('sampled')}.${sql.identifier('m')}`;
  const columnFor: ColumnFor = (key) =>
    sql`case when ${matches} then ${sql.identifier('sampled')}.${sql.identifier(`t_${key}`)} end`;
  const page = sql`(${sql.identifier('sampled')}.${sql.identifier('c')}::text::point)[0]`;
  const extra = sql`, 'rows', count(*), 'percent', ${percent}, 'tuples', ${rowsNow(resource.table)}, 'pages', count(distinct ${page}) filter (where ${matches})`;
  return sql`(select ${figuresJson(totalsFor(columnFor), sql`count(*) filter (where ${matches})`, extra)} from (select (${where ?? sql`true`}) as m, ctid as c${read} from ${table} tablesample system (${percent}) repeatable (0)) sampled)`;
}

/**
 * The rows matching `where` in the probe's pages (`probePages`, drawn with the sample's seed, so among
 * its pages and in the buffer cache alike).
 */
function probeOf(resource: ResourceSpec, bound: CountBound, where: SQL | undefined): SQL {
  const percent = percentOfPages(resource.table, bound.probePages);
  return sql`(select count(*) from ${tableFor(resource)} tablesample system (${percent}) repeatable (0) where ${where ?? sql`true`})`;
}

/**
 * Whether the sample (JSON) answers alone: the whole table, or an estimate at least `sureBeyond` times
 * the bound from at least `minimumSampled` matching rows on at least `surePages` pages. The estimate is
 * scaled by the smaller of the two factors countFromBounded may use: the rows' density comes from the
 * last ANALYZE and grows stale as rows are rewritten (dead rows swell the pages), the pages read do not.
 */
function sureOf(sample: SQL, bound: CountBound): SQL {
  const field = (name: string) => sql`(${sample}->>${sql.raw(`'${name}'`)})::float8`;
  const byPages = sql`100 / ${field('percent')}`;
  const factor = sql`least(coalesce(${field('tuples')} / nullif(${field('rows')}, 0), ${byPages}), ${byPages})`;
  const enough = sql`${field('value')} >= ${sql.raw(String(bound.minimumSampled))} and ${field('pages')} >= ${sql.raw(String(bound.surePages))}`;
  return sql`coalesce(${field('percent')} >= 100 or (${enough} and ${field('value')} * ${factor} >= ${sql.raw(String(bound.exactUpTo * bound.sureBeyond))}), false)`;
}

/** The statements countedOf puts together, each a scalar subquery answering figures as JSON. */
export interface CountParts {
  /** The filtered rows up to `exactUpTo + 1`, counted with their totals. */
  bounded: SQL;
  /** The sample's figures (sampleOf). */
  sample: SQL;
  /** The whole filtered set counted with its totals. */
  full: SQL;
}

/**
 * The figures of a bounded count as one subquery `counted`, and what the answer reads of it, each part
 * run only when needed (an uncorrelated subquery in a `case` runs only when its branch is taken):
 * - the probe finds the set large: the sample first, then the count to the bound only if the sample
 *   does not answer alone (`sureBeyond`), and past the bound the sample answers, or when it saw too
 *   little, the full count that countFromBounded leaves to the caller;
 * - the probe finds it small: the count to the bound, and past it the full count at once, in the same
 *   statement. The sample would see about as few of such a set as the probe (the probe's pages are
 *   among its pages, an eighth of them at the stock's figures), too few to estimate from, and be read for
 *   nothing: the search box's four digits matched 2,172 stones, about 30 of them in the sample.
 */
export function countedOf(
  resource: ResourceSpec,
  bound: CountBound,
  where: SQL | undefined,
  parts: CountParts,
): { from: SQL; bounded: SQL; sample: SQL; full: SQL } {
  const column = (from: string, name: string) => sql`${sql.identifier(from)}.${sql.identifier(name)}`;
  const large = sql`${probeOf(resource, bound, where)} >= ${sql.raw(String(bound.probeLarge))}`;
  const probed = sql`(select ${large} as large offset 0) probed`;
  const first = sql`(select ${column('probed', 'large')} as large, case when ${column('probed', 'large')} then ${parts.sample} end as sample from ${probed} offset 0) first`;
  // `offset 0` keeps each level whole: pulled up, a subquery would run once per reference to it.
  const from = sql`(select ${column('first', 'large')} as large, ${column('first', 'sample')} as sample, case when not ${sureOf(column('first', 'sample'), bound)} then ${parts.bounded} end as bounded from ${first} offset 0) counted`;
  const bounded = column('counted', 'bounded');
  return {
    from,
    bounded,
    sample: column('counted', 'sample'),
    full: sql`case when not ${column('counted', 'large')} and ${beyond(bounded, bound)} then ${parts.full} end`,
  };
}

/** Whether the bounded count (JSON) found more rows than the bound. */
export function beyond(counted: SQL, bound: CountBound): SQL {
  return sql`(${counted}->>'value')::int > ${sql.raw(String(bound.exactUpTo))}`;
}

/**
 * What the bounded count query answers: the bounded count's figures (none when the sample answered
 * alone), the sample's when it was read, and the full count's when it was run.
 */
export interface BoundedRow {
  version?: string;
  sample: unknown;
  bounded: unknown;
  /** The whole set's figures, counted at once when the probe found the set small. */
  full?: unknown;
}

/** How each total goes from the sample to the whole set: a count is the set's, sums scale, means stay. */
export type TotalKinds = Record<string, 'count' | 'sum' | 'mean'>;

type Figures = { value: number } & Record<string, number | null>;

const parsed = (json: unknown) =>
  (typeof json === 'string' ? JSON.parse(json) : json) as Figures | null | undefined;

/**
 * The count and totals from a bounded count's row: exact when the set is within the bound (or the sample
 * read the whole table), an estimate flagged as such when the sample saw enough of a larger set, and
 * undefined when only an exact count of the whole set will do.
 */
export function countFromBounded(
  bound: CountBound,
  row: BoundedRow,
  kinds: TotalKinds,
  scales: Record<string, number>,
): Record<string, unknown> | undefined {
  const version = row.version === undefined ? {} : { version: row.version };
  const counted = parsed(row.bounded);
  if (counted && Number(counted.value) <= bound.exactUpTo) {
    const value = Number(counted.value);
    return { ...figuresOf(counted, kinds, scales, 1, value), value, ...version };
  }
  const full = parsed(row.full);
  if (full) {
    const value = Number(full.value);
    return { ...figuresOf(full, kinds, scales, 1, value), value, ...version };
  }
  const drawn = parsed(row.sample) as
    | (Figures & { percent: number; rows: number; tuples: number })
    | null
    | undefined;
  if (!drawn) return undefined;
  const percent = Number(drawn.percent);
  if (percent >= 100) {
    // The sample was the whole table: its figures are exact.
    const value = Number(drawn.value);
    return { ...figuresOf(drawn, kinds, scales, 1, value), value, ...version };
  }
  if (Number(drawn.value) < bound.minimumSampled || !(Number(drawn.rows) > 0)) return undefined;
  const factor = scaleOf(Number(drawn.tuples), Number(drawn.rows), percent);
  // Never below what an exact count may answer.
  const value = Math.max(bound.exactUpTo + 1, Math.round(Number(drawn.value) * factor));
  return { ...figuresOf(drawn, kinds, scales, factor, value), value, ...version, estimated: true };
}

/**
 * A sample that read more than this share fewer rows than the table's density foretells was drawn from
 * pages the density no longer describes: rows rewritten since the last ANALYZE left dead rows behind
 * (PGlite runs no autovacuum), which swell the pages, not the rows. With a thousand pages read the rows
 * drawn vary by a few per cent only.
 */
const STALE_DENSITY = 1.25;

/**
 * What the sample's figures are multiplied by: the table's rows over the rows drawn, steadier than the
 * share of pages read (the pages a `SYSTEM` sample takes vary), unless the density behind the table's
 * rows is stale, or the table was never analysed; then the pages read.
 */
function scaleOf(tuples: number, rows: number, percent: number): number {
  const byPages = 100 / percent;
  const byRows = tuples > 0 ? tuples / rows : Number.NaN;
  return byRows > 0 && byRows <= byPages * STALE_DENSITY ? byRows : byPages;
}

/** The totals of a count (factor 1) or a sample (scaled by `factor`, sums to whole units). */
function figuresOf(
  drawn: Record<string, number | null>,
  kinds: TotalKinds,
  scales: Record<string, number>,
  factor: number,
  count: number,
): Record<string, number | null> {
  return Object.fromEntries(
    Object.entries(kinds).map(([key, kind]) => {
      if (kind === 'count') return [key, count];
      const value = drawn[key];
      if (value === null || value === undefined) return [key, kind === 'sum' ? 0 : null];
      const number = Number(value);
      if (kind === 'mean') return [key, round(number, 2)];
      return [key, factor === 1 ? round(number, scales[key] ?? 0) : Math.round(number * factor)];
    }),
  );
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
