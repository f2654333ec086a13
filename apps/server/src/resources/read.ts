import {
  type PaginateResult,
  type RecordOf,
  type ResourceRecord,
  type ResourceSpec,
  totalFields,
} from '@facet/contract';
import { and, count, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tableFor } from '../db/tables.ts';
import {
  type BoundedRow,
  boundedColumns,
  type ColumnFor,
  type CountBound,
  countBoundOf,
  countedOf,
  countFromBounded,
  figuresJson,
  sampleOf,
  type TotalKinds,
} from './bounded-count.ts';
import { columnOf, selectionOf, toRecord } from './columns.ts';
import { type CountStatements, pagePlan } from './page-plans.ts';
import {
  afterCursor,
  cursorSelection,
  type ListRequest,
  type OrderKey,
  orderBy,
  orderKeysOf,
  whereOf,
} from './query.ts';
import { recordQuery } from './record-query.ts';
import {
  CountCache,
  countCacheOf,
  isWriteLogged,
  readWriteVersion,
  writeVersionOf,
} from './write-version.ts';

/** A page of a list: the list request, the page, and the fields its rows carry (default: all). */
export type PageRequest = ListRequest & {
  page: number;
  limit: number;
  columns?: readonly string[] | undefined;
};

/** What a list query picks before its rows are read in full: the ids, in order, of one page. */
interface Pick {
  where: SQL | undefined;
  /** Whether `where` narrows the list by the request (filters, search, scope), beyond live rows. */
  filtered: boolean;
  keys: readonly OrderKey[];
  limit: number;
  offset?: number;
}

/** Whether a list request narrows the rows: any filter value, a search, or the caller's scope. */
export function isFiltered(request: ListRequest, within?: SQL): boolean {
  return (
    within !== undefined ||
    !!request.search ||
    Object.values(request.filter ?? {}).some((value) => value !== undefined)
  );
}

/**
 * The page's ids in order, as the subquery `picked`. A sort by a nullable column puts its nulls last
 * in both directions, `(x is null), x desc`, and no index gives that order (an index on x read
 * backwards gives its nulls first), so over the whole list PostgreSQL would read and sort every row
 * for a page (1.3 s for the stock sorted by amount). Then the rows having a value and those without
 * are picked apart, each in an order an index gives and as far as the page reaches, and the page is
 * cut from the two. Not for a filtered list: walking the sort's index and skipping the rows the filter
 * refuses is a bet on the two being unrelated, which the stock loses (a 1 ct D–H round sorted by
 * price/ct skipped 540,000 cheaper stones: 5 s instead of 35 ms); sorting the matching rows costs
 * what they are, whatever their order.
 */
function pickedIds(db: Db, resource: ResourceSpec, pick: Pick) {
  const table = tableFor(resource);
  const id = columnOf(table, 'id');
  const [first, ...rest] = pick.keys;
  const nullable = pick.filtered ? undefined : first?.nullsOf;
  if (!nullable) {
    return db
      .select({ pickedId: sql<string>`${id}`.as('picked_id') })
      .from(table)
      .where(pick.where)
      .orderBy(...orderBy(pick.keys))
      .limit(pick.limit)
      .offset(pick.offset ?? 0)
      .as('picked');
  }
  const reach = pick.limit + (pick.offset ?? 0);
  const sortValues = Object.fromEntries(
    pick.keys.map((key, index) => [`s${index}`, sql`${key.expr}`.as(`s${index}`)]),
  );
  const part = (where: SQL, keys: readonly OrderKey[]) =>
    db
      .select({ pickedId: sql<string>`${id}`.as('picked_id'), ...sortValues })
      .from(table)
      .where(and(pick.where, where))
      .orderBy(...orderBy(keys))
      .limit(reach);
  // `rest` starts with the column's own key, which the rows without a value do not need.
  const parts = sql`((${part(isNotNull(nullable), rest)}) union all (${part(isNull(nullable), rest.slice(1))})) as parts`;
  return db
    .select({ pickedId: sql<string>`parts.picked_id`.as('picked_id') })
    .from(parts)
    .orderBy(...pick.keys.map((key, index) => sql`${sql.identifier(`s${index}`)} ${sql.raw(key.direction)}`))
    .limit(pick.limit)
    .offset(pick.offset ?? 0)
    .as('picked');
}

