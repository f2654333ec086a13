import { describe, expect, it } from 'vitest';
import { timeZoneChoiceLabel, timeZoneOptions } from './time-zones.ts';

const TIME_ZONE_OPTIONS = timeZoneOptions();

/** What the time zone select finds for typed text: the labels holding it, ignoring case. */
const found = (typed: string) =>
  TIME_ZONE_OPTIONS.filter((option) => option.label.toLowerCase().includes(typed.toLowerCase()));

describe('time zone choices', () => {
  it('name each zone by its offset, its cities and its exact name', () => {
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(timeZoneChoiceLabel('Europe/Brussels', winter)).toBe(
      '(UTC+01:00) Brussels, Antwerp — Europe/Brussels',
    );
    expect(timeZoneChoiceLabel('Europe/Brussels', new Date('2026-07-15T12:00:00Z'))).toBe(
      '(UTC+02:00) Brussels, Antwerp — Europe/Brussels',
    );
    expect(timeZoneChoiceLabel('America/New_York', winter)).toBe('(UTC−05:00) New York — America/New_York');
    expect(timeZoneChoiceLabel('UTC', winter)).toBe('(UTC+00:00) Coordinated Universal Time — UTC');
  });

  it('are found by the city people type', () => {
    expect(found('antwerp').map((option) => option.value)).toEqual(['Europe/Brussels']);
    expect(found('Hong Kong').map((option) => option.value)).toContain('Asia/Hong_Kong');
    expect(found('Mumbai').map((option) => option.value)).toContain('Asia/Kolkata');
  });

  it('run west to east', () => {
    const index = (zone: string) => TIME_ZONE_OPTIONS.findIndex((option) => option.value === zone);
    expect(index('America/New_York')).toBeLessThan(index('UTC'));
    expect(index('UTC')).toBeLessThan(index('Asia/Dubai'));
    expect(index('Asia/Dubai')).toBeLessThan(index('Asia/Tokyo'));
  });
});
