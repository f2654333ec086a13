import { and, eq, type SQL } from 'drizzle-orm';
import { stones } from '../db/resource-tables.ts';
import { columnOf } from '../resources/columns.ts';

/**
 * Stock statuses a stone can be held, sent on memo or offered on from: not one the stock system already
 * holds (H, M) or one not yet in the showroom (U).
 */
export const BLOCKABLE_STATUSES: ReadonlySet<string> = new Set(['A', 'S', 'O', 'B', 'D']);

/** A stone a customer can buy now: visible and available. */
export function buyableCondition(): SQL | undefined {
  return and(eq(columnOf(stones, 'isActive'), true), eq(columnOf(stones, 'status'), 'A'));
}
