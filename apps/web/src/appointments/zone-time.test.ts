import { describe, expect, it } from 'vitest';
import { clockTime, dayOf, floatingDate, instantOf, timeOf, zoneLabel } from './zone-time.ts';

describe('zone time', () => {
  it('reads an instant on the clock of a place', () => {
    const floating = floatingDate('2026-03-02T04:30:00Z', 'Asia/Kolkata');
    expect(dayOf(floating)).toBe('2026-03-02');
    expect(timeOf(floating)).toBe('10:00');
    expect(clockTime('2026-03-02T04:30:00Z', 'America/New_York')).toBe('23:30');
  });

  it('turns a clock time of a place back into the instant', () => {
    expect(instantOf(new Date(2026, 2, 2, 10, 0), 'Asia/Kolkata')).toBe('2026-03-02T04:30:00.000Z');
    expect(instantOf(new Date(2026, 6, 1, 9, 0), 'Europe/Brussels')).toBe('2026-07-01T07:00:00.000Z');
    expect(instantOf(new Date(2026, 0, 5, 9, 0), 'Europe/Brussels')).toBe('2026-01-05T08:00:00.000Z');
    expect(instantOf(new Date(2026, 0, 5, 9, 0), 'UTC')).toBe('2026-01-05T09:00:00.000Z');
  });

  it('survives the round trip on the days clocks change', () => {
    for (const instant of [
      '2026-03-29T00:30:00.000Z',
      '2026-03-29T01:30:00.000Z',
      '2026-10-25T02:30:00.000Z',
    ]) {
      expect(instantOf(floatingDate(instant, 'Europe/Brussels'), 'Europe/Brussels')).toBe(instant);
    }
  });

  it('names a zone with its offset', () => {
    expect(zoneLabel('Asia/Kolkata')).toBe('Asia/Kolkata (UTC+05:30)');
    expect(zoneLabel('America/New_York', new Date('2026-01-10T00:00:00Z'))).toBe(
      'America/New York (UTC−05:00)',
    );
    expect(zoneLabel('UTC')).toBe('UTC');
  });
});
