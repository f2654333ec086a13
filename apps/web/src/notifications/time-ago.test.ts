import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago.ts';

describe('timeAgo', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it.each([
    ['2026-03-10T11:59:30Z', 'just now'],
    ['2026-03-10T11:55:00Z', '5 min ago'],
    ['2026-03-10T09:00:00Z', '3 h ago'],
    ['2026-03-09T11:00:00Z', '1 day ago'],
    ['2026-03-04T12:00:00Z', '6 days ago'],
    // Past a week the date itself reads better than a count of days.
    ['2026-02-28T12:00:00Z', '28 Feb 2026'],
    // A clock a little ahead of the browser's is not "in the future".
    ['2026-03-10T12:00:05Z', 'just now'],
    ['not a date', '—'],
  ])('%s → %s', (iso, expected) => {
    expect(timeAgo(iso, now)).toBe(expected);
  });
});
