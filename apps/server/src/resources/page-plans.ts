import type { ResourceSpec } from '@facet/contract';
import type { SQL } from 'drizzle-orm';
import { LruCache } from '../access/lru.ts';
import type { Db } from '../db/client.ts';
import { CountCache } from './write-version.ts';

/** Pages remembered per database: the same list asked again (paging back, a refresh, other users). */
const PLANS = 500;
/**
 * Requests longer than this (pasted lists of stock numbers or ids, which are searched, not paged) are
 * built afresh: a plan keeps its request's text and its parameters, and a full cache of the largest
 * bodies the contract allows would hold the better part of a gigabyte.
 */
export const LARGEST_PLANNED_REQUEST = 4096;

/** A query rendered once, run with the parameters it was built with (or a builder, rendered per run). */
export interface Compiled<Row = Record<string, unknown>> {
  execute(): Promise<Row[]>;
}

/** The queries of a page as read.ts builds them (drizzle select builders). */
export interface PageQueries {
  rows: unknown;
  /** The full count with the totals. */
  total: unknown;
  /** The bounded count (bounded-count.ts), on a table that has a bound. */
  bounded: unknown;
}

/** What a count runs (read.ts, countOf): the full count and, on a table with a bound, the bounded one. */
export interface CountStatements {
  total: Compiled;
  bounded: Compiled | undefined;
  /** The count cache's key (write-version.ts): the counting statement's SQL and parameters, hashed. */
  key(): string;
}

export interface Plan {
  rows: Compiled;
  count: CountStatements;
}

const plans = new WeakMap<Db, LruCache<string, Plan>>();

/** A number per scope condition object, for the key: scopeCondition answers one object per scope. */
const withinIds = new WeakMap<SQL, number>();
let nextWithinId = 0;

function withinKey(within: SQL | undefined): number | undefined {
  if (!within) return 0;
  return withinIds.get(within);
}

/** Registers a condition (scope.ts) as one that may key a plan: the same object for the same scope. */
export function keyableCondition(within: SQL): SQL {
  if (!withinIds.has(within)) {
    nextWithinId += 1;
    withinIds.set(within, nextWithinId);
  }
  return within;
}

/**
 * The queries of a page, built and rendered once for the same request: its rows and its count.
 * Rendering a page's select (every column, the reference titles, the picked ids, the sort) and its count
 * (the filter again, the totals, on the stock the bounded count and its sample) is most of the server's
 * own work for a list request, and it depends on nothing but the resource, the request and the scope's
 * condition: the same request makes the same SQL with the same parameters. The queries are kept
 * compiled (unnamed statements: nothing is kept on the database's side), and run again for every
 * request, so the answer is always the database's of now. The key is the whole request, filter
 * included, so two filters never share a count. A request whose scope condition is not a registered
 * one is built afresh.
 */
export function pagePlan(
  db: Db,
  resource: ResourceSpec,
  request: unknown,
  within: SQL | undefined,
  build: () => PageQueries,
): Plan {
  const scope = withinKey(within);
  const text = JSON.stringify(request);
  if (scope === undefined || text.length > LARGEST_PLANNED_REQUEST) return compile(build());
  let byKey = plans.get(db);
  if (!byKey) {
    byKey = new LruCache(PLANS);
    plans.set(db, byKey);
  }
  const key = `${resource.name}\u0000${scope}\u0000${text}`;
  const known = byKey.get(key);
  if (known) return known;
  const plan = compile(build());
  byKey.set(key, plan);
  return plan;
}

/** drizzle's select builder, and the query it compiles to (its SQL rendered once). */
interface Builder {
  _prepare(name?: string): Prepared;
}
interface Prepared extends Compiled {
  getQuery(): { sql: string; params: unknown[] };
}

// drizzle's `prepare(name)` makes a named statement, kept by every connection for good; `_prepare()`
// without a name is what each execution of the builder does itself, done once here.
const prepared = (query: unknown): Prepared => (query as Builder)._prepare();

function compile(queries: PageQueries): Plan {
  const total = prepared(queries.total);
  const bounded = queries.bounded === undefined ? undefined : prepared(queries.bounded);
  // Hashed when first asked for, once per plan: only a write-logged table's count needs it.
  let key: string | undefined;
  return {
    rows: prepared(queries.rows),
    count: { total, bounded, key: () => (key ??= CountCache.keyOf((bounded ?? total).getQuery())) },
  };
}
