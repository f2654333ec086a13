import type { ResourceSpec } from '@facet/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tableFor } from '../db/tables.ts';
import { columnOf, selectionOf } from './columns.ts';
import { whereOf } from './query.ts';

function buildRecordQuery(db: Db, resource: ResourceSpec) {
  const table = tableFor(resource);
  return db
    .select(selectionOf(resource))
    .from(table)
    .where(and(eq(columnOf(table, 'id'), sql.placeholder('id')), whereOf(resource, {})))
    .prepare(`facet_record_${resource.name}`);
}

type RecordQuery = ReturnType<typeof buildRecordQuery>;

const recordQueries = new WeakMap<Db, Map<ResourceSpec, RecordQuery>>();

/**
 * The read of one live record with its reference titles, built once per database and resource and
 * sent as a prepared statement: a get, and every write (which reads its record before and after),
 * would otherwise build the same select of every column and title subquery again, and PostgreSQL
 * parse it again. A transaction's database is its own, so its reads build theirs.
 */
export function recordQuery(db: Db, resource: ResourceSpec): RecordQuery {
  let byResource = recordQueries.get(db);
  if (!byResource) {
    byResource = new Map();
    recordQueries.set(db, byResource);
  }
  let query = byResource.get(resource);
  if (!query) {
    query = buildRecordQuery(db, resource);
    byResource.set(resource, query);
  }
  return query;
}
