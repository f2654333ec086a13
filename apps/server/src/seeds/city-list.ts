import { createRequire } from 'node:module';

export interface SeedCity {
  name: string;
  countryCode: string;
  stateCode: string;
}

/** Cities read a batch at a time: `slice` builds only the rows asked for. */
export interface CityList {
  readonly length: number;
  slice(from: number, to: number): readonly SeedCity[];
}

/** `[name, countryCode, stateCode, latitude, longitude]`, the package's own compact form. */
type PackedCity = readonly [string, string, string, ...string[]];

/**
 * The world's cities (~148,000) of `country-state-city`, in the package's order. The package keeps them as
 * arrays, parsed when it is imported (before the server listens); its `City.getAllCities()` turns all of
 * them into objects at once, about 0.4 s of the main thread after the server listens, so the seed reads
 * the arrays the package parsed (the same module, from require's cache) and builds each batch's rows.
 * city-list.test.ts checks that this is the list `City.getAllCities()` answers.
 */
export function worldCities(): CityList {
  const packed = createRequire(import.meta.url)(
    'country-state-city/lib/cjs/assets/city.json',
  ) as PackedCity[];
  return {
    length: packed.length,
    slice: (from, to) =>
      packed.slice(from, to).map(([name, countryCode, stateCode]) => ({ name, countryCode, stateCode })),
  };
}

/** A list already in memory (tests pass a few cities). */
export function listOf(cities: readonly SeedCity[]): CityList {
  return { length: cities.length, slice: (from, to) => cities.slice(from, to) };
}
