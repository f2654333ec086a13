import type { DashboardFigure } from '@facet/contract';
import { or, type SQL, sql } from 'drizzle-orm';
import type { DashboardViewer } from '../modules/server-module.ts';
import { countFigure } from './dashboard-figures.ts';

/** A figure of the reader's today, compared with the same weekday a week before. */
export interface DayFigure {
  key: string;
  label: string;
  /** The condition of the list the figure opens, filtered to one of the reader's days (`2026-11-28`). */
  on: (date: string) => SQL | undefined;
  /** That list's address, filtered to the same day. */
  link: (date: string) => string;
}

/** Named counts (`count(*) filter (where …)`) under a where, through a list's own count query and joins. */
export type CountScan = (
  selection: Record<string, SQL<number>>,
  where: SQL | undefined,
) => Promise<Record<string, number> | undefined>;

/**
 * Each figure on the reader's today against the same weekday a week before, every count from one scan
 * of the rows any of them matches, through the conditions and the count of the list each opens: a
 * figure is what its list counts.
 */
export async function weekOnWeek(
  viewer: DashboardViewer,
  figures: readonly DayFigure[],
  scan: CountScan,
): Promise<DashboardFigure[]> {
  if (figures.length === 0) return [];
  const today = viewer.day(0).date;
  const lastWeek = viewer.day(-7).date;
  const conditions = figures.flatMap((figure, index) => [
    [`now${index}`, figure.on(today) ?? sql`true`] as const,
    [`before${index}`, figure.on(lastWeek) ?? sql`true`] as const,
  ]);
  const selection = Object.fromEntries(
    conditions.map(([key, condition]) => [
      key,
      sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number),
    ]),
  );
  const counts = (await scan(selection, or(...conditions.map(([, condition]) => condition)))) ?? {};
  return figures.map((figure, index) =>
    countFigure(
      figure.key,
      figure.label,
      counts[`now${index}`] ?? 0,
      figure.link(today),
      counts[`before${index}`] ?? 0,
    ),
  );
}
