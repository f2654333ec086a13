import {
  CARAT_BRACKETS,
  caratBracketLabel,
  type FourCCell,
  fourCReport,
  type ReportChart,
  type ReportSpec,
  type SearchDayRow,
  type SearchDimension,
  type SearchSoldCell,
  type SearchSummaryRow,
  searchDayReport,
  searchSoldReport,
  searchSummaryReport,
} from '@facet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { BLOCKABLE_STATUSES } from '../stock/stone-availability.ts';
import { type ReportBody, type ReportPage, type ReportSource, reportSortOf } from './report-routes.ts';
import {
  dayTotalsOf,
  dimensionRows,
  EVERY_BRACKET,
  EVERY_ID,
  fourCRows,
  OPEN_ID,
  parsedSearches,
  searchesOf,
  searchesOfDays,
} from './search-rollups.ts';

// The four search reports' figures: the roll-ups for the days rolled up, the searches themselves for
// the others (today, and any day the job has not reached), added together (search-rollups.ts).

interface SearchFilter {
  searchType?: number | number[];
  userId?: string;
}
type SummaryBody = ReportBody & { filter?: SearchFilter & { by?: SearchDimension } };
type DayBody = ReportBody & { filter?: SearchFilter };
type CellBody = ReportBody & { filter?: SearchFilter & { shapeId?: string; caratBracket?: number } };

const ANY = 'Any';
/** What a value of a master no longer found reads as (a master value removed outright). */
const REMOVED = 'Removed value';
const DAY_MS = 86_400_000;

const listOf = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * How a period splits: the roll-ups answer its rolled-up days (`rolled`, null when the filter names a
 * user, whom the roll-ups do not keep), the searches the rest (`live`, null when none is left).
 */
interface Split {
  rolled: boolean;
  live: SQL | null;
}

async function splitOf(db: Db, body: ReportBody & { filter?: SearchFilter }): Promise<Split> {
  const userId = body.filter?.userId;
  const types = listOf(body.filter?.searchType);
  const narrow = (where: SQL) =>
    sql.join(
      [
        where,
        ...(userId ? [sql`s.user_id = ${userId}`] : []),
        ...(types.length
          ? [
              sql`s.search_type in (${sql.join(
                types.map((type) => sql`${type}`),
                sql`, `,
              )})`,
            ]
          : []),
      ],
      sql` and `,
    );
  if (userId) return { rolled: false, live: narrow(searchesOfDays(body.from, body.to)) };
  const done = new Set(
    rowsOf<{ day: string }>(
      await db.execute(
        sql`select day::text as day from search_rollup_days where day between ${body.from} and ${body.to}`,
      ),
    ).map((row) => row.day),
  );
  // The days not rolled up, as runs of consecutive days: one range of the searches' index each.
  const ranges: SQL[] = [];
  let start: string | null = null;
  for (let day = body.from; day <= addDays(body.to, 1); day = addDays(day, 1)) {
    const open = day <= body.to && !done.has(day);
    if (open && start === null) start = day;
    if (!open && start !== null) {
      ranges.push(sql`(${searchesOfDays(start, addDays(day, -1))})`);
      start = null;
    }
  }
  return {
    rolled: done.size > 0,
    live: ranges.length ? narrow(sql`(${sql.join(ranges, sql` or `)})`) : null,
  };
}

/** The roll-up rows' condition of the period and the search types asked. */
function rolledWhere(body: ReportBody & { filter?: SearchFilter }, everyType: boolean): SQL {
  const types = listOf(body.filter?.searchType);
  const type = types.length
    ? sql`search_type in (${sql.join(
        types.map((value) => sql`${value}`),
        sql`, `,
      )})`
    : everyType
      ? sql`search_type = 0`
      : sql`true`;
  return sql`day between ${body.from} and ${body.to} and ${type}`;
}

/** The roll-ups' part and the searches' part of a report, as one set of rows (a period has one at least). */
const both = (rolled: SQL | null, live: SQL | null) =>
  sql.join(
    [rolled, live].filter((part): part is SQL => part !== null),
    sql` union all `,
  );

