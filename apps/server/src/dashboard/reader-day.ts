import { utcOffsetMinutes } from '@facet/contract';
import type { ReaderDay } from '../modules/server-module.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const pad = (value: number) => String(value).padStart(2, '0');

/** The calendar date `at` falls on in `timeZone`, as UTC midnight of that date. */
function wallDate(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
      .formatToParts(at)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1);
}

/** The instant a date (UTC midnight of it) begins in `timeZone`; the offset is read twice for DST days. */
function midnightIn(date: number, timeZone: string): Date {
  const first = date - utcOffsetMinutes(timeZone, new Date(date)) * 60_000;
  const second = date - utcOffsetMinutes(timeZone, new Date(first)) * 60_000;
  return new Date(second);
}

/** The reader's day `offset` days from the one `now` falls on in `timeZone`. */
export function readerDay(now: Date, timeZone: string, offset: number): ReaderDay {
  const date = wallDate(now, timeZone) + offset * DAY_MS;
  const day = new Date(date);
  return {
    date: `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`,
    from: midnightIn(date, timeZone),
    to: midnightIn(date + DAY_MS, timeZone),
  };
}
