import type { PaginateResult, ResourceRecord, ResourceSpec } from '@facet/contract';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { columnOf, selectionOf, toRecord } from './columns.ts';
import { afterCursor, cursorSelection, type ListRequest, orderBy, orderKeysOf, whereOf } from './query.ts';
import { tableFor } from './tables.ts';

/** One page of live rows with the total; filters and sort are checked before any SQL runs. */
export async function paginateRecords(
  db: Db,
  resource: ResourceSpec,
  request: ListRequest & { page: number; limit: number },
): Promise<PaginateResult<ResourceRecord>> {
  const table = tableFor(resource);
  const where = whereOf(resource, request);
  const order = orderBy(orderKeysOf(resource, request.sort));
  const [rows, [total]] = await Promise.all([
    db
      .select(selectionOf(resource))
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(request.limit)
      .offset((request.page - 1) * request.limit),
    db.select({ value: count() }).from(table).where(where),
  ]);
  return { list: rows.map((row) => toRecord(row) as ResourceRecord), count: total?.value ?? 0 };
}

/** A live record, with its reference titles. */
export async function readRecord(
  db: Db,
  resource: ResourceSpec,
  id: string,
): Promise<ResourceRecord | undefined> {
  const table = tableFor(resource);
  const [row] = await db
    .select(selectionOf(resource))
    .from(table)
    .where(and(eq(columnOf(table, 'id'), id), whereOf(resource, {})));
  return row ? (toRecord(row) as ResourceRecord) : undefined;
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
): AsyncGenerator<ResourceRecord[]> {
  const table = tableFor(resource);
  const where = whereOf(resource, request);
  const keys = orderKeysOf(resource, request.sort);
  const cursor = cursorSelection(keys);
  let last: (string | null)[] | undefined;
  for (;;) {
    const rows = await db
      .select({ ...selectionOf(resource), ...cursor })
      .from(table)
      .where(last ? and(where, afterCursor(keys, last)) : where)
      .orderBy(...orderBy(keys))
      .limit(size);
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
