import { type DashboardFigure, stoneResource } from '@facet/contract';
import { inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { countFigure, listLink } from '../dashboard/dashboard-figures.ts';
import { masters, stones } from '../db/resource-tables.ts';
import type { DashboardTileBody, DashboardViewer } from '../modules/server-module.ts';
import { columnOf } from '../resources/columns.ts';
import { whereOf } from '../resources/query.ts';
import { paginateRecords } from '../resources/read.ts';

/** New arrivals: stones that arrived within this many days (the stock screen's `newArrivals=7`). */
const ARRIVAL_DAYS = 7;
const GRADES = [
  { key: 'shapeId', title: 'Stones by shape' },
  { key: 'colorId', title: 'Stones by colour' },
  { key: 'clarityId', title: 'Stones by clarity' },
] as const;

const stone = (key: string) => columnOf(stones, key);

/** The stock's figures as the stock list counts them: the same bounded count and totals, cached alike. */
function stockPage(ctx: AppContext, filter: Record<string, unknown>) {
  return paginateRecords(ctx.db, stoneResource, { page: 1, limit: 1, filter });
}

/**
 * Stones by shape, colour and clarity from one grouped scan (grouping sets), each value named by its
 * master and in the masters' order, each opening the stock filtered to it.
 */
async function gradeBreakdowns(ctx: AppContext): Promise<DashboardTileBody['breakdowns']> {
  const [shape, color, clarity] = GRADES.map((grade) => stone(grade.key));
  const rows = await ctx.db
    .select({
      shapeId: sql<string | null>`${shape}`,
      colorId: sql<string | null>`${color}`,
      clarityId: sql<string | null>`${clarity}`,
      byShape: sql<number>`grouping(${shape})::int`.mapWith(Number),
      byColor: sql<number>`grouping(${color})::int`.mapWith(Number),
      stones: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(stones)
    .where(whereOf(stoneResource, {}))
    .groupBy(sql`grouping sets ((${shape}), (${color}), (${clarity}))`);
  const ids = [...new Set(rows.flatMap((row) => [row.shapeId, row.colorId, row.clarityId]))].filter(
    (id): id is string => typeof id === 'string',
  );
  const names =
    ids.length === 0
      ? []
      : await ctx.db
          .select({
            id: sql<string>`${columnOf(masters, 'id')}`,
            name: sql<string>`${columnOf(masters, 'name')}`,
            sequence: sql<number>`${columnOf(masters, 'sequence')}`.mapWith(Number),
          })
          .from(masters)
          .where(inArray(columnOf(masters, 'id'), ids));
  const master = new Map(names.map((row) => [row.id, row]));
  return GRADES.map((grade) => {
    // grouping() is 0 for the column a grouping set groups by.
    const ofGrade = rows.filter((row) =>
      grade.key === 'shapeId'
        ? row.byShape === 0
        : grade.key === 'colorId'
          ? row.byShape === 1 && row.byColor === 0
          : row.byShape === 1 && row.byColor === 1,
    );
    const figures = ofGrade
      .map((row) => {
        const id = row[grade.key];
        const value = id ? master.get(id) : undefined;
        return {
          sequence: value?.sequence ?? Number.MAX_SAFE_INTEGER,
          figure: countFigure(
            id ?? 'none',
            value?.name ?? 'Not graded',
            row.stones,
            id ? listLink('stock', { [grade.key]: id }) : null,
          ),
        };
      })
      .sort((a, b) => a.sequence - b.sequence || a.figure.label.localeCompare(b.figure.label))
      .map((entry) => entry.figure);
    return { key: grade.key, title: grade.title, figures };
  });
}

/** The stock tile: stones, carats, value and average discount, this week's arrivals, and the 4C spread. */
export async function stockTile(ctx: AppContext, viewer: DashboardViewer): Promise<DashboardTileBody> {
  const since = viewer.day(-ARRIVAL_DAYS).date;
  const [all, arrivals, breakdowns] = await Promise.all([
    stockPage(ctx, {}),
    stockPage(ctx, { marketingIssueDate: { from: since } }),
    gradeBreakdowns(ctx),
  ]);
  const totals = all.totals ?? {};
  const total = (key: string, label: string, display: DashboardFigure['display']): DashboardFigure => ({
    key,
    label,
    value: totals[key] ?? null,
    display,
    link: 'stock',
  });
  return {
    figures: [
      countFigure('stones', 'Stones', all.count, 'stock'),
      total('carats', 'Carats', 'carat'),
      total('amount', 'Value', 'money'),
      total('averageDiscount', 'Average discount', 'percent'),
      countFigure(
        'new-arrivals',
        'New arrivals this week',
        arrivals.count,
        listLink('stock', { newArrivals: ARRIVAL_DAYS }),
      ),
    ],
    breakdowns,
    items: [],
  };
}
