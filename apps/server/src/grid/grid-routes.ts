import { GRID_PATHS, type GridColumnsData, gridKeySchema, gridUpsertSchema } from '@facet/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { gridColumns } from '../db/schema.ts';
import { ok } from '../http/envelope.ts';
import { at, defineRoute } from '../http/route.ts';

/** Column choices of the lists, per user: every signed-in user reads and writes their own only. */
export function gridRoutes(ctx: AppContext) {
  return [
    defineRoute({
      method: 'POST',
      url: at(GRID_PATHS.getColumns),
      access: { authenticated: true },
      body: gridKeySchema,
      handler: async ({ body, auth }) => {
        const [row] = await ctx.db
          .select({ columns: gridColumns.columns })
          .from(gridColumns)
          .where(and(eq(gridColumns.userId, auth.user.id), eq(gridColumns.grid, body.grid)));
        const data: GridColumnsData = { grid: body.grid, columns: row?.columns ?? null };
        return ok('Grid columns.', data);
      },
    }),
    defineRoute({
      method: 'POST',
      url: at(GRID_PATHS.upsert),
      access: { authenticated: true },
      body: gridUpsertSchema,
      handler: async ({ body, auth }) => {
        await ctx.db
          .insert(gridColumns)
          .values({ userId: auth.user.id, grid: body.grid, columns: body.columns })
          .onConflictDoUpdate({
            target: [gridColumns.userId, gridColumns.grid],
            set: { columns: body.columns, updatedAt: sql`now()` },
          });
        const data: GridColumnsData = { grid: body.grid, columns: body.columns };
        return ok('Grid columns saved.', data);
      },
    }),
    defineRoute({
      method: 'POST',
      url: at(GRID_PATHS.list),
      access: { authenticated: true },
      handler: async ({ auth }) => {
        const rows = await ctx.db
          .select({ grid: gridColumns.grid, columns: gridColumns.columns })
          .from(gridColumns)
          .where(eq(gridColumns.userId, auth.user.id))
          .orderBy(asc(gridColumns.grid));
        const data: GridColumnsData[] = rows;
        return ok('Grid columns.', data);
      },
    }),
  ];
}
