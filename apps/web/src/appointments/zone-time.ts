import { utcOffsetMinutes } from '@facet/contract';

/**
 * Instants as the wall clock of a place. The calendar draws JavaScript dates in the browser's own zone, so
 * a booking is handed to it as a "floating" date: the browser-local date whose clock reads what the
 * location's clock reads. A drop is read back the same way. No global time zone is set: the rest of the
 * panel keeps the reader's zone.
 */

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** What the clock of `timeZone` reads at `instant`. */
export function wallClockOf(instant: Date | string, timeZone: string): WallClock {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
  };
}

/** Minutes `timeZone` is ahead of UTC at `epoch`. */
const offsetMinutes = (epoch: number, timeZone: string) => utcOffsetMinutes(timeZone, new Date(epoch));

/** The browser-local date whose clock reads what `timeZone`'s clock reads at `instant`. */
export function floatingDate(instant: Date | string, timeZone: string): Date {
  const clock = wallClockOf(instant, timeZone);
  return new Date(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute);
}

/**
 * The instant (ISO, UTC) when `timeZone`'s clock reads what the browser-local `floating` date reads. A clock
 * time skipped by a change to summer time is read as the hour after; a repeated one as its first passing.
 */
export function instantOf(floating: Date, timeZone: string): string {
  const wall = Date.UTC(
    floating.getFullYear(),
    floating.getMonth(),
    floating.getDate(),
    floating.getHours(),
    floating.getMinutes(),
  );
  const first = wall - offsetMinutes(wall, timeZone) * 60_000;
  const second = wall - offsetMinutes(first, timeZone) * 60_000;
  const reads = [first, second].filter((epoch) => epoch + offsetMinutes(epoch, timeZone) * 60_000 === wall);
  return new Date(reads.length > 0 ? Math.min(...reads) : Math.max(first, second)).toISOString();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** `YYYY-MM-DD` of a browser-local date. */
export function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `HH:MM` of a browser-local date. */
export function timeOf(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `14:30` of `instant` on `timeZone`'s clock. */
export function clockTime(instant: Date | string, timeZone: string): string {
  const clock = wallClockOf(instant, timeZone);
  return `${pad(clock.hour)}:${pad(clock.minute)}`;
}

/** The zone as people read it: `Asia/Kolkata` as `Asia/Kolkata (UTC+05:30)`, at `at`. */
export function zoneLabel(timeZone: string, at: Date = new Date()): string {
  const minutes = offsetMinutes(at.getTime(), timeZone);
  const sign = minutes < 0 ? '−' : '+';
  const absolute = Math.abs(minutes);
  const offset = `UTC${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
  return timeZone === 'UTC' ? 'UTC' : `${timeZone.replaceAll('_', ' ')} (${offset})`;
}

/** The browser's own zone. */
export const VIEWER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
