import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { countries, dayTerms, masters, sizes, states } from '../db/resource-tables.ts';
import { claimSeed } from '../db/seed-state.ts';
import { columnOf } from '../resources/columns.ts';
import { CARAT_BRACKETS, DAY_TERMS, MAIN_MASTERS, type MasterValue } from './master-data.ts';

/** `Square Emerald` → `SQUARE_EMERALD`: the code of a master value. */
export function codeOf(name: string): string {
  return name
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

function bracketName(from: number, to: number): string {
  return `${from.toFixed(2)}-${to.toFixed(2)}`;
}

function bracketGroup(from: number): string {
  if (from < 0.3) return 'Below 0.30 ct';
  if (from < 1) return '0.30-0.99 ct';
  return '1 ct and up';
}

async function seedMasters(tx: Db): Promise<number> {
  const mains = await tx
    .insert(masters)
    .values(MAIN_MASTERS.map((main, index) => ({ name: main.name, code: main.code, sequence: index + 1 })))
    .returning({ id: columnOf(masters, 'id'), code: columnOf(masters, 'code') });
  const idOf = new Map(mains.map((row) => [row.code as string, row.id as string]));
  const values = MAIN_MASTERS.flatMap((main) =>
    main.values.map((entry, index) => {
      const value: MasterValue = typeof entry === 'string' ? { name: entry } : entry;
      return {
        name: value.name,
        code: codeOf(value.name),
        parentId: idOf.get(main.code),
        sequence: index + 1,
        aliases: [...(value.aliases ?? [])],
      };
    }),
  );
  if (values.length) await tx.insert(masters).values(values);
  return mains.length + values.length;
}

async function seedGeography(tx: Db): Promise<{ countries: number; states: number }> {
  // Loaded on the first start only: the package reads all its lists, cities included, when imported.
  const { Country, State } = await import('country-state-city');
  const rows = await tx
    .insert(countries)
    .values(
      Country.getAllCountries().map((country) => ({
        name: country.name,
        code: country.isoCode,
        phoneCode: country.phonecode ? country.phonecode.slice(0, 20) : null,
        currency: country.currency ? country.currency.slice(0, 3) : null,
      })),
    )
    .returning({ id: columnOf(countries, 'id'), code: columnOf(countries, 'code') });
  const countryId = new Map(rows.map((row) => [row.code as string, row.id as string]));
  const stateRows = State.getAllStates().flatMap((state) => {
    const id = countryId.get(state.countryCode);
    return id ? [{ name: state.name, code: state.isoCode.slice(0, 10), countryId: id }] : [];
  });
  // Batches keep each statement well under PostgreSQL's 65535 parameters.
  for (let start = 0; start < stateRows.length; start += 2000) {
    await tx.insert(states).values(stateRows.slice(start, start + 2000));
  }
  return { countries: rows.length, states: stateRows.length };
}

/**
 * First start: masters, carat brackets, day terms, countries and states, in one transaction and once
 * (claimed in seed_state). Cities, far more numerous, are seeded apart (cities.ts).
 */
export async function seedReferenceData(db: Db, log: FastifyBaseLogger): Promise<void> {
  const started = performance.now();
  const counts = await db.transaction(async (tx) => {
    if (!(await claimSeed(tx, 'reference-data'))) return undefined;
    const masterCount = await seedMasters(tx);
    await tx.insert(sizes).values(
      CARAT_BRACKETS.map(([from, to], index) => ({
        name: bracketName(from, to),
        group: bracketGroup(from),
        fromCarat: from,
        toCarat: to,
        sequence: index + 1,
      })),
    );
    await tx.insert(dayTerms).values(DAY_TERMS.map((term) => ({ ...term, currency: 'USD' })));
    return {
      masters: masterCount,
      sizes: CARAT_BRACKETS.length,
      dayTerms: DAY_TERMS.length,
      ...(await seedGeography(tx)),
    };
  });
  if (counts) {
    log.info({ ...counts, ms: Math.round(performance.now() - started) }, 'reference data seeded');
  }
}