/**
 * The rows of a page, with their reference titles, in two steps within one query. The page's ids are
 * picked first, reading only the filtered and sorted columns (an index-only scan when an index holds
 * them), then those rows alone are read in full with their titles. The titles are scalar subqueries,
 * and PostgreSQL evaluates a select list before sorting and skipping: over the whole query they would
 * run for every matching row (or every skipped row of a deep page).
 */
function pageRows(
  db: Db,
  resource: ResourceSpec,
  pick: Pick,
  { columns, extra = {} }: { columns?: readonly string[] | undefined; extra?: Record<string, SQL> } = {},
) {
  const table = tableFor(resource);
  const picked = pickedIds(db, resource, pick);
  return db
    .select({ ...selectionOf(resource, columns), ...extra })
    .from(table)
    .innerJoin(picked, eq(columnOf(table, 'id'), picked.pickedId))
    .orderBy(...orderBy(pick.keys));
}

/**
 * The queries of a page: its rows, and the count with the declared totals (one scan), which on a
 * write-logged table also reads the table's version in the same snapshot. On a table with a count
 * bound (bounded-count.ts), `bounded` is what the page counts with, and `total` is needed only when
 * the bounded count cannot answer (see countOf). Exported so that the stock benchmark runs the very
 * SQL the endpoint runs.
 */
export function paginateQueries(db: Db, resource: ResourceSpec, request: PageRequest, within?: SQL) {
  const table = tableFor(resource);
  const where = whereOf(resource, request, within);
  const keys = orderKeysOf(resource, request.sort);
  const bound = countBoundOf(resource.table);
  return {
    rows: pageRows(
      db,
      resource,
      {
        where,
        filtered: isFiltered(request, within),
        keys,
        limit: request.limit,
        offset: (request.page - 1) * request.limit,
      },
      { columns: request.columns },
    ),
    total: db
      .select({
        value: count(),
        ...totalsSelection(resource),
        ...(isWriteLogged(resource.table) ? { version: writeVersionOf(resource.table) } : {}),
      })
      .from(table)
      .where(where),
    bounded: bound ? boundedCountQuery(db, resource, bound, where) : undefined,
  };
}

/**
 * The count by its bound (bounded-count.ts), in one statement so that the version is of the same
 * snapshot: the filtered rows up to one past the bound, counted with their totals; past it, the figures
 * of a sample when a probe of a few pages finds the set large (read first then), or of the whole set
 * when it finds it small (countedOf).
 */
function boundedCountQuery(db: Db, resource: ResourceSpec, bound: CountBound, where: SQL | undefined) {
  const table = tableFor(resource);
  const read = [...new Set(Object.values(resource.totals ?? {}).flatMap(totalFields))];
  const { fields, columnFor } = boundedColumns(resource, read);
  const rows = db
    .select(fields)
    .from(table)
    .where(where)
    .limit(bound.exactUpTo + 1)
    .as('bounded');
  const sample = sampleOf(resource, bound, where, (columnFor) => totalsSelection(resource, columnFor), read);
  const counted = countedOf(resource, bound, where, {
    bounded: sql`(select ${figuresJson(totalsSelection(resource, columnFor))} from ${rows})`,
    sample,
    full: sql`(select ${figuresJson(totalsSelection(resource))} from ${table} where ${where ?? sql`true`})`,
  });
  return db
    .select({
      ...(isWriteLogged(resource.table) ? { version: writeVersionOf(resource.table) } : {}),
      bounded: sql<unknown>`${counted.bounded}`,
      sample: sql<unknown>`${counted.sample}`,
      full: sql<unknown>`${counted.full}`,
    })
    .from(counted.from);
}

