import { count, eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http/envelope.ts';

/**
 * Refuses a customer who already has `limit` rows matching `where` (live holds, pending offers, live
 * demands). The customer's row is locked first, so that parallel requests of one customer are counted
 * one after the other and none passes the limit (see auth/sign-in-limits.ts).
 */
export async function refuseOverQuota(
  tx: Db,
  userId: string,
  quota: { table: PgTable; where: SQL | undefined; limit: number; message: string },
): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const [row] = await tx.select({ value: count() }).from(quota.table).where(quota.where);
  if ((row?.value ?? 0) >= quota.limit) throw new HttpError('E_CONFLICT', quota.message);
}
