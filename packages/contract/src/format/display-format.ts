/**
 * The one way the panel writes dates, money and numbers, on screens, in exports and in PDFs.
 * Dates spell the month (`25 Nov 2026`, `25 Nov 2026 15:43`), so no reader can take the day for the month;
 * times are the reader's own time zone. Every empty value is one dash.
 */
export const EMPTY_VALUE = '—';

/** Where a reader is: the browser's time zone on screen, the one the export request names in files. */
export interface DisplayZone {
  timeZone?: string;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const PARTS_FORMATS_KEPT = 64;
const partsFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = partsFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    });
    // A zone may be spelt many ways ('europe/brussels'): the cache holds a few, not every one sent.
    if (partsFormats.size >= PARTS_FORMATS_KEPT) partsFormats.clear();
    partsFormats.set(key, format);
  }
  return format;
}

/** Whether the runtime knows the zone (an unknown one falls back to the runtime's own). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function wallClock(date: Date, zone: DisplayZone) {
  const parts = Object.fromEntries(
    partsFormat(zone.timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return {
    day: Number(parts.day),
    month: Number(parts.month),
    year: parts.year ?? '',
    time: `${parts.hour}:${parts.minute}`,
  };
}

/**
 * A calendar date: `25 Nov 2026`. A date-only value (`2026-11-25`) is shown as it is, never shifted by a
 * time zone; a timestamp shows the day it is in the reader's zone.
 */
export function formatDate(value: string | Date | null | undefined, zone: DisplayZone = {}): string {
  if (typeof value === 'string') {
    const match = CALENDAR_DATE.exec(value);
    if (match) return `${Number(match[3])} ${MONTHS[Number(match[2]) - 1]} ${match[1]}`;
  }
  const date = toDate(value);
  if (!date) return EMPTY_VALUE;
  const clock = wallClock(date, zone);
  return `${clock.day} ${MONTHS[clock.month - 1]} ${clock.year}`;
}

/** A moment: `25 Nov 2026 15:43`, in the reader's zone. A date-only value shows without a time. */
export function formatDateTime(value: string | Date | null | undefined, zone: DisplayZone = {}): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return formatDate(value);
  const date = toDate(value);
  if (!date) return EMPTY_VALUE;
  const clock = wallClock(date, zone);
  return `${clock.day} ${MONTHS[clock.month - 1]} ${clock.year} ${clock.time}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', options);
    numberFormats.set(key, format);
  }
  return format;
}

function toNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}

/** A number with thousands separators; `places` fixes the decimals (carats 2, prices 2, counts 0). */
export function formatNumber(value: number | string | null | undefined, places?: number): string {
  const number = toNumber(value);
  if (number === null) return EMPTY_VALUE;
  if (places === undefined) return numberFormat('n', { maximumFractionDigits: 3 }).format(number);
  return numberFormat(`n${places}`, { minimumFractionDigits: places, maximumFractionDigits: places }).format(
    number,
  );
}

/**
 * A carat weight: two decimals as the trade writes them, a third when the stone was weighed to it
 * (`1.50`, `0.305`).
 */
export function formatCarat(value: number | string | null | undefined): string {
  const number = toNumber(value);
  if (number === null) return EMPTY_VALUE;
  return numberFormat('ct', { minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(number);
}

/** Money with its currency: `US$12,500.00` reads ambiguous, so the code leads: `USD 12,500.00`. */
export function formatMoney(value: number | string | null | undefined, currency = 'USD', places = 2): string {
  const number = toNumber(value);
  if (number === null) return EMPTY_VALUE;
  return `${currency} ${formatNumber(number, places)}`;
}

/** A percentage such as a discount: `-32.50%`. */
export function formatPercent(value: number | string | null | undefined, places = 2): string {
  const number = toNumber(value);
  return number === null ? EMPTY_VALUE : `${formatNumber(number, places)}%`;
}
