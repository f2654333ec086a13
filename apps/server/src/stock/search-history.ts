import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import type { AuthContext } from '../auth/authenticate.ts';
import { stoneSearches } from '../db/schema.ts';

/** The spec's search type of a search run from the stock screen. */
export const RECENT_SEARCH = 1;

/**
 * Records a stone search for the search reports, after it was answered: the insert runs beside the
 * response, so the search does not wait for it, and a failure is logged rather than failing a search
 * that already succeeded. The insert's commit does not wait for the disk (synchronous_commit off for
 * this statement alone): a crash may lose the last searches, never the stock, and every search saves
 * a WAL flush.
 */
export function recordStoneSearch(
  ctx: AppContext,
  auth: AuthContext,
  body: Record<string, unknown>,
  resultCount: number,
  tookMs: number,
): void {
  ctx.db
    .execute(
      sql`with relaxed as (select set_config('synchronous_commit', 'off', true))
        insert into ${stoneSearches} (user_id, search_type, body, result_count, duration_ms)
        select ${auth.user.id}, ${RECENT_SEARCH}, ${JSON.stringify(body)}::jsonb, ${resultCount}, ${Math.round(tookMs)}
        from relaxed`,
    )
    .then(
      () => undefined,
      (error: unknown) => ctx.log.error({ err: error }, 'stone search not recorded'),
    );
}