/** What a count runs: the bounded count where the table has one, the full count otherwise. */
type CountQueries = { total: CountStatements['total']; bounded: CountStatements['bounded'] };

/** What `countFromBounded` needs of the declared totals: how each goes from a sample to the set. */
function totalKindsOf(resource: ResourceSpec): { kinds: TotalKinds; scales: Record<string, number> } {
  const kinds: TotalKinds = {};
  const scales: Record<string, number> = {};
  for (const [key, total] of Object.entries(resource.totals ?? {})) {
    kinds[key] = 'count' in total ? 'count' : 'sum' in total ? 'sum' : 'mean';
    if ('sum' in total) scales[key] = resource.fields[total.sum]?.scale ?? 0;
  }
  return { kinds, scales };
}

/**
 * The count and totals of a page, by the bounded count where the table has one: exact up to the bound,
 * past it estimated and flagged (`estimated`), and counted in full only when the sample saw too little
 * of the set to estimate it. Exported for the stock benchmark, which runs what the endpoint runs.
 */
export async function boundedCount(
  resource: ResourceSpec,
  queries: CountQueries,
): Promise<Record<string, unknown>> {
  const bound = countBoundOf(resource.table);
  if (!bound || !queries.bounded) return (await queries.total.execute())[0] ?? { value: 0 };
  const [row] = await queries.bounded.execute();
  const { kinds, scales } = totalKindsOf(resource);
  return (
    (row && countFromBounded(bound, row as unknown as BoundedRow, kinds, scales)) ??
    (await queries.total.execute())[0] ?? { value: 0 }
  );
}

/**
 * The count and totals of a list. They depend on the filter alone, not on the page or the sort, so on
 * a write-logged table they are kept per filter under the table's version and counted again only
 * after a write: paging and sorting a search over half the stock then reads only its page. The
 * version is read from the database on every request and an entry is stored under the version its
 * own count saw, so an answer never counts an older stock than the one the request found. Statements
 * without a bounded count count exactly (an export's totals), under a key of their own.
 */
async function countOf(
  db: Db,
  resource: ResourceSpec,
  statements: CountStatements,
): Promise<Record<string, unknown>> {
  if (!isWriteLogged(resource.table)) return boundedCount(resource, statements);
  const version = await readWriteVersion(db, resource.table);
  return countCacheOf(db).count(statements.key(), version, () => boundedCount(resource, statements));
}

/**
 * One page of live rows with the total; filters and sort are checked before any SQL runs. `within`
 * narrows to the caller's scope (see whereOf). The page and the count run at once, on two
 * connections (the count only when the stock changed since: see countOf).
 */
export async function paginateRecords<R extends ResourceSpec>(
  db: Db,
  resource: R,
  request: PageRequest,
  within?: SQL,
): Promise<PaginateResult<RecordOf<R>>> {
  // Built and rendered once for the same request, rows and count: see page-plans.ts.
  const plan = pagePlan(db, resource, request, within, () => paginateQueries(db, resource, request, within));
  const [rows, counted] = await Promise.all([plan.rows.execute(), countOf(db, resource, plan.count)]);
  // Rows carry what the declaration says (recordSchemaOf checks it in tests), or the asked columns.
  return { list: rows.map((row) => toRecord(row) as RecordOf<R>), ...countAndTotals(resource, counted) };
}

function countAndTotals(resource: ResourceSpec, counted: Record<string, unknown>) {
  const {
    value,
    version: _version,
    estimated,
    ...totals
  } = counted as { value: number; version?: string; estimated?: boolean };
  return {
    count: value,
    ...(resource.totals ? { totals: totals as Record<string, number | null> } : {}),
    ...(estimated ? { estimated: true } : {}),
  };
}