/** Names of master values by id: current names, so a renamed value reads as it does now. */
async function masterNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id) => id !== OPEN_ID);
  if (wanted.length === 0) return new Map();
  const rows = rowsOf<{ id: string; name: string }>(
    await db.execute(
      sql`select id::text as id, name from masters where id in (${sql.join(
        wanted.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    ),
  );
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The live values of a main master (`COLOR`), in the master's order. */
async function masterValues(db: Db, code: string): Promise<{ id: string; name: string }[]> {
  return rowsOf<{ id: string; name: string }>(
    await db.execute(sql`select v.id::text as id, v.name from masters v
      join masters m on m.id = v.parent_id and m.parent_id is null and m.code = ${code}
      where v.deleted_at is null and m.deleted_at is null
      order by v.sequence, v.name`),
  );
}

const num = (value: unknown) => Number(value ?? 0);
const mean = (sum: number, searches: number) => (searches ? Math.round((sum / searches) * 10) / 10 : null);

/**
 * Rows by one key, nulls last; ties by `tie` (the value's name, the day, the cell's place), so that a
 * page and the next never share or skip a row.
 */
function sortRows<R>(
  rows: R[],
  key: string,
  direction: 'asc' | 'desc',
  tie: (row: R) => string | number,
  rankOf?: (row: R) => number,
): R[] {
  const sign = direction === 'asc' ? 1 : -1;
  const keyOf = (row: R) => (rankOf ? rankOf(row) : (row as Record<string, unknown>)[key]);
  return [...rows].sort((a, b) => {
    const [x, y] = [keyOf(a), keyOf(b)];
    if (x === y) return tie(a) === tie(b) ? 0 : tie(a) < tie(b) ? -1 : 1;
    if (x === null || x === undefined) return 1;
    if (y === null || y === undefined) return -1;
    return (x < y ? -1 : 1) * sign;
  });
}

function pageOfRows<R>(rows: R[], body: ReportBody): R[] {
  return rows.slice((body.page - 1) * body.limit, body.page * body.limit);
}

/** A report whose rows are few (a value, a day or a cell each): all of them built, then sorted and paged. */
function sourceOf<B extends ReportBody, R>(
  rowsFor: (body: B) => Promise<R[]>,
  chartFor: (rows: R[], body: B) => ReportChart,
  totalsFor?: (rows: R[]) => Record<string, number | null>,
): ReportSource<B, R> {
  // The page and the chart of one request read the same rows: built once for its body.
  const built = new WeakMap<B, Promise<R[]>>();
  const rowsOnce = (body: B) => {
    let rows = built.get(body);
    if (!rows) {
      rows = rowsFor(body);
      built.set(body, rows);
    }
    return rows;
  };
  return {
    async page(body): Promise<ReportPage<R>> {
      const rows = await rowsOnce(body);
      return {
        list: pageOfRows(rows, body),
        count: rows.length,
        ...(totalsFor ? { totals: totalsFor(rows) } : {}),
      };
    },
    async chart(body) {
      return chartFor(await rowsOnce(body), body);
    },
    async *batches(body) {
      yield await rowsOnce(body);
    },
  };
}

// --- Search summary ------------------------------------------------------------------------------------

async function summaryRows(db: Db, body: SummaryBody): Promise<SearchSummaryRow[]> {
  const dimension = body.filter?.by ?? 'shape';
  const split = await splitOf(db, body);
  const rolled = split.rolled
    ? sql`select value_id, searches, zero_result_searches, results_sum from search_dimension_days
        where dimension = ${dimension} and ${rolledWhere(body, false)}`
    : null;
  const live = split.live
    ? sql`select value_id, searches, zero_results, results
        from (${dimensionRows(parsedSearches(searchesOf(split.live)))}) r where dimension = ${dimension}`
    : null;
  const found = rowsOf<{ value_id: string | null; searches: string; zero: string; results: string }>(
    await db.execute(sql`select value_id, sum(searches) as searches, sum(zero) as zero, sum(results) as results
      from (${both(rolled, live)}) as t(value_id, searches, zero, results)
      group by value_id`),
  );
  const names =
    dimension === 'caratBracket'
      ? new Map(CARAT_BRACKETS.map((bracket) => [String(bracket.index), caratBracketLabel(bracket)]))
      : await masterNames(
          db,
          found.flatMap((row) => (row.value_id ? [row.value_id] : [])),
        );
  const rows = found.map((row) => ({
    valueId: row.value_id,
    value: row.value_id === null ? ANY : (names.get(row.value_id) ?? REMOVED),
    searches: num(row.searches),
    zeroResultSearches: num(row.zero),
    averageResults: mean(num(row.results), num(row.searches)),
  }));
  const sort = reportSortOf(searchSummaryReport, body.sort);
  return sortRows(rows, sort.key, sort.direction, (row) => row.value);
}

export function searchSummarySource(db: Db): ReportSource<SummaryBody, SearchSummaryRow> {
  return sourceOf(
    (body) => summaryRows(db, body),
    (rows) => ({
      kind: 'bar',
      labels: rows.map((row) => row.value),
      series: [
        { key: 'searches', label: 'Searches', values: rows.map((row) => row.searches) },
        {
          key: 'zeroResultSearches',
          label: 'Found nothing',
          values: rows.map((row) => row.zeroResultSearches),
        },
      ],
    }),
  );
}

// --- Summary: searches by day ----------------------------------------------------------------------------

async function dayRows(db: Db, body: DayBody): Promise<SearchDayRow[]> {
  const split = await splitOf(db, body);
  const rolled = split.rolled
    ? sql`select day::text, searches, searchers, zero_result_searches, results_sum from search_day_totals
        where ${rolledWhere(body, true)}`
    : null;
  // The searches' part counted as the roll-up counts it: the same rows, read the same way.
  const live = split.live
    ? sql`select day::text, searches, searchers, zero_result_searches, results_sum
        from (${dayTotalsOf(split.live)}) t where ${rolledWhere(body, true)}`
    : null;
  // Several search types asked: their rolled-up searchers are added, a person who used two counted twice.
  const found = rowsOf<{ day: string; searches: string; searchers: string; zero: string; results: string }>(
    await db.execute(sql`select day, sum(searches) as searches, sum(searchers) as searchers, sum(zero) as zero,
        sum(results) as results
      from (${both(rolled, live)}) as t(day, searches, searchers, zero, results)
      group by day`),
  );
  const byDay = new Map(found.map((row) => [row.day, row]));
  // Every day of the period, those without a search too: the chart shows the quiet days.
  const rows: SearchDayRow[] = [];
  for (let day = body.from; day <= body.to; day = addDays(day, 1)) {
    const row = byDay.get(day);
    rows.push({
      day,
      searches: num(row?.searches),
      searchers: num(row?.searchers),
      zeroResultSearches: num(row?.zero),
      averageResults: mean(num(row?.results), num(row?.searches)),
    });
  }
  const sort = reportSortOf(searchDayReport, body.sort);
  return sortRows(rows, sort.key, sort.direction, (row) => row.day);
}

export function searchDaySource(db: Db): ReportSource<DayBody, SearchDayRow> {
  return sourceOf(
    (body) => dayRows(db, body),
    (rows) => {
      const inOrder = [...rows].sort((a, b) => (a.day < b.day ? -1 : 1));
      return {
        kind: 'line',
        labels: inOrder.map((row) => row.day),
        series: [
          { key: 'searches', label: 'Searches', values: inOrder.map((row) => row.searches) },
          {
            key: 'zeroResultSearches',
            label: 'Found nothing',
            values: inOrder.map((row) => row.zeroResultSearches),
          },
        ],
      };
    },
    (rows) => ({
      searches: rows.reduce((sum, row) => sum + row.searches, 0),
      zeroResultSearches: rows.reduce((sum, row) => sum + row.zeroResultSearches, 0),
    }),
  );
}

// --- Four-C and Search vs Sold ------------------------------------------------------------------------------

/** The carat bounds of a bracket, for the stones and the sales (which keep the carat). */
function bracketBounds(index: number | undefined) {
  return CARAT_BRACKETS.find((bracket) => bracket.index === index);
}

/**
 * The searches of each colour and clarity cell of the shape and bracket asked (or every one): a search
 * leaving the colour or the clarity open counts in every colour or clarity. Over every shape or bracket
 * a search counts by its shares, once however many it named: the roll-up holds those sums in rows of
 * their own (EVERY_ID, EVERY_BRACKET), the searches' part sums the shares of their cells.
 */
async function cellSearches(db: Db, body: CellBody): Promise<(colorId: string, clarityId: string) => number> {
  const { shapeId, caratBracket } = body.filter ?? {};
  const measure = shapeId
    ? caratBracket
      ? 'searches'
      : 'per_bracket'
    : caratBracket
      ? 'per_shape'
      : 'per_both';
  const cellWhere = sql.join(
    [
      shapeId ? sql`shape_id in (${shapeId}::uuid, ${OPEN_ID}::uuid)` : sql`true`,
      caratBracket ? sql`carat_bracket in (${caratBracket}, 0)` : sql`true`,
    ],
    sql` and `,
  );
  // The roll-up keeps the cells over every shape and every bracket apart, each search by its share.
  const rolledCellWhere = sql.join(
    [
      shapeId ? sql`shape_id in (${shapeId}::uuid, ${OPEN_ID}::uuid)` : sql`shape_id = ${EVERY_ID}::uuid`,
      caratBracket ? sql`carat_bracket in (${caratBracket}, 0)` : sql`carat_bracket = ${EVERY_BRACKET}`,
    ],
    sql` and `,
  );
  const split = await splitOf(db, body);
  const rolled = split.rolled
    ? sql`select color_id, clarity_id, ${sql.raw(measure)} from four_c_search_days
        where ${rolledCellWhere} and ${rolledWhere(body, false)}`
    : null;
  const live = split.live
    ? sql`select color_id, clarity_id, ${sql.raw(measure)}
        from (${fourCRows(parsedSearches(searchesOf(split.live)))}) r where ${cellWhere}`
    : null;
  const found = rowsOf<{ color_id: string; clarity_id: string; searches: string }>(
    await db.execute(sql`select color_id::text as color_id, clarity_id::text as clarity_id, sum(n) as searches
      from (${both(rolled, live)}) as t(color_id, clarity_id, n)
      group by color_id, clarity_id`),
  );
  const counts = new Map(found.map((row) => [`${row.color_id}|${row.clarity_id}`, num(row.searches)]));
  const at = (colorId: string, clarityId: string) => counts.get(`${colorId}|${clarityId}`) ?? 0;
  return (colorId, clarityId) =>
    Math.round(at(colorId, clarityId) + at(OPEN_ID, clarityId) + at(colorId, OPEN_ID) + at(OPEN_ID, OPEN_ID));
}

/** The stones' condition of the shape and bracket asked, on a table with the stone's grades and carat. */
function stoneCellWhere(body: CellBody): SQL {
  const { shapeId, caratBracket } = body.filter ?? {};
  const bracket = bracketBounds(caratBracket);
  return sql.join(
    [
      shapeId ? sql`shape_id = ${shapeId}::uuid` : sql`true`,
      bracket ? sql`carat between ${bracket.from} and ${bracket.to}` : sql`true`,
    ],
    sql` and `,
  );
}

type CellCounts = Map<string, number>;

async function countsBy(db: Db, query: SQL): Promise<CellCounts> {
  const rows = rowsOf<{ color_id: string; clarity_id: string; n: string }>(await db.execute(query));
  return new Map(rows.map((row) => [`${row.color_id}|${row.clarity_id}`, num(row.n)]));
}

/** Stones in stock now for each cell: on offer to the trade (BLOCKABLE_STATUSES), shown, not removed. */
function stonesInStock(db: Db, body: CellBody): Promise<CellCounts> {
  const statuses = [...BLOCKABLE_STATUSES].map((status) => sql`${status}`);
  return countsBy(
    db,
    sql`select color_id::text as color_id, clarity_id::text as clarity_id, count(*) as n from stones
      where deleted_at is null and is_active and status in (${sql.join(statuses, sql`, `)})
        and color_id is not null and clarity_id is not null and ${stoneCellWhere(body)}
      group by color_id, clarity_id`,
  );
}

/** Stones sold in the period for each cell (stone_sales: left the stock, or an offer accepted). */
function stonesSold(db: Db, body: CellBody): Promise<CellCounts> {
  return countsBy(
    db,
    sql`select color_id::text as color_id, clarity_id::text as clarity_id, count(*) as n from stone_sales
      where day between ${body.from} and ${body.to} and color_id is not null and clarity_id is not null
        and ${stoneCellWhere(body)}
      group by color_id, clarity_id`,
  );
}

interface Cell {
  colorId: string;
  color: string;
  colorRank: number;
  clarityId: string;
  clarity: string;
  clarityRank: number;
  searches: number;
}

/** Every colour by clarity cell with its searches, in the masters' order. */
async function cellsOf(db: Db, body: CellBody): Promise<Cell[]> {
  const [searchesAt, colors, clarities] = await Promise.all([
    cellSearches(db, body),
    masterValues(db, 'COLOR'),
    masterValues(db, 'CLARITY'),
  ]);
  return colors.flatMap((color, colorRank) =>
    clarities.map((clarity, clarityRank) => ({
      colorId: color.id,
      color: color.name,
      colorRank,
      clarityId: clarity.id,
      clarity: clarity.name,
      clarityRank,
      searches: searchesAt(color.id, clarity.id),
    })),
  );
}

const rankOf =
  (key: string) =>
  (cell: Cell): number =>
    key === 'color' ? cell.colorRank * 1000 + cell.clarityRank : cell.clarityRank * 1000 + cell.colorRank;

/** A chart by colour, in the master's order: each bar adds the colour's cells. */
function colourChart<R extends { colorId: string; color: string }>(
  rows: R[],
  series: { key: keyof R & string; label: string }[],
): ReportChart {
  const colours = new Map<string, { name: string; sums: number[] }>();
  const ordered = [...rows].sort(
    (a, b) => num((a as unknown as Cell).colorRank) - num((b as unknown as Cell).colorRank),
  );
  for (const row of ordered) {
    const entry = colours.get(row.colorId) ?? { name: row.color, sums: series.map(() => 0) };
    series.forEach((one, index) => {
      entry.sums[index] = (entry.sums[index] ?? 0) + num(row[one.key]);
    });
    colours.set(row.colorId, entry);
  }
  const entries = [...colours.values()];
  return {
    kind: 'bar',
    labels: entries.map((entry) => entry.name),
    series: series.map((one, index) => ({
      key: one.key,
      label: one.label,
      values: entries.map((entry) => entry.sums[index] ?? 0),
    })),
  };
}

const withoutRanks = <R extends Cell>({ colorRank: _c, clarityRank: _k, ...row }: R) => row;

/** A matrix's cells in the asked order: by colour then clarity, or the other way, or by a figure. */
function sortedCells<R extends Cell>(
  rows: R[],
  spec: Pick<ReportSpec, 'sortKeys' | 'defaultSort'>,
  body: CellBody,
) {
  const sort = reportSortOf(spec, body.sort);
  return sortRows(
    rows,
    sort.key,
    sort.direction,
    rankOf('color'),
    sort.key === 'color' || sort.key === 'clarity' ? rankOf(sort.key) : undefined,
  );
}

/** A colour by clarity report: its cells charted by colour (in the master's order), answered without their ranks. */
function matrixSourceOf<R extends Cell>(
  rowsFor: (body: CellBody) => Promise<R[]>,
  series: { key: keyof R & string; label: string }[],
): ReportSource<CellBody, Omit<R, 'colorRank' | 'clarityRank'>> {
  const ranked = sourceOf(rowsFor, (rows) => colourChart(rows, series));
  return {
    async page(body) {
      const page = await ranked.page(body);
      return { ...page, list: page.list.map(withoutRanks) };
    },
    chart: (body) => ranked.chart(body),
    async *batches(body) {
      for await (const batch of ranked.batches(body)) yield batch.map(withoutRanks);
    },
  };
}

async function fourCRowsOf(db: Db, body: CellBody): Promise<(FourCCell & Cell)[]> {
  const [cells, stones] = await Promise.all([cellsOf(db, body), stonesInStock(db, body)]);
  const rows = cells
    .map((cell) => ({ ...cell, stones: stones.get(`${cell.colorId}|${cell.clarityId}`) ?? 0 }))
    // A cell nobody searched and with no stone says nothing: the matrix shows it empty.
    .filter((cell) => cell.searches > 0 || cell.stones > 0);
  return sortedCells(rows, fourCReport, body);
}

async function searchSoldRowsOf(db: Db, body: CellBody): Promise<(SearchSoldCell & Cell)[]> {
  const [cells, sold] = await Promise.all([cellsOf(db, body), stonesSold(db, body)]);
  const rows = cells
    .map((cell) => {
      const soldHere = sold.get(`${cell.colorId}|${cell.clarityId}`) ?? 0;
      return {
        ...cell,
        sold: soldHere,
        // Sold per hundred searches.
        conversion: cell.searches ? Math.round((soldHere / cell.searches) * 10_000) / 100 : null,
      };
    })
    .filter((cell) => cell.searches > 0 || cell.sold > 0);
  return sortedCells(rows, searchSoldReport, body);
}

export function fourCSource(db: Db): ReportSource<CellBody, FourCCell> {
  return matrixSourceOf<FourCCell & Cell>(
    (body) => fourCRowsOf(db, body),
    [
      { key: 'searches', label: 'Searches' },
      { key: 'stones', label: 'Stones in stock' },
    ],
  );
}

export function searchSoldSource(db: Db): ReportSource<CellBody, SearchSoldCell> {
  return matrixSourceOf<SearchSoldCell & Cell>(
    (body) => searchSoldRowsOf(db, body),
    [
      { key: 'searches', label: 'Searches' },
      { key: 'sold', label: 'Sold' },
    ],
  );
}
