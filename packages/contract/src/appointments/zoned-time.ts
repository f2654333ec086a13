/**
 * Wall-clock times of a place and the instants they stand for. Slots are kept as a week day and `HH:MM`
 * in the location's zone; bookings as UTC instants. These convert between the two, across DST changes.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The first and last instants of the years 1 to 9999, the calendar the database holds. */
export const FIRST_INSTANT = utcOf(1, 1, 1, 0);
export const LAST_INSTANT = utcOf(10_000, 1, 1, 0) - 1;

/**
 * Milliseconds of a UTC wall time. `Date.UTC` reads the years 0 to 99 as 1900 to 1999; setting the full
 * year does not.
 */
function utcOf(year: number, month: number, day: number, minutes: number, seconds = 0): number {
  const moment = new Date(0);
  moment.setUTCFullYear(year, month - 1, day);
  moment.setUTCHours(0, minutes, seconds, 0);
  return moment.getTime();
}

/** `2026-05-04` of a UTC instant, the year written with four digits. */
function dayTextOf(instant: number): string {
  const moment = new Date(instant);
  const year = String(moment.getUTCFullYear()).padStart(4, '0');
  const month = String(moment.getUTCMonth() + 1).padStart(2, '0');
  const day = String(moment.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

function dayStart(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return utcOf(year, month, day, 0);
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

const WEEK_DAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

interface Clock {
  year: number;
  month: number;
  day: number;
  minutes: number;
  weekDay: number;
}

function clockOf(instant: number, timeZone: string): Clock {
  const parts = Object.fromEntries(
    partsFormat(timeZone)
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  // The formatter counts years before AD 1 backwards with an era (1 BC is the year 0).
  const year = Number(parts.year);
  return {
    year: parts.era === 'BC' || parts.era === 'B' ? 1 - year : year,
    month: Number(parts.month),
    day: Number(parts.day),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
    weekDay: WEEK_DAYS[parts.weekday ?? ''] ?? 0,
  };
}

/** An instant as the place's clock reads it: its day, minutes since midnight, and ISO week day. */
export function wallClockOf(
  instant: Date,
  timeZone: string,
): { date: string; minutes: number; weekDay: number } {
  const clock = clockOf(instant.getTime(), timeZone);
  return {
    date: dayTextOf(utcOf(clock.year, clock.month, clock.day, 0)),
    minutes: clock.minutes,
    weekDay: clock.weekDay,
  };
}

/** How far the place's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const clock = clockOf(instant, timeZone);
  const seconds = new Date(instant).getUTCSeconds();
  return utcOf(clock.year, clock.month, clock.day, clock.minutes, seconds) - (instant - (instant % 1000));
}

/**
 * The instant at which the place's clock shows `minutes` past midnight of `date` (`2026-05-04`).
 * A time the clock skips (spring forward: 02:30 in New York on 14 March 2027) reads as the first instant
 * after the gap, when the clock jumps (03:00 EDT). A time the clock shows twice (fall back) reads as its
 * first showing, before the clock goes back (01:30 EDT, not 01:30 EST).
 */
export function instantAt(date: string, minutes: number, timeZone: string): Date {
  const wall = dayStart(date) + minutes * MINUTE;
  // Offsets change at most once or twice a year: those a day either side hold every candidate.
  const offsets = [
    ...new Set([offsetAt(wall - DAY, timeZone), offsetAt(wall, timeZone), offsetAt(wall + DAY, timeZone)]),
  ];
  const shown = offsets
    .map((offset) => wall - offset)
    .filter((instant) => instant + offsetAt(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  if (shown[0] !== undefined) return new Date(shown[0]);
  // Skipped: the jump lies between the instant read with the later offset (before it) and the one read
  // with the earlier offset (after it).
  const instants = offsets.map((offset) => wall - offset);
  let before = Math.min(...instants);
  let after = Math.max(...instants);
  const offsetBefore = offsetAt(before, timeZone);
  // Halving an hour or two to the millisecond: some twenty steps, bounded all the same.
  for (let step = 0; step < 64 && after - before > 1; step += 1) {
    const middle = Math.floor((before + after) / 2);
    if (offsetAt(middle, timeZone) === offsetBefore) before = middle;
    else after = middle;
  }
  return new Date(after);
}

/** The ISO week day (1 Monday … 7 Sunday) of a calendar day. */
export function weekDayOf(date: string): number {
  const day = new Date(dayStart(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

/**
 * The calendar day `days` after `date`. Only of the years 1 to 9999: a day outside them is refused
 * (a `RangeError`), as the schemas keep requests to days whose neighbours lie inside.
 */
export function nextDay(date: string, days = 1): string {
  const next = dayStart(date) + days * DAY;
  if (next < FIRST_INSTANT || next > LAST_INSTANT)
    throw new RangeError(`No calendar day ${days} after ${date}`);
  return dayTextOf(next);
}

/** The days from `from` to `to`, stepped by time and at most `limit` of them (a longer span is cut). */
export function daysBetween(from: string, to: string, limit: number): string[] {
  const days: string[] = [];
  const last = Math.min(dayStart(to), LAST_INSTANT);
  for (let day = dayStart(from); day <= last && days.length < limit; day += DAY) days.push(dayTextOf(day));
  return days;
}

/** An instant kept within the calendar's years, for the bounds of a query around a day. */
export function withinCalendar(instant: number): Date {
  return new Date(Math.min(Math.max(instant, FIRST_INSTANT), LAST_INSTANT));
}

/** `HH:MM` of minutes since midnight. */
export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
