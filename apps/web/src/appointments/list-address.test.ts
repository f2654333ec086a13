import { describe, expect, it } from 'vitest';
import { canonicalListAddress, firstAddress } from './list-address.ts';

describe('canonicalListAddress', () => {
  it("reads the dashboard tiles' statuses and day range as the list's filters", () => {
    const address = canonicalListAddress(new URLSearchParams('status=1,2&from=2026-11-28&to=2026-11-28'));
    expect(address?.getAll('status')).toEqual(['1', '2']);
    expect(address?.get('startsAt')).toBe('2026-11-28~2026-11-28');
    expect(address?.has('from')).toBe(false);
  });

  it('keeps an open end of a range', () => {
    expect(canonicalListAddress(new URLSearchParams('from=2026-11-28'))?.get('startsAt')).toBe('2026-11-28~');
  });

  it('leaves an address already in the list’s form alone', () => {
    expect(canonicalListAddress(new URLSearchParams('status=1&status=2&startsAt=2026-11-28~'))).toBeNull();
    expect(canonicalListAddress(new URLSearchParams(''))).toBeNull();
  });
});

describe('firstAddress', () => {
  it('opens a bare list on the bookings from today on', () => {
    expect(firstAddress(new URLSearchParams(''), '2026-11-28')?.get('startsAt')).toBe('2026-11-28~');
  });

  it('leaves an address that already filters alone', () => {
    expect(firstAddress(new URLSearchParams('status=1'), '2026-11-28')).toBeNull();
  });
});
