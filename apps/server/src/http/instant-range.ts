import { RESOURCE_MESSAGES } from '@facet/contract';
import { and, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { fieldError } from './envelope.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A `{from, to}` of days or instants over a timestamp column: a day is the whole UTC day (from its
 * start, to its end), an instant is itself. A start after the end is refused on `field`.
 */
export function instantRange(
  column: PgColumn,
  range: { from?: string | undefined; to?: string | undefined },
  field: string,
): SQL | undefined {
  const from = range.from === undefined ? undefined : new Date(range.from);
  const toDay = range.to !== undefined && DAY.test(range.to);
  // A day ends where the next begins; an instant is itself.
  const before = toDay ? new Date(new Date(range.to as string).getTime() + DAY_MS) : undefined;
  const atMost = range.to !== undefined && !toDay ? new Date(range.to) : undefined;
  if (from && ((before && from >= before) || (atMost && from > atMost))) {
    throw fieldError(field, RESOURCE_MESSAGES.rangeOrder);
  }
  return and(
    from ? gte(column, from) : undefined,
    before ? lt(column, before) : undefined,
    atMost ? lte(column, atMost) : undefined,
  );
}
