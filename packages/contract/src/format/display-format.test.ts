import { describe, expect, it } from 'vitest';
import {
  EMPTY_VALUE,
  formatCarat,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  isKnownTimeZone,
} from './display-format.ts';

describe('dates', () => {
  it('spells the month so that day and month cannot be swapped', () => {
    expect(formatDate('2026-11-25')).toBe('25 Nov 2026');
    expect(formatDate('2026-01-05')).toBe('5 Jan 2026');
    expect(formatDateTime('2026-11-25T15:43:09Z', { timeZone: 'UTC' })).toBe('25 Nov 2026 15:43');
  });

  it('shows a moment in the reader’s time zone, midnight as 00:00', () => {
    const moment = '2026-11-25T23:30:00Z';
    expect(formatDateTime(moment, { timeZone: 'UTC' })).toBe('25 Nov 2026 23:30');
    expect(formatDateTime(moment, { timeZone: 'Asia/Kolkata' })).toBe('26 Nov 2026 05:00');
    expect(formatDateTime(moment, { timeZone: 'America/New_York' })).toBe('25 Nov 2026 18:30');
    expect(formatDate(moment, { timeZone: 'Asia/Kolkata' })).toBe('26 Nov 2026');
    expect(formatDateTime('2026-06-01T22:00:00Z', { timeZone: 'Europe/Brussels' })).toBe('2 Jun 2026 00:00');
  });

  it('never shifts a date-only field, and shows it without a time', () => {
    expect(formatDate('2026-11-25', { timeZone: 'America/Los_Angeles' })).toBe('25 Nov 2026');
    expect(formatDateTime('2026-11-25', { timeZone: 'Pacific/Auckland' })).toBe('25 Nov 2026');
  });

  it('takes Date objects', () => {
    expect(formatDateTime(new Date('2026-03-09T08:05:00Z'), { timeZone: 'UTC' })).toBe('9 Mar 2026 08:05');
  });

  it('writes one dash for an empty or unreadable date', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value)).toBe(EMPTY_VALUE);
      expect(formatDateTime(value)).toBe(EMPTY_VALUE);
    }
    expect(EMPTY_VALUE).toBe('—');
  });

  it('knows the IANA zones and refuses made-up ones', () => {
    expect(isKnownTimeZone('Europe/Brussels')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
    // Any spelling the runtime knows is taken, as written.
    expect(isKnownTimeZone('europe/BRUSSELS')).toBe(true);
  });
});

describe('numbers', () => {
  it('groups thousands and fixes the places asked for', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234.5, 2)).toBe('1,234.50');
    expect(formatNumber('42', 0)).toBe('42');
    expect(formatNumber(0, 2)).toBe('0.00');
  });

  it('writes money with its currency code first', () => {
    expect(formatMoney(12500)).toBe('USD 12,500.00');
    expect(formatMoney('999.5', 'EUR')).toBe('EUR 999.50');
    expect(formatMoney(-3.456)).toBe('USD -3.46');
  });

  it('writes percentages and carat weights as the trade reads them', () => {
    expect(formatPercent(-32.5)).toBe('-32.50%');
    expect(formatCarat(1.5)).toBe('1.50');
    expect(formatCarat(0.305)).toBe('0.305');
    expect(formatCarat(1234)).toBe('1,234.00');
  });

  it('writes one dash for an empty or non-numeric value', () => {
    for (const value of [null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatNumber(value)).toBe(EMPTY_VALUE);
      expect(formatMoney(value)).toBe(EMPTY_VALUE);
      expect(formatPercent(value)).toBe(EMPTY_VALUE);
      expect(formatCarat(value)).toBe(EMPTY_VALUE);
    }
  });
});
