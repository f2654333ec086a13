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
 * too little of the set to tell.
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
}

/**
 * The tables counted so, by name. Mutable so that a test can lower the figures to reach the estimate
 * on a small table; nothing else changes them. A request already asked keeps the queries it was built
 * with (page-plans.ts), so a change applies to requests asked after it.
 */
export const COUNT_BOUNDS: Record<string, CountBound> = {
  stones: { exactUpTo: 2000, samplePages: 1000, minimumSampled: 100 },
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

/** The percentage of the table's pages that `samplePages` are; a table of no more pages is read whole. */
function samplePercentOf(table: string, bound: CountBound): SQL {
  return sql`least(100, 100.0 * ${sql.raw(String(bound.samplePages))} / ${pagesNow(table)})::float4`;
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
  const percent = samplePercentOf(resource.table, bound);
  const read = sql.join(
    keys.map((key) => sql`, ${columnOf(table, key)} as ${sql.identifier(`t_${key}`)}`),
    sql``,
  );
  const matches = sql`${sql.identifier('sampled')}.${sql.identifier('m')}`;
  const columnFor: ColumnFor = (key) =>
    sql`case when ${matches} then ${sql.identifier('sampled')}.${sql.identifier(`t_${key}`)} end`;
  const extra = sql`, 'rows', count(*), 'percent', ${percent}, 'tuples', ${rowsNow(resource.table)}`;
  return sql`(select ${figuresJson(totalsFor(columnFor), sql`count(*) filter (where ${matches})`, extra)} from (select (${where ?? sql`true`}) as m${read} from ${table} tablesample system (${percent}) repeatable (0)) sampled)`;
}

/** Whether the bounded count (JSON) found more rows than the bound. */
export function beyond(counted: SQL, bound: CountBound): SQL {
  return sql`(${counted}->>'value')::int > ${sql.raw(String(bound.exactUpTo))}`;
}

/** What the bounded count query answers: the bounded count's figures, and the sample's past the bound. */
export interface BoundedRow {
  version?: string;
  sample: unknown;
  bounded: unknown;
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
  const tuples = Number(drawn.tuples);
  const factor = tuples > 0 ? tuples / Number(drawn.rows) : 100 / percent;
  // Never below what an exact count may answer.
  const value = Math.max(bound.exactUpTo + 1, Math.round(Number(drawn.value) * factor));
  return { ...figuresOf(drawn, kinds, scales, factor, value), value, ...version, estimated: true };
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
