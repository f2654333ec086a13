import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { seedState } from './seed-state-table.ts';

/**
 * Claims a one-off seed inside the caller's transaction: true for the one instance that inserts the
 * row. A second instance starting at the same moment waits on the row until the first commits, then
 * sees it and skips; if the first rolls back, the second seeds instead.
 */
export async function claimSeed(tx: Db, name: string): Promise<boolean> {
  const claimed = await tx
    .insert(seedState)
    .values({ name, completedAt: sql`now()` })
    .onConflictDoNothing()
    .returning({ name: seedState.name });
  return claimed.length > 0;
}
