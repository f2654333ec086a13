import {
  can,
  PAGE_VISIT_ENDPOINT,
  PAGE_VISIT_LIMITS,
  REPORT_LOG_ENDPOINT,
  REPORT_MODULES,
  type ReportFormat,
} from '@facet/contract';
import { sql } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { pageTracking } from '../db/resource-tables.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { FORBIDDEN, holderOf } from '../http/access-plugin.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { type AppRoute, implement } from '../http/route.ts';
import { pageVisitPace, reportLogs } from './hit-counter-tables.ts';

export interface ReportUse {
  userId: string;
  report: string;
  action: 'view' | 'download';
  format?: ReportFormat;
}

/** A line of the report log: a report viewed on its screen, or a file of it sent. */
export async function recordReportUse(db: Db, use: ReportUse): Promise<void> {
  await db.insert(reportLogs).values({
    userId: use.userId,
    report: use.report,
    action: use.action,
    format: use.format ?? null,
  });
}

/**
 * Counts one more visit in the user's minute and answers whether it is within the pace: one row a
 * user, upserted, so that parallel calls take turns on its lock and each sees the count before it.
 */
async function withinPace(db: Db, userId: string): Promise<boolean> {
  const [row] = rowsOf<{ visits: number }>(
    await db.execute(sql`insert into ${pageVisitPace} (user_id, window_start, visits)
      values (${userId}::uuid, now(), 1)
      on conflict (user_id) do update set
        visits = case when ${pageVisitPace.windowStart} <= now() - interval '1 minute' then 1
          else ${pageVisitPace.visits} + 1 end,
        window_start = case when ${pageVisitPace.windowStart} <= now() - interval '1 minute' then now()
          else ${pageVisitPace.windowStart} end
      returning visits`),
  );
  return Number(row?.visits ?? 0) <= PAGE_VISIT_LIMITS.perMinute;
}

/** Empty text stays out of the row, as a visit that named none. */
const textOrNull = (value: string | undefined) => (value ? value : null);

/**
 * `admin/report/log/upsert`: the caller viewed (or downloaded) a report they may read, and
 * `apis/analytics/track`: the caller visited a page. Who it was is the session's user, never the body's.
 */
export function reportLogRoutes(ctx: AppContext): AppRoute[] {
  return [
    implement(REPORT_LOG_ENDPOINT, async ({ body, auth }) => {
      // The guard let in a reader of any report; the report named must be one of theirs.
      if (!can(holderOf(auth), REPORT_MODULES[body.report], 'view')) {
        throw new HttpError('E_FORBIDDEN', FORBIDDEN);
      }
      await recordReportUse(ctx.db, { userId: auth.user.id, ...body });
      return ok('Report use recorded.', { recorded: true });
    }),
    implement(PAGE_VISIT_ENDPOINT, async ({ body, auth }) => {
      if (!(await withinPace(ctx.db, auth.user.id))) {
        return ok('Too many visits this minute: this one is not counted.', { recorded: false });
      }
      // The list of page tracking names the visitor by username, as the customers' apps always have.
      await ctx.db.execute(sql`insert into ${pageTracking}
          (user_name, page, section, action, description, device, tracked_at, created_by, updated_by)
        select u.username, ${body.page}, ${textOrNull(body.section)}, ${textOrNull(body.action)},
          ${textOrNull(body.description)}, ${textOrNull(body.device)}, now(), u.id, u.id
        from ${users} u where u.id = ${auth.user.id}::uuid`);
      return ok('Visit recorded.', { recorded: true });
    }),
  ];
}
