/** Dates as the panel shows them: local time, day first, no seconds. */
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

const EMPTY = '-';
const pad = (value: number) => String(value).padStart(2, '0');

/** Spec section 9: month/day/year, 12-hour time with seconds and am/pm; a dash when empty. */
export function formatUsDateTime(iso: string | null | undefined): string {
  if (!iso) return EMPTY;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return EMPTY;
  const hours = date.getHours() % 12 || 12;
  const meridiem = date.getHours() < 12 ? 'am' : 'pm';
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()} ${pad(hours)}:${pad(date.getMinutes())}:${pad(date.getSeconds())} ${meridiem}`;
}

/** A calendar date (`YYYY-MM-DD`) as MM/DD/YYYY, with no time zone shift. */
export function formatUsDate(value: string | null | undefined): string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  return match ? `${match[2]}/${match[3]}/${match[1]}` : EMPTY;
}
