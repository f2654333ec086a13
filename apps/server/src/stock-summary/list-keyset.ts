import { isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterCursor, cursorSelection, type OrderKey } from '../resources/query.ts';

/** A column an activity list sorts by, marked `nullable` when an outer join can leave it empty. */
export type SortColumn = PgColumn | { column: PgColumn; nullable: true };

/** A column read through a left join: null where the join finds no row, whatever its table declares. */
export const outerJoined = (column: PgColumn): SortColumn => ({ column, nullable: true });

/** Each key's value as text (`k0`, `k1`...), selected with a batch's rows (cursorSelection). */
export type CursorSelection = Record<`k${number}`, SQL<string | null>>;

function keysOf(sortColumn: SortColumn, direction: 'asc' | 'desc'): OrderKey[] {
  const [column, nullable] =
    'nullable' in sortColumn ? [sortColumn.column, true] : [sortColumn, !sortColumn.notNull];
  const own: OrderKey = { expr: column, direction, cast: column.getSQLType() };
  if (!nullable) return [own];
  // Where PostgreSQL puts nulls by default (last ascending, first descending), so the list keeps its
  // order; the key lets a batch that ends on a null go on past it (afterCursor compares values only).
  return [{ expr: isNull(column), direction, cast: 'boolean' }, own];
}

/**
 * An activity list's order as keys a batch can start after: the asked sort (or the list's default),
 * then `id`, so that the order is total. The list's pages and its export both sort by these.
 */
export function listOrderKeys(
  sort: Record<string, string | undefined> | undefined,
  columns: Record<string, SortColumn>,
  fallback: { column: PgColumn; direction: 'asc' | 'desc' },
  id: PgColumn,
): OrderKey[] {
  const asked = Object.entries(sort ?? {}).flatMap(([key, direction]) => {
    const column = columns[key];
    return direction && column ? keysOf(column, direction.toLowerCase() as 'asc' | 'desc') : [];
  });
  return [
    ...(asked.length > 0 ? asked : keysOf(fallback.column, fallback.direction)),
    { expr: id, direction: 'asc', cast: 'uuid' },
  ];
}

/**
 * Every row of a list in the order of `keys`, `size` at a time, each batch starting after the last row
 * of the one before (keyset) rather than at an offset: a row added or removed meanwhile shifts nothing,
 * so no row is listed twice or skipped, and a late batch does not read and drop every row before it.
 * `read` answers the rows after `after` with `cursor` selected, ordered by `keys`, `size` at most.
 */
export async function* keysetBatches<R>(
  keys: readonly OrderKey[],
  size: number,
  read: (after: SQL | undefined, cursor: CursorSelection) => PromiseLike<R[]>,
): AsyncGenerator<R[]> {
  const cursor = cursorSelection(keys);
  let last: (string | null)[] | undefined;
  for (;;) {
    const rows = await read(last && afterCursor(keys, last), cursor);
    if (rows.length === 0) return;
    const final = rows[rows.length - 1] as Record<string, unknown>;
    last = keys.map((_key, index) => (final[`k${index}`] as string | null) ?? null);
    yield rows;
    if (rows.length < size) return;
  }
}
