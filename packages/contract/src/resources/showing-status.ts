import type { ResourceRange } from './resource.ts';

/** Where a record shown for a period stands today. */
export type ShowingStatus = 'live' | 'scheduled' | 'expired';

export const SHOWING_STATUS_LABELS: Readonly<Record<ShowingStatus, string>> = {
  live: 'Live',
  scheduled: 'Scheduled',
  expired: 'Expired',
};

/** `YYYY-MM-DD` of `now` where the reader is: a date-only bound is a day of the reader's calendar. */
function localDay(now: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Compares a stored bound with now: a date (`YYYY-MM-DD`) by the day, its whole day included; a
 * datetime by the instant. Below zero: the bound is past.
 */
function compareWithNow(bound: string, now: Date): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(bound)) return bound.localeCompare(localDay(now));
  const instant = Date.parse(bound);
  return Number.isNaN(instant) ? 0 : instant - now.getTime();
}

/**
 * Live between the period's start and end, Scheduled before its start, Expired after its end. An empty
 * start has begun and an empty end never comes, so a record without dates is Live.
 */
export function showingStatusOf(
  record: Readonly<Record<string, unknown>>,
  period: ResourceRange,
  now: Date = new Date(),
): ShowingStatus {
  const from = record[period.from];
  const to = record[period.to];
  if (typeof from === 'string' && from !== '' && compareWithNow(from, now) > 0) return 'scheduled';
  if (typeof to === 'string' && to !== '' && compareWithNow(to, now) < 0) return 'expired';
  return 'live';
}
