import { STOCK_SUMMARY_MESSAGES } from '@facet/contract';
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { stones } from '../db/resource-tables.ts';
import { fieldError } from '../http/envelope.ts';
import { BLOCKABLE_STATUSES } from '../stock/stone-availability.ts';
import { stoneBlocks } from './stock-summary-tables.ts';
import { stone } from './track-rows.ts';

export interface LiveStone {
  id: string;
  stockNumber: string;
  status: string;
  carat: number | null;
  pricePerCarat: number | null;
  discount: number | null;
  amount: number | null;
}

const numberOr = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * The stones, each in the stock and shown (not sold, removed or hidden), locked against a removal until
 * the transaction ends (`update` when the caller changes them: two share locks could not both upgrade);
 * any other refuses the request on `field`.
 */
export async function liveStones(
  tx: Db,
  ids: readonly string[],
  field: string,
  lock: 'share' | 'update' = 'share',
): Promise<LiveStone[]> {
  const rows = await tx
    .select({
      id: stone.id,
      stockNumber: stone.stockNumber,
      status: stone.status,
      carat: stone.carat,
      pricePerCarat: stone.pricePerCarat,
      discount: stone.discount,
      amount: stone.amount,
    })
    .from(stones)
    .where(and(inArray(stone.id, [...ids]), isNull(stone.deletedAt), eq(stone.isActive, true)))
    .for(lock);
  if (rows.length < new Set(ids).size) throw fieldError(field, STOCK_SUMMARY_MESSAGES.stoneUnavailable);
  return rows.map((row) => ({
    id: row.id as string,
    stockNumber: row.stockNumber as string,
    status: row.status as string,
    carat: numberOr(row.carat),
    pricePerCarat: numberOr(row.pricePerCarat),
    discount: numberOr(row.discount),
    amount: numberOr(row.amount),
  }));
}

/** Refuses stones held or on memo for another customer (a block past its end no longer counts). */
export async function refuseBlockedForOthers(
  tx: Db,
  stoneIds: readonly string[],
  userId: string,
  field: string,
): Promise<void> {
  const [blocked] = await tx
    .select({ id: stoneBlocks.id })
    .from(stoneBlocks)
    .where(
      and(
        inArray(stoneBlocks.stoneId, [...stoneIds]),
        isNull(stoneBlocks.endedAt),
        gt(stoneBlocks.expiresAt, new Date()),
        ne(stoneBlocks.userId, userId),
      ),
    )
    .limit(1);
  if (blocked) throw fieldError(field, STOCK_SUMMARY_MESSAGES.stoneBlocked);
}

/**
 * Refuses an offer on a stone whose status a hold could not take (held or on memo by the stock system,
 * not yet in the showroom); a stone held or on memo for this customer is theirs to buy.
 */
export async function refuseNotOfferable(
  tx: Db,
  found: Pick<LiveStone, 'id' | 'status'>,
  userId: string,
  field: string,
): Promise<void> {
  if (BLOCKABLE_STATUSES.has(found.status)) return;
  const [own] = await tx
    .select({ id: stoneBlocks.id })
    .from(stoneBlocks)
    .where(
      and(
        eq(stoneBlocks.stoneId, found.id),
        eq(stoneBlocks.userId, userId),
        isNull(stoneBlocks.endedAt),
        gt(stoneBlocks.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!own) throw fieldError(field, STOCK_SUMMARY_MESSAGES.stoneNotOfferable);
}
