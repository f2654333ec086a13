import { type FieldSpec, type StoneOrigin, type StoneSummary, stoneResource } from '@facet/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { stones } from '../db/resource-tables.ts';
import { columnOf, titleOf } from '../resources/columns.ts';

const stone = (key: string) => columnOf(stones, key);

/** Grade fields of a stone, named as the summary names them, each read as its master value's name. */
const GRADES = {
  lab: 'labId',
  shape: 'shapeId',
  color: 'colorId',
  clarity: 'clarityId',
  cut: 'cutId',
  polish: 'polishId',
  symmetry: 'symmetryId',
  fluorescence: 'fluorescenceId',
  roughOrigin: 'roughOriginId',
  location: 'locationId',
} as const;

/** A grade by the name of the master value it references, as the engine reads a reference's title. */
const nameOf = (field: string) => titleOf(stoneResource, field, stoneResource.fields[field] as FieldSpec);

type Row = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function measurementsOf(row: Row): string | null {
  const parts = [row.length, row.width, row.depth].map(number);
  return parts.every((part) => part !== null)
    ? parts.map((part) => (part as number).toFixed(2)).join('x')
    : null;
}

function toOrigin(row: Row): StoneOrigin {
  return {
    id: row.id as string,
    stockNumber: row.stockNumber as string,
    certificateNumber: text(row.certificateNumber),
    lab: text(row.lab),
    status: row.status as string,
    shape: text(row.shape),
    carat: Number(row.carat),
    color: text(row.color),
    clarity: text(row.clarity),
    cut: text(row.cut),
    polish: text(row.polish),
    symmetry: text(row.symmetry),
    fluorescence: text(row.fluorescence),
    pricePerCarat: number(row.marketingPricePerCarat),
    amount: number(row.amount),
    reportDate: text(row.reportDate),
    measurements: measurementsOf(row),
    roughOrigin: text(row.roughOrigin),
    mine: text(row.mine),
    isTypeIIa: row.isTypeIIa === true,
    isCanadaMark: row.isCanadaMark === true,
    treatment: text(row.treatment),
    laserInscription: text(row.laserInscription),
    location: text(row.location),
    imageUrl: text(row.imageUrl),
    videoUrl: text(row.videoUrl),
    certificateUrl: text(row.certificateUrl),
  };
}

/** What a summary reads of the stone itself. */
const OWN_FIELDS = [
  'id',
  'stockNumber',
  'certificateNumber',
  'status',
  'carat',
  'marketingPricePerCarat',
  'amount',
  'reportDate',
  'length',
  'width',
  'depth',
  'mine',
  'isTypeIIa',
  'isCanadaMark',
  'treatment',
  'laserInscription',
  'imageUrl',
  'videoUrl',
  'certificateUrl',
] as const;

/**
 * Stones matching `where` (live or not: the caller says), in `order`, with their grades by name. One
 * query in two steps: the ids of the stones are picked first, then those few rows are read with each
 * grade as a scalar subquery on the master value it names. Joining the ten masters instead made
 * PostgreSQL weigh the orders of eleven tables on every call: 24 ms of planning for a look-up whose
 * plan then ran in 0.3 ms (bench/stone-lookup.ts).
 */
export async function stoneOrigins(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
): Promise<StoneOrigin[]> {
  const picked = db
    .select({ pickedId: stone('id') })
    .from(stones)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .as('picked');
  const selection: Record<string, PgColumn | SQL> = {};
  for (const key of OWN_FIELDS) selection[key] = stone(key);
  for (const [grade, field] of Object.entries(GRADES)) selection[grade] = nameOf(field);
  const rows = await db
    .select(selection)
    .from(stones)
    .innerJoin(picked, eq(stone('id'), picked.pickedId))
    .orderBy(...order);
  return rows.map((row) => toOrigin(row));
}

/** The summary part of a stone's origin: what a choice of stones shows. */
export function toSummary(origin: StoneOrigin): StoneSummary {
  return {
    id: origin.id,
    stockNumber: origin.stockNumber,
    certificateNumber: origin.certificateNumber,
    lab: origin.lab,
    status: origin.status,
    shape: origin.shape,
    carat: origin.carat,
    color: origin.color,
    clarity: origin.clarity,
    cut: origin.cut,
    polish: origin.polish,
    symmetry: origin.symmetry,
    fluorescence: origin.fluorescence,
    pricePerCarat: origin.pricePerCarat,
    amount: origin.amount,
  };
}
