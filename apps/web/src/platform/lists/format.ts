import {
  EMPTY_VALUE,
  type FieldSpec,
  fieldText as fieldTextIn,
  formatCarat,
  formatDate as formatDateIn,
  formatDateTime as formatDateTimeIn,
  formatMoney,
  formatNumber,
  formatPercent,
} from '@facet/contract';

/** The panel shows every date in the browser's own time zone, in the one format of the contract. */
const zone = { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone };

/** The time zone exports name, so a file reads the same dates as the screen it came from. */
export const READER_TIME_ZONE = zone.timeZone;

export const EMPTY = EMPTY_VALUE;

/** `25 Nov 2026 15:43`; a dash when empty. */
export function formatDateTime(value: string | null | undefined): string {
  return formatDateTimeIn(value, zone);
}

/** `25 Nov 2026`: a date-only field as it is, a timestamp as its day in the reader's zone; a dash when empty. */
export function formatDate(value: string | null | undefined): string {
  return formatDateIn(value, zone);
}

/** A field's value as text, as exports write it (money, percentages, carats, dates in the reader's zone). */
export function fieldText(spec: FieldSpec, value: unknown): string {
  return fieldTextIn(spec, value, zone);
}

/**
 * What the date inputs show (dayjs formats, the look of formatDate and formatDateTime), then what else
 * they accept typed: the ISO form. Never a numeric day and month, which read differently by country.
 */
export const DATE_INPUT_FORMATS = ['D MMM YYYY', 'YYYY-MM-DD'];
export const DATE_TIME_INPUT_FORMATS = ['D MMM YYYY HH:mm', 'YYYY-MM-DD HH:mm'];

export { formatCarat, formatMoney, formatNumber, formatPercent };
