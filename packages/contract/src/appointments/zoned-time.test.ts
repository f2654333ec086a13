import { describe, expect, it } from 'vitest';
import { daysBetween, instantAt, nextDay, wallClockOf, weekDayOf, withinCalendar } from './zoned-time.ts';

const iso = (date: string, minutes: number, zone: string) => instantAt(date, minutes, zone).toISOString();

describe('zoned time', () => {
  it('reads a skipped time as the first instant after the gap, in every zone', () => {
    // New York jumps from 02:00 EST to 03:00 EDT at 07:00 UTC.
    expect(iso('2027-03-14', 120, 'America/New_York')).toBe('2027-03-14T07:00:00.000Z');
    expect(iso('2027-03-14', 150, 'America/New_York')).toBe('2027-03-14T07:00:00.000Z');
    // Santiago skips midnight: 00:00 -04 becomes 01:00 -03 at 04:00 UTC.
    expect(iso('2026-09-06', 0, 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
    // Brussels jumps from 02:00 CET to 03:00 CEST at 01:00 UTC.
    expect(iso('2027-03-28', 120, 'Europe/Brussels')).toBe('2027-03-28T01:00:00.000Z');
    expect(wallClockOf(new Date(iso('2027-03-14', 120, 'America/New_York')), 'America/New_York')).toEqual({
      date: '2027-03-14',
      minutes: 180,
      weekDay: 7,
    });
  });

  it('reads a time shown twice as its first showing, before the clock goes back', () => {
    expect(iso('2027-11-07', 90, 'America/New_York')).toBe('2027-11-07T05:30:00.000Z');
    expect(iso('2027-10-31', 150, 'Europe/Brussels')).toBe('2027-10-31T00:30:00.000Z');
  });

  it('keeps ordinary times and their offsets', () => {
    expect(iso('2026-05-04', 630, 'Asia/Kolkata')).toBe('2026-05-04T05:00:00.000Z');
    expect(iso('2027-03-14', 60, 'America/New_York')).toBe('2027-03-14T06:00:00.000Z');
    expect(iso('2027-03-14', 180, 'America/New_York')).toBe('2027-03-14T07:00:00.000Z');
  });

  it('reads the years 0 to 99 as themselves, not as 1900 and after', () => {
    expect(iso('0050-06-01', 0, 'UTC')).toBe('0050-06-01T00:00:00.000Z');
    expect(wallClockOf(new Date('0050-06-01T12:00:00Z'), 'UTC').date).toBe('0050-06-01');
    expect(nextDay('0099-12-31')).toBe('0100-01-01');
    expect(weekDayOf('0050-06-01')).toBe(new Date('0050-06-01T00:00:00Z').getUTCDay() || 7);
  });

  it('steps days by time, within the years 1 to 9999 and a limit', () => {
    expect(daysBetween('9999-12-29', '9999-12-31', 100)).toEqual(['9999-12-29', '9999-12-30', '9999-12-31']);
    expect(daysBetween('2026-01-01', '2026-12-31', 3)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
    expect(daysBetween('2026-01-02', '2026-01-01', 10)).toEqual([]);
    expect(() => nextDay('9999-12-31')).toThrow(RangeError);
    expect(() => nextDay('0001-01-01', -1)).toThrow(RangeError);
    expect(withinCalendar(Date.parse('9999-12-31T00:00:00Z') + 2 * 86_400_000).toISOString()).toBe(
      '9999-12-31T23:59:59.999Z',
    );
  });
});
