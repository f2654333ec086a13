import { describe, expect, it } from 'vitest';
import { matchesChangedPaths, retryDelay } from './live-queries.ts';

const APIS = new Map([
  ['banner', 'apis/banner'],
  ['bannerType', 'apis/banner-type'],
]);

describe('matchesChangedPaths', () => {
  it('refreshes the resource whose API base holds a changed path', () => {
    expect(matchesChangedPaths(['resource', 'banner', 'list', {}], ['apis/banner/paginate'], APIS)).toBe(
      true,
    );
    expect(matchesChangedPaths(['resource', 'banner', 'record', 'x'], ['apis/banner'], APIS)).toBe(true);
    // A base that merely starts alike is another resource.
    expect(matchesChangedPaths(['resource', 'banner', 'list'], ['apis/banner-type/paginate'], APIS)).toBe(
      false,
    );
    expect(matchesChangedPaths(['resource', 'unknown'], ['apis/banner/paginate'], APIS)).toBe(false);
  });

  it('refreshes a screen of its own whose key names the path', () => {
    const key = ['customer-activity', 'apis/diamond-track/paginate', { page: 1 }];
    expect(matchesChangedPaths(key, ['apis/diamond-track/paginate'], APIS)).toBe(true);
    expect(matchesChangedPaths(key, ['apis/diamond-track/export'], APIS)).toBe(false);
    expect(matchesChangedPaths(['notifications', 'latest'], ['apis/banner/paginate'], APIS)).toBe(false);
  });
});

describe('retryDelay', () => {
  it('doubles from a second up to a minute', () => {
    expect([1, 2, 3, 4, 8, 20].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 60_000, 60_000]);
  });
});
