import {
  PARCEL_MESSAGES as M,
  type ParcelPriceDate,
  type ParcelPriceHistory,
  type ParcelSheet,
  type parcelPriceUpsertSchema,
} from '@facet/contract';
import { and, asc, desc, eq, lt, lte, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import { type Actor, recordAudit } from '../resources/audit-log.ts';
import { activeQualityBands, activeSieveGroups, band, sieve } from './parcel-masters.ts';
import { parcelPriceSheets, parcelPrices, qualityBands, sieveGroups } from './parcel-tables.ts';

const isoOf = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString();
const keyOf = (sieveGroupId: string, qualityBandId: string) => `${sieveGroupId}|${qualityBandId}`;

/** The dates that have a sheet, newest first, with their cell count and who saved them last. */
export async function sheetDates(db: Db): Promise<ParcelPriceDate[]> {
  const rows = await db
    .select({
      date: parcelPriceSheets.priceDate,
      updatedAt: parcelPriceSheets.updatedAt,
      updatedByName: users.name,
      cells: sql<number>`(select count(*)::int from ${parcelPrices} where ${parcelPrices.priceDate} = ${parcelPriceSheets.priceDate})`,
    })
    .from(parcelPriceSheets)
    .leftJoin(users, eq(users.id, parcelPriceSheets.updatedBy))
    .orderBy(desc(parcelPriceSheets.priceDate));
  return rows.map((row) => ({
    date: row.date,
    cells: Number(row.cells),
    updatedAt: isoOf(row.updatedAt),
    updatedByName: row.updatedByName ?? null,
  }));
}

async function pricesOn(db: Db, date: string): Promise<Map<string, number>> {
  const rows = await db
    .select({
      sieveGroupId: parcelPrices.sieveGroupId,
      qualityBandId: parcelPrices.qualityBandId,
      pricePerCarat: parcelPrices.pricePerCarat,
    })
    .from(parcelPrices)
    .where(eq(parcelPrices.priceDate, date));
  return new Map(rows.map((row) => [keyOf(row.sieveGroupId, row.qualityBandId), Number(row.pricePerCarat)]));
}

/** The sheet of a date, every active group by every active band, with the sheet before it. */
export async function sheetOf(db: Db, date: string): Promise<ParcelSheet> {
  const [groups, bands] = await Promise.all([activeSieveGroups(db), activeQualityBands(db)]);
  const [own] = await db
    .select({ updatedAt: parcelPriceSheets.updatedAt, updatedByName: users.name })
    .from(parcelPriceSheets)
    .leftJoin(users, eq(users.id, parcelPriceSheets.updatedBy))
    .where(eq(parcelPriceSheets.priceDate, date));
  const [previous] = await db
    .select({ date: parcelPriceSheets.priceDate })
    .from(parcelPriceSheets)
    .where(lt(parcelPriceSheets.priceDate, date))
    .orderBy(desc(parcelPriceSheets.priceDate))
    .limit(1);
  const prices = await pricesOn(db, date);
  const before = previous ? await pricesOn(db, previous.date) : new Map<string, number>();
  return {
    date,
    exists: own !== undefined,
    previousDate: previous?.date ?? null,
    updatedAt: own ? isoOf(own.updatedAt) : null,
    updatedByName: own?.updatedByName ?? null,
    sieveGroups: groups,
    qualityBands: bands,
    cells: groups.flatMap((group) =>
      bands.map((quality) => ({
        sieveGroupId: group.id,
        qualityBandId: quality.id,
        pricePerCarat: prices.get(keyOf(group.id, quality.id)) ?? null,
        previousPricePerCarat: before.get(keyOf(group.id, quality.id)) ?? null,
      })),
    ),
  };
}

/** The latest sheet date on or before a day: the sheet in force that day. */
export async function sheetDateInForce(db: Db, day: string): Promise<string | null> {
  const [row] = await db
    .select({ date: max(parcelPriceSheets.priceDate) })
    .from(parcelPriceSheets)
    .where(lte(parcelPriceSheets.priceDate, day));
  return row?.date ?? null;
}

/** A cell's prices over time, oldest first. */
export async function cellHistory(
  db: Db,
  sieveGroupId: string,
  qualityBandId: string,
): Promise<ParcelPriceHistory> {
  const [group] = await db.select({ name: sieve.name }).from(sieveGroups).where(eq(sieve.id, sieveGroupId));
  if (!group) throw fieldError('sieveGroupId', M.unknownSieveGroup);
  const [quality] = await db.select({ name: band.name }).from(qualityBands).where(eq(band.id, qualityBandId));
  if (!quality) throw fieldError('qualityBandId', M.unknownQualityBand);
  const rows = await db
    .select({ date: parcelPrices.priceDate, pricePerCarat: parcelPrices.pricePerCarat })
    .from(parcelPrices)
    .where(and(eq(parcelPrices.sieveGroupId, sieveGroupId), eq(parcelPrices.qualityBandId, qualityBandId)))
    .orderBy(asc(parcelPrices.priceDate));
  return {
    sieveGroupName: group.name as string,
    qualityBandName: quality.name as string,
    points: rows.map((row) => ({ date: row.date, pricePerCarat: Number(row.pricePerCarat) })),
  };
}

/** A sheet saved empty is no sheet: the date leaves the list, and the sheet before it is in force again. */
async function removeSheet(
  tx: Db,
  actor: Actor,
  date: string,
): Promise<{ date: string; cells: number; changed: number }> {
  const before = await pricesOn(tx, date);
  const [removed] = await tx
    .delete(parcelPriceSheets)
    .where(eq(parcelPriceSheets.priceDate, date))
    .returning({ id: parcelPriceSheets.id });
  if (!removed) return { date, cells: 0, changed: 0 };
  await recordAudit(tx, actor, {
    action: 'parcelPriceSheet.delete',
    entityType: 'parcelPriceSheet',
    entityId: removed.id,
    subjectUserId: null,
    before: { priceDate: date, cells: before.size },
    after: null,
  });
  return { date, cells: 0, changed: before.size };
}

/**
 * Writes a date's whole sheet: cells left out are removed. The sheet's row is written first, so a save
 * of the same date waits for this one to commit; the trail notes the save once with its changed count.
 */
export async function saveSheet(
  db: Db,
  actor: Actor,
  body: z.output<typeof parcelPriceUpsertSchema>,
): Promise<{ date: string; cells: number; changed: number }> {
  return db.transaction(async (tx) => {
    const [groups, bands] = await Promise.all([activeSieveGroups(tx), activeQualityBands(tx)]);
    const groupIds = new Set(groups.map((group) => group.id));
    const bandIds = new Set(bands.map((quality) => quality.id));
    body.prices.forEach((cell, index) => {
      if (!groupIds.has(cell.sieveGroupId))
        throw fieldError(`prices.${index}.sieveGroupId`, M.unknownSieveGroup);
      if (!bandIds.has(cell.qualityBandId))
        throw fieldError(`prices.${index}.qualityBandId`, M.unknownQualityBand);
    });
    const now = new Date();
    if (body.prices.length === 0) return removeSheet(tx, actor, body.date);
    const [sheet] = await tx
      .insert(parcelPriceSheets)
      .values({ priceDate: body.date, updatedBy: actor.auth.user.id, updatedAt: now })
      .onConflictDoUpdate({
        target: parcelPriceSheets.priceDate,
        set: { updatedBy: actor.auth.user.id, updatedAt: now },
      })
      .returning({ id: parcelPriceSheets.id });
    if (!sheet) throw new HttpError('E_CONFLICT', M.saved);
    const before = await pricesOn(tx, body.date);
    const wanted = new Map(
      body.prices.map((cell) => [keyOf(cell.sieveGroupId, cell.qualityBandId), cell.pricePerCarat]),
    );
    let changed = 0;
    for (const [key, price] of wanted) if (before.get(key) !== price) changed += 1;
    for (const key of before.keys()) if (!wanted.has(key)) changed += 1;
    await tx.delete(parcelPrices).where(eq(parcelPrices.priceDate, body.date));
    for (let start = 0; start < body.prices.length; start += 1000) {
      await tx.insert(parcelPrices).values(
        body.prices.slice(start, start + 1000).map((cell) => ({
          priceDate: body.date,
          sieveGroupId: cell.sieveGroupId,
          qualityBandId: cell.qualityBandId,
          pricePerCarat: cell.pricePerCarat,
          updatedBy: actor.auth.user.id,
          updatedAt: now,
        })),
      );
    }
    await recordAudit(tx, actor, {
      action: 'parcelPriceSheet.update',
      entityType: 'parcelPriceSheet',
      entityId: sheet.id,
      subjectUserId: null,
      before: { priceDate: body.date, cells: before.size },
      after: { priceDate: body.date, cells: body.prices.length, changed },
    });
    return { date: body.date, cells: body.prices.length, changed };
  });
}
