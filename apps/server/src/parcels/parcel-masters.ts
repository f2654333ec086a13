import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { columnOf } from '../resources/columns.ts';
import { qualityBands, sieveGroups } from './parcel-tables.ts';

export const sieve = {
  id: columnOf(sieveGroups, 'id'),
  name: columnOf(sieveGroups, 'name'),
  fromSieve: columnOf(sieveGroups, 'fromSieve'),
  toSieve: columnOf(sieveGroups, 'toSieve'),
  fromCarat: columnOf(sieveGroups, 'fromCarat'),
  toCarat: columnOf(sieveGroups, 'toCarat'),
  sequence: columnOf(sieveGroups, 'sequence'),
  isActive: columnOf(sieveGroups, 'isActive'),
  deletedAt: columnOf(sieveGroups, 'deletedAt'),
};
export const band = {
  id: columnOf(qualityBands, 'id'),
  name: columnOf(qualityBands, 'name'),
  colourFrom: columnOf(qualityBands, 'colourFrom'),
  colourTo: columnOf(qualityBands, 'colourTo'),
  clarityFrom: columnOf(qualityBands, 'clarityFrom'),
  clarityTo: columnOf(qualityBands, 'clarityTo'),
  sequence: columnOf(qualityBands, 'sequence'),
  isActive: columnOf(qualityBands, 'isActive'),
  deletedAt: columnOf(qualityBands, 'deletedAt'),
};

export interface SieveGroupRow {
  id: string;
  name: string;
  fromSieve: string | null;
  toSieve: string | null;
  fromCarat: number | null;
  toCarat: number | null;
}
export interface QualityBandRow {
  id: string;
  name: string;
  colourFrom: string | null;
  colourTo: string | null;
  clarityFrom: string | null;
  clarityTo: string | null;
}

const numberOf = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The active sieve groups, in their order: a sheet's rows. */
export async function activeSieveGroups(db: Db): Promise<SieveGroupRow[]> {
  const rows = await db
    .select({
      id: sieve.id,
      name: sieve.name,
      fromSieve: sieve.fromSieve,
      toSieve: sieve.toSieve,
      fromCarat: sieve.fromCarat,
      toCarat: sieve.toCarat,
    })
    .from(sieveGroups)
    .where(and(eq(sieve.isActive, true), isNull(sieve.deletedAt)))
    .orderBy(asc(sieve.sequence), asc(sieve.name));
  return rows.map((row) => ({
    id: row.id as string,
    name: row.name as string,
    fromSieve: (row.fromSieve as string | null) ?? null,
    toSieve: (row.toSieve as string | null) ?? null,
    fromCarat: numberOf(row.fromCarat),
    toCarat: numberOf(row.toCarat),
  }));
}

/** The active quality bands, in their order: a sheet's columns. */
export async function activeQualityBands(db: Db): Promise<QualityBandRow[]> {
  const rows = await db
    .select({
      id: band.id,
      name: band.name,
      colourFrom: band.colourFrom,
      colourTo: band.colourTo,
      clarityFrom: band.clarityFrom,
      clarityTo: band.clarityTo,
    })
    .from(qualityBands)
    .where(and(eq(band.isActive, true), isNull(band.deletedAt)))
    .orderBy(asc(band.sequence), asc(band.name));
  return rows.map((row) => ({
    id: row.id as string,
    name: row.name as string,
    colourFrom: (row.colourFrom as string | null) ?? null,
    colourTo: (row.colourTo as string | null) ?? null,
    clarityFrom: (row.clarityFrom as string | null) ?? null,
    clarityTo: (row.clarityTo as string | null) ?? null,
  }));
}
