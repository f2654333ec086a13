import { calendarDayOrInstant, inCalendarYears, instantAt, RESOURCE_MESSAGES } from '@facet/contract';
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
function instantOf(text: string, field: string, timeZone: string | undefined): Date {
  if (!calendarMoment.safeParse(text).success) throw fieldError(field, RESOURCE_MESSAGES.invalidDate('date'));
  if (!(timeZone && DAY.test(text))) return new Date(text);
  const start = instantAt(text, 0, timeZone);
  if (!inCalendarYears(start)) throw fieldError(field, RESOURCE_MESSAGES.invalidDate('date'));
  return start;
}

/**
 * Where the day after `day` begins: its midnight on the zone's clock (a day the clocks change is 23 or
 * 25 hours long), or 24 hours on in UTC; none after the last day of 9999.
 */
function nextDayStart(day: string, timeZone: string | undefined): Date | undefined {
  const next = new Date(Date.parse(day) + DAY_MS);
  if (!inCalendarYears(next)) return undefined;
  const start = timeZone ? instantAt(next.toISOString().slice(0, 10), 0, timeZone) : next;
  return inCalendarYears(start) ? start : undefined;
}

/**
 * A `{from, to}` of days or instants over a timestamp column: a day is the whole day on the clock of
 * `timeZone` (UTC when none is given), from its midnight to the next; an instant is itself. A start
 * after the end is refused on `field`, a bound outside the years 1 to 9999 on `field.from` or `field.to`.
 */
export function instantRange(
  column: PgColumn,
  range: { from?: string | undefined; to?: string | undefined },
  field: string,
  timeZone?: string,
): SQL | undefined {
  const from = range.from === undefined ? undefined : instantOf(range.from, `${field}.from`, timeZone);
  const to = range.to === undefined ? undefined : instantOf(range.to, `${field}.to`, timeZone);
  const toDay = range.to !== undefined && DAY.test(range.to);
  // A day ends where the next begins (the last day of 9999 has no next: it bounds nothing); an instant is itself.
  const before = range.to !== undefined && toDay ? nextDayStart(range.to, timeZone) : undefined;
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
