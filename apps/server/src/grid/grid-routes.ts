import { GRID_ENDPOINTS } from '@facet/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { gridColumns } from '../db/schema.ts';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';

/** Column choices of the lists, per user: every signed-in user reads and writes their own only. */
export function gridRoutes(ctx: AppContext) {
  return [
    implement(GRID_ENDPOINTS.getColumns, async ({ body, auth }) => {
      const [row] = await ctx.db
        .select({ columns: gridColumns.columns })
        .from(gridColumns)
        .where(and(eq(gridColumns.userId, auth.user.id), eq(gridColumns.grid, body.grid)));
      return ok('Grid columns.', { grid: body.grid, columns: row?.columns ?? null });
    }),
    implement(GRID_ENDPOINTS.upsert, async ({ body, auth }) => {
      await ctx.db
        .insert(gridColumns)
        .values({ userId: auth.user.id, grid: body.grid, columns: body.columns })
        .onConflictDoUpdate({
          target: [gridColumns.userId, gridColumns.grid],
          set: { columns: body.columns, updatedAt: sql`now()` },
        });
      return ok('Grid columns saved.', { grid: body.grid, columns: body.columns });
    }),
    implement(GRID_ENDPOINTS.list, async ({ auth }) => {
      const rows = await ctx.db
        .select({ grid: gridColumns.grid, columns: gridColumns.columns })
        .from(gridColumns)
        .where(eq(gridColumns.userId, auth.user.id))
        .orderBy(asc(gridColumns.grid));
      return ok('Grid columns.', rows);
    }),
  ];
}
