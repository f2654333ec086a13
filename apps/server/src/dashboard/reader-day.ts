import { instantAt, wallClockOf } from '@facet/contract';
import type { ReaderDay } from '../modules/server-module.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day `offset` days after `date` (`2026-11-28`), by the calendar. */
const dayAfter = (date: string, offset: number) =>
  new Date(Date.parse(date) + offset * DAY_MS).toISOString().slice(0, 10);

/**
 * The reader's day `offset` days from the one `now` falls on in `timeZone`, from its midnight on the
 * reader's clock to the next: the instants a list given the same day and zone reads (instant-range.ts).
 */
export function readerDay(now: Date, timeZone: string, offset: number): ReaderDay {
  const date = dayAfter(wallClockOf(now, timeZone).date, offset);
  return {
    date,
    from: instantAt(date, 0, timeZone),
    to: instantAt(dayAfter(date, 1), 0, timeZone),
  };
}
