import { calendarDayOrInstant, inCalendarYears, RESOURCE_MESSAGES } from '@facet/contract';
import { and, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { fieldError } from './envelope.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
const calendarMoment = calendarDayOrInstant();

/**
 * A day or instant of a filter as an instant; a year the database cannot hold (`0000-01-01`, or one an
 * offset moves there) is refused on `field`.
 */
function instantOf(text: string, field: string): Date {
  if (!calendarMoment.safeParse(text).success) throw fieldError(field, RESOURCE_MESSAGES.invalidDate('date'));
  return new Date(text);
}

/**
 * A `{from, to}` of days or instants over a timestamp column: a day is the whole UTC day (from its
 * start, to its end), an instant is itself. A start after the end is refused on `field`, a bound outside
 * the years 1 to 9999 on `field.from` or `field.to`.
 */
export function instantRange(
  column: PgColumn,
  range: { from?: string | undefined; to?: string | undefined },
  field: string,
): SQL | undefined {
  const from = range.from === undefined ? undefined : instantOf(range.from, `${field}.from`);
  const to = range.to === undefined ? undefined : instantOf(range.to, `${field}.to`);
  const toDay = range.to !== undefined && DAY.test(range.to);
  // A day ends where the next begins (the last day of 9999 has no next: it bounds nothing); an instant is itself.
  const nextDay = to && toDay ? new Date(to.getTime() + DAY_MS) : undefined;
  const before = nextDay && inCalendarYears(nextDay) ? nextDay : undefined;
  const atMost = to && !toDay ? to : undefined;
  if (from && ((before && from >= before) || (atMost && from > atMost))) {
    throw fieldError(field, RESOURCE_MESSAGES.rangeOrder);
  }
  return and(
    from ? gte(column, from) : undefined,
    before ? lt(column, before) : undefined,
    atMost ? lte(column, atMost) : undefined,
  );
}
