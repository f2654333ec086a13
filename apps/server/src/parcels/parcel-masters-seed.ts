import type { Db } from '../db/client.ts';
import { claimSeed } from '../db/seed-state.ts';
import { qualityBands, sieveGroups } from './parcel-tables.ts';

/** The domain reference's sieve groups, smallest first: name, sieves, carats. */
export const SIEVE_GROUPS = [
  { name: '-2', fromSieve: null, toSieve: '+2', fromCarat: 0.001, toCarat: 0.005 },
  { name: 'Stars', fromSieve: '+2', toSieve: '-6.5', fromCarat: 0.006, toCarat: 0.02 },
  { name: 'Melee', fromSieve: '+6.5', toSieve: '-11', fromCarat: 0.021, toCarat: 0.07 },
  { name: '+11', fromSieve: '+11', toSieve: '-14', fromCarat: 0.08, toCarat: 0.13 },
  { name: '+14', fromSieve: '+14', toSieve: '-15.5', fromCarat: 0.14, toCarat: 0.17 },
  { name: '1/5', fromSieve: null, toSieve: null, fromCarat: 0.18, toCarat: 0.22 },
  { name: '1/4', fromSieve: null, toSieve: null, fromCarat: 0.23, toCarat: 0.29 },
] as const;

/** The bands melee is usually quoted in, best first. */
export const QUALITY_BANDS = [
  { name: 'D-F IF-VVS', colourFrom: 'D', colourTo: 'F', clarityFrom: 'IF', clarityTo: 'VVS2' },
  { name: 'D-F VS-SI', colourFrom: 'D', colourTo: 'F', clarityFrom: 'VS1', clarityTo: 'SI2' },
  { name: 'G-H VVS-VS', colourFrom: 'G', colourTo: 'H', clarityFrom: 'VVS1', clarityTo: 'VS2' },
  { name: 'G-H SI', colourFrom: 'G', colourTo: 'H', clarityFrom: 'SI1', clarityTo: 'SI2' },
  { name: 'I-J VS-SI', colourFrom: 'I', colourTo: 'J', clarityFrom: 'VS1', clarityTo: 'SI2' },
  { name: 'I-J SI-I1', colourFrom: 'I', colourTo: 'J', clarityFrom: 'SI1', clarityTo: 'I1' },
  { name: 'K-M I1-I3', colourFrom: 'K', colourTo: 'M', clarityFrom: 'I1', clarityTo: 'I3' },
] as const;

/** Sieve groups and quality bands, once per database: after that they are master data staff edit. */
export async function seedParcelMasters(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await claimSeed(tx, 'parcel-masters'))) return;
    await tx
      .insert(sieveGroups)
      .values(SIEVE_GROUPS.map((group, index) => ({ ...group, sequence: index + 1, isActive: true })));
    await tx
      .insert(qualityBands)
      .values(QUALITY_BANDS.map((band, index) => ({ ...band, sequence: index + 1, isActive: true })));
  });
}