/** The count and the declared totals of a whole list, as a page answers them beside its rows. */
export async function listTotals(
  db: Db,
  resource: ResourceSpec,
  request: ListRequest,
  within?: SQL,
): Promise<{ count: number; totals?: Record<string, number | null> }> {
  // An export reads every row anyway: its count and totals are exact (no bounded count), cached under
  // the full count's key.
  const { total } = paginateQueries(db, resource, { ...request, page: 1, limit: 1 }, within);
  const statements = { total, bounded: undefined, key: () => CountCache.keyOf(total.toSQL()) };
  return countAndTotals(resource, await countOf(db, resource, statements));
}

/**
 * The declared totals as aggregates beside the count, in the same scan: sums rounded to the field's
 * scale (0 over no rows), means and weighted means to two places (null over no values).
 */
function totalsSelection(
  resource: ResourceSpec,
  columnFor: ColumnFor = (key) => sql`${columnOf(tableFor(resource), key)}`,
): Record<string, SQL<number | null>> {
  const number = (expr: SQL) => sql<number | null>`${expr}::float8`.mapWith((value) => Number(value));
  const nullable = (expr: SQL) =>
    sql<number | null>`${expr}::float8`.mapWith((value) => (value === null ? null : Number(value)));
  return Object.fromEntries(
    Object.entries(resource.totals ?? {}).map(([key, total]): [string, SQL<number | null>] => {
      if ('sum' in total) {
        const scale = resource.fields[total.sum]?.scale ?? 0;
        return [
          key,
          number(sql`round(coalesce(sum(${columnFor(total.sum)}), 0), ${sql.raw(String(scale))})`),
        ];
      }
      if ('average' in total) return [key, nullable(sql`round(avg(${columnFor(total.average)}), 2)`)];
      if ('ratio' in total) {
        const of = columnFor(total.ratio);
        const per = columnFor(total.per);
        return [
          key,
          nullable(
            sql`round(sum(${of}) filter (where ${per} is not null) / nullif(sum(${per}) filter (where ${of} is not null), 0), 2)`,
          ),
        ];
      }
      return [key, number(sql`count(*)`)];
    }),
  );
}

/** A live record, with its reference titles, typed by its declaration (RecordOf). */
export async function readRecord<R extends ResourceSpec>(
  db: Db,
  resource: R,
  id: string,
): Promise<RecordOf<R> | undefined> {
  const [row] = await recordQuery(db, resource).execute({ id });
  return row ? (toRecord(row) as RecordOf<R>) : undefined;
}

/**
 * The whole filtered, sorted list in batches, each starting after the last row of the previous one
 * (keyset): every batch is an index-friendly query of `size` rows, so memory stays flat at any length.
 */
export async function* recordBatches(
  db: Db,
  resource: ResourceSpec,
  request: ListRequest,
  size: number,
  within?: SQL,
): AsyncGenerator<ResourceRecord[]> {
  const where = whereOf(resource, request, within);
  const keys = orderKeysOf(resource, request.sort);
  const cursor = cursorSelection(keys);
  let last: (string | null)[] | undefined;
  for (;;) {
    const rows = await pageRows(
      db,
      resource,
      {
        where: last ? and(where, afterCursor(keys, last)) : where,
        // The cursor narrows by the sort's own columns: walking their index is what it wants.
        filtered: isFiltered(request, within),
        keys,
        limit: size,
      },
      { extra: cursor },
    );
    if (rows.length === 0) return;
    const final = rows[rows.length - 1] as Record<string, unknown>;
    last = keys.map((_key, index) => (final[`k${index}`] as string | null) ?? null);
    yield rows.map((row) => {
      const record = toRecord(row);
      for (const name of Object.keys(cursor)) delete record[name];
      return record as ResourceRecord;
    });
    if (rows.length < size) return;
  }
}
