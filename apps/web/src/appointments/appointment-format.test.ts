import { describe, expect, it } from 'vitest';
import {
  meetingTypeLabel,
  momentAt,
  statusLabel,
  timeRange,
  whenAt,
  whenForViewer,
} from './appointment-format.ts';

const booking = {
  startsAt: '2026-03-02T04:30:00.000Z',
  endsAt: '2026-03-02T05:00:00.000Z',
  timeZone: 'Asia/Kolkata',
};

describe('appointment format', () => {
  it('says statuses and meeting types in words', () => {
    expect([1, 2, 3].map(statusLabel)).toEqual(['Pending', 'Approved', 'Cancelled']);
    expect([1, 2, 3].map(meetingTypeLabel)).toEqual(['Phone call', 'Web conference', 'In person']);
  });

  it("shows a booking on its location's clock with the zone named", () => {
    expect(whenAt(booking)).toBe('2 Mar 2026 10:00–10:30, Asia/Kolkata (UTC+05:30)');
    expect(timeRange('2026-03-02T18:00:00Z', '2026-03-02T19:00:00Z', 'Asia/Kolkata')).toBe(
      '2 Mar 2026 23:30–3 Mar 2026 00:30',
    );
  });

  it("adds the viewer's own clock only where it differs", () => {
    expect(whenForViewer(booking, 'Asia/Kolkata')).toBeNull();
    expect(whenForViewer(booking, 'Europe/Brussels')).toBe(
      '2 Mar 2026 05:30–06:00 your time, Europe/Brussels (UTC+01:00)',
    );
  });

  it("writes when it was requested or decided on the booking's clock, the zone named", () => {
    expect(momentAt('2026-03-01T20:15:00.000Z', 'Asia/Kolkata')).toBe(
      '2 Mar 2026 01:45, Asia/Kolkata (UTC+05:30)',
    );
    expect(momentAt(null, 'Asia/Kolkata')).toBe('—');
  });
});
