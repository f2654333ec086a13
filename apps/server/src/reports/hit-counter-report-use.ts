import {
  fourCReport,
  hitCounterReport,
  layoutSearchReport,
  loginReport,
  loginSummaryReport,
  REPORT_MODULES,
  REPORT_USE_ENDPOINT,
  type ReportKey,
  type ReportUseRow,
  searchDayReport,
  searchSoldReport,
  searchSummaryReport,
} from '@facet/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { ok } from '../http/envelope.ts';
import { type AppRoute, implement } from '../http/route.ts';
import { isoMoment } from './report-routes.ts';

/** Each report by the title its screen shows: the report log keeps keys, a manager reads names. */
const REPORT_TITLES = {
  login: loginReport.title,
  'login-summary': loginSummaryReport.title,
  'search-summary': searchSummaryReport.title,
  summary: searchDayReport.title,
  'layout-search': layoutSearchReport.title,
  'four-c': fourCReport.title,
  'search-vs-sold': searchSoldReport.title,
  'hit-counter': hitCounterReport.title,
} as const satisfies Record<ReportKey, string>;

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

interface UseSql {
  report: string;
  views: number;
  downloads: number;
  users: number;
  last_used_at: Date | string | null;
}

/**
 * Every report's views and downloads over the UTC days `from` to `to`, from the report log: the reports
 * used most first, then the unused ones by title, so that a manager sees which reports nobody opens.
 */
export async function reportUseOf(db: Db, from: string, to: string): Promise<ReportUseRow[]> {
  const rows = rowsOf<UseSql>(
    await db.execute(sql`select report, count(*) filter (where action = 'view')::int as views,
        count(*) filter (where action = 'download')::int as downloads,
        count(distinct user_id)::int as users, max(at) as last_used_at
      from report_logs
      where at >= ${`${from}T00:00:00Z`}::timestamptz and at < ${`${nextDay(to)}T00:00:00Z`}::timestamptz
      group by report`),
  );
  const used = new Map(rows.map((row) => [row.report, row]));
  return (Object.keys(REPORT_MODULES) as ReportKey[])
    .map((report) => {
      const row = used.get(report);
      return {
        report,
        title: REPORT_TITLES[report],
        views: Number(row?.views ?? 0),
        downloads: Number(row?.downloads ?? 0),
        users: Number(row?.users ?? 0),
        lastUsedAt: isoMoment(row?.last_used_at ?? null),
      };
    })
    .sort((a, b) => b.views + b.downloads - (a.views + a.downloads) || a.title.localeCompare(b.title, 'en'));
}

/** `apis/analytics/hit-counter/reports`: the report log counted per report, beside the page visits. */
export const reportUseRoute = (db: Db): AppRoute =>
  implement(REPORT_USE_ENDPOINT, async ({ body }) =>
    ok('Report views and downloads.', { list: await reportUseOf(db, body.from, body.to) }),
  );
