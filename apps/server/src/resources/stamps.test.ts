import { accountResource, countryResource } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { toggleStamps } from './stamps.ts';

const NOW = new Date('2025-03-01T10:00:00.000Z');
const USER = '11111111-1111-4111-8111-111111111111';

describe('toggleStamps', () => {
  it('stamps who and when a flag turns on, and clears both when it turns off', () => {
    expect(toggleStamps(accountResource, USER, { isApproved: true }, { isApproved: false }, NOW)).toEqual({
      approvedBy: USER,
      approvedAt: NOW.toISOString(),
    });
    expect(toggleStamps(accountResource, USER, { isVerified: false }, { isVerified: true }, NOW)).toEqual({
      verifiedBy: null,
      verifiedAt: null,
    });
  });

  it('leaves the stamps of an unchanged or absent flag alone', () => {
    expect(toggleStamps(accountResource, USER, { isApproved: true }, { isApproved: true }, NOW)).toEqual({});
    expect(toggleStamps(accountResource, USER, { name: 'X' }, { isApproved: true }, NOW)).toEqual({});
  });

  it('stamps a record created with the flag on, and nothing for one created off', () => {
    expect(
      toggleStamps(accountResource, USER, { isApproved: true, isVerified: false }, undefined, NOW),
    ).toEqual({
      approvedBy: USER,
      approvedAt: NOW.toISOString(),
    });
    expect(toggleStamps(accountResource, USER, { isApproved: false }, undefined, NOW)).toEqual({});
  });

  it('does nothing for a resource without stamps', () => {
    expect(toggleStamps(countryResource, USER, { isActive: true }, { isActive: false }, NOW)).toEqual({});
  });
});
