import {
  type DisplayZone,
  EMPTY_VALUE,
  formatCarat,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
} from '../format/display-format.ts';
import type { FieldSpec } from './fields.ts';

/**
 * A field's value as a person reads it, the same on a screen, in a CSV and in a PDF: labels for options,
 * Yes/No for flags, numbers to their field's places (money with its currency, percentages, carats),
 * dates spelled out in the reader's zone, one dash when empty. A reference shows its title, which the
 * caller passes as the value.
 */
export function fieldText(spec: FieldSpec, value: unknown, zone: DisplayZone = {}): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  switch (spec.kind) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'enum':
      return spec.options?.find((option) => option.value === value)?.label ?? String(value);
    case 'textList':
      return Array.isArray(value) ? (value.length ? value.join(', ') : EMPTY_VALUE) : String(value);
    case 'json':
      return JSON.stringify(value);
    case 'integer':
      return formatNumber(value as number, 0);
    case 'decimal':
      return decimalText(spec, value as number);
    case 'date':
      return formatDate(String(value));
    case 'datetime':
      return formatDateTime(String(value), zone);
    default:
      return spec.display === 'code' ? wordsOfCode(String(value)) : String(value);
  }
}

/** `open-stone`, `download_invoice`, `placeOrder` → "Open stone", "Download invoice", "Place order". */
export function wordsOfCode(code: string): string {
  const words = code
    .replace(/[-_.]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A decimal as its field shows it: money with its currency, a percentage, carats, or a plain number. */
export function decimalText(spec: Pick<FieldSpec, 'display' | 'scale'>, value: number | string): string {
  switch (spec.display) {
    case 'money':
      return formatMoney(value, undefined, spec.scale ?? 2);
    case 'percent':
      return formatPercent(value, spec.scale ?? 2);
    case 'carat':
      return formatCarat(value);
    default:
      return formatNumber(value, spec.scale);
  }
}
