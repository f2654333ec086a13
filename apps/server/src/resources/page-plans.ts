import type { ResourceSpec } from '@facet/contract';
import type { SQL } from 'drizzle-orm';
import { LruCache } from '../access/lru.ts';
import type { Db } from '../db/client.ts';

/** Pages remembered per database: the same list asked again (paging back, a refresh, other users). */
const PLANS = 500;
/**
 * Requests longer than this (pasted lists of stock numbers or ids, which are searched, not paged) are
 * built afresh: a plan keeps its request's text and its parameters, and a full cache of the largest
 * bodies the contract allows would hold the better part of a gigabyte.
 */
export const LARGEST_PLANNED_REQUEST = 4096;

/** What drizzle's select builder compiles to: its SQL rendered once, executed with its own parameters. */
interface Compiled<Row> {
  execute(): Promise<Row[]>;
}

interface Plan<Q> {
  queries: Q;
  rows: Compiled<Record<string, unknown>>;
}

const plans = new WeakMap<Db, LruCache<string, Plan<unknown>>>();

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
 * The queries of a page, built and its rows' SQL rendered once for the same request. Rendering a page's
 * select (every column, the reference titles, the picked ids, the sort) is most of the server's own
 * work for a list request, and it depends on nothing but the resource, the request and the scope's
 * condition: the same request makes the same SQL with the same parameters. The rows' query is kept
 * compiled (an unnamed statement: nothing is kept on the database's side); the other queries are kept
 * as built. A request whose scope condition is not a registered one is built afresh.
 */
export function pagePlan<Q extends { rows: unknown }>(
  db: Db,
  resource: ResourceSpec,
  request: unknown,
  within: SQL | undefined,
  build: () => Q,
): Plan<Q> {
  const scope = withinKey(within);
  const text = JSON.stringify(request);
  if (scope === undefined || text.length > LARGEST_PLANNED_REQUEST) return compile(build());
  let byKey = plans.get(db);
  if (!byKey) {
    byKey = new LruCache(PLANS);
    plans.set(db, byKey);
  }
  const key = `${resource.name}\u0000${scope}\u0000${text}`;
  const known = byKey.get(key) as Plan<Q> | undefined;
  if (known) return known;
  const plan = compile(build());
  byKey.set(key, plan);
  return plan;
}

function compile<Q extends { rows: unknown }>(queries: Q): Plan<Q> {
  // drizzle's `prepare(name)` makes a named statement, kept by every connection for good; `_prepare()`
  // without a name is what each execution of the builder does itself, done once here.
  const rows = (queries.rows as { _prepare(name?: string): Compiled<Record<string, unknown>> })._prepare();
  return { queries, rows };
}
