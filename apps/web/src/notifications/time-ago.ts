import { EMPTY, formatDate } from '../platform/lists/format.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Past this, "n days ago" makes the reader count: the date itself is clearer. */
const RELATIVE_DAYS = 7;

/** How long ago, as the bell shows it: minutes, hours, days within a week, then the date. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return EMPTY;
  const elapsed = Math.max(0, now - at);
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = Math.floor(elapsed / DAY);
  if (days >= RELATIVE_DAYS) return formatDate(iso);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
