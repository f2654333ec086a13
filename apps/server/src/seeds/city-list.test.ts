import { City } from 'country-state-city';
import { describe, expect, it } from 'vitest';
import { worldCities } from './city-list.ts';

describe('the world cities the seed reads', () => {
  it('are the package list, in its order, a batch at a time', () => {
    const all = City.getAllCities();
    const list = worldCities();
    expect(list.length).toBe(all.length);
    expect(list.length).toBeGreaterThan(100_000);
    const pick = (city: { name: string; countryCode: string; stateCode: string }) => ({
      name: city.name,
      countryCode: city.countryCode,
      stateCode: city.stateCode,
    });
    for (const from of [0, 73_019, all.length - 3]) {
      expect(list.slice(from, from + 3)).toEqual(all.slice(from, from + 3).map(pick));
    }
  });
});
