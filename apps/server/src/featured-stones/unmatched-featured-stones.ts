import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { featuredStonesUnmatched } from './featured-stone-tables.ts';

/**
 * Featured stones set aside when they became references to stones (their stock number matched no
 * stone) are shown nowhere: the log says so at every start until someone deals with them.
 */
export async function warnOfUnmatchedFeaturedStones(db: Db, log: FastifyBaseLogger): Promise<void> {
  const [row] = await db.select({ value: count() }).from(featuredStonesUnmatched);
  const unmatched = row?.value ?? 0;
  if (unmatched > 0) {
    log.warn(
      { unmatched },
      'featured stones whose stock number matched no stone are kept in featured_stones_unmatched; see docs/featured-stones.md',
    );
  }
}
