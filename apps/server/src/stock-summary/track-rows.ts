import type { TrackRecord } from '@facet/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { accounts, masters, stones } from '../db/resource-tables.ts';
import { columnOf } from '../resources/columns.ts';
import type { CursorSelection } from './list-keyset.ts';
import { diamondTracks } from './stock-summary-tables.ts';

const shapes = alias(masters, 'shape');
const clarities = alias(masters, 'clarity');
const repliers = alias(users, 'replier');

/** The stone columns the activity lists show and filter by. */
export const stone = {
  id: columnOf(stones, 'id'),
  stockNumber: columnOf(stones, 'stockNumber'),
  carat: columnOf(stones, 'carat'),
  status: columnOf(stones, 'status'),
  shapeId: columnOf(stones, 'shapeId'),
  colorId: columnOf(stones, 'colorId'),
  clarityId: columnOf(stones, 'clarityId'),
  pricePerCarat: columnOf(stones, 'marketingPricePerCarat'),
  discount: columnOf(stones, 'marketingBack'),
  amount: columnOf(stones, 'amount'),
  isActive: columnOf(stones, 'isActive'),
  deletedAt: columnOf(stones, 'deletedAt'),
  updatedAt: columnOf(stones, 'updatedAt'),
};
export const accountName = columnOf(accounts, 'name');

const masterName = (id: unknown) =>
  sql`(select ${columnOf(masters, 'name')} from ${masters} where ${columnOf(masters, 'id')} = ${id})`;

/** A white stone's colour grade, or a fancy stone's intensity and colour ("Fancy Vivid Yellow"). */
export const stoneColor = sql<
  string | null
>`coalesce(${masterName(stone.colorId)}, nullif(concat_ws(' ', ${masterName(
  columnOf(stones, 'fancyColorIntensity'),
)}, ${masterName(columnOf(stones, 'fancyColor'))}), ''))`;
const accountId = columnOf(accounts, 'id');

/**
 * Activity rows with their customer, company, stone (grades by name) and who answered; an export's
 * batches select their `cursor` with them.
 */
export function trackRows(db: Db, where: SQL | undefined, cursor: CursorSelection = {}) {
  return db
    .select({
      ...cursor,
      track: diamondTracks,
      userName: users.name,
      username: users.username,
      accountName,
      stockNumber: stone.stockNumber,
      carat: stone.carat,
      stoneStatus: stone.status,
      stoneActive: stone.isActive,
      stoneDeletedAt: stone.deletedAt,
      currentPricePerCarat: stone.pricePerCarat,
      currentDiscount: stone.discount,
      currentAmount: stone.amount,
      shape: columnOf(shapes, 'name'),
      color: stoneColor,
      clarity: columnOf(clarities, 'name'),
      repliedByName: repliers.name,
    })
    .from(diamondTracks)
    .innerJoin(users, eq(users.id, diamondTracks.userId))
    .innerJoin(stones, eq(stone.id, diamondTracks.stoneId))
    .leftJoin(accounts, eq(accountId, diamondTracks.accountId))
    .leftJoin(shapes, eq(columnOf(shapes, 'id'), stone.shapeId))
    .leftJoin(clarities, eq(columnOf(clarities, 'id'), stone.clarityId))
    .leftJoin(repliers, eq(repliers.id, diamondTracks.repliedBy))
    .where(where)
    .$dynamic();
}

type TrackRow = Awaited<ReturnType<typeof trackRows>>[number];

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const numberOr = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export function toTrackRecord({ track, ...joined }: TrackRow): TrackRecord {
  const carat = numberOr(joined.carat);
  return {
    id: track.id,
    trackType: track.trackType,
    userId: track.userId,
    userName: joined.userName,
    username: joined.username,
    accountId: track.accountId,
    accountName: (joined.accountName as string | null) ?? null,
    stoneId: track.stoneId,
    stockNumber: joined.stockNumber as string,
    shape: (joined.shape as string | null) ?? null,
    color: (joined.color as string | null) ?? null,
    clarity: (joined.clarity as string | null) ?? null,
    carat,
    stoneStatus: (joined.stoneStatus as string | null) ?? null,
    stoneAvailable: joined.stoneDeletedAt === null && joined.stoneActive === true,
    pricePerCarat: track.pricePerCarat,
    discount: track.discount,
    amount: track.amount,
    currentPricePerCarat: numberOr(joined.currentPricePerCarat),
    currentDiscount: numberOr(joined.currentDiscount),
    currentAmount: numberOr(joined.currentAmount),
    remarks: track.remarks,
    reminderDate: iso(track.reminderDate),
    enquiryNumber: track.enquiryNumber,
    device: track.device,
    offerPricePerCarat: track.offerPricePerCarat,
    offerAmount:
      track.offerPricePerCarat !== null && carat !== null
        ? Math.round(track.offerPricePerCarat * carat * 100) / 100
        : null,
    offerStatus: track.offerStatus,
    validUntil: iso(track.validUntil),
    counterPricePerCarat: track.counterPricePerCarat,
    counteredAt: iso(track.counteredAt),
    reply: track.reply,
    repliedAt: iso(track.repliedAt),
    repliedByName: (joined.repliedByName as string | null) ?? null,
    createdAt: track.createdAt.toISOString(),
    updatedAt: track.updatedAt.toISOString(),
  };
}
