import { GRID_ENDPOINTS } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { allGridColumnsOf, gridColumnsOf } from './grid-queries.ts';
import { saveGridColumns } from './grid-writes.ts';

/** Column choices of the lists, per user: every signed-in user reads and writes their own only. */
export function gridRoutes(ctx: AppContext) {
  return [
    implement(GRID_ENDPOINTS.getColumns, async ({ body, auth }) =>
      ok('Grid columns.', { grid: body.grid, columns: await gridColumnsOf(ctx.db, auth.user.id, body.grid) }),
    ),
    implement(GRID_ENDPOINTS.upsert, async ({ body, auth }) => {
      await saveGridColumns(ctx.db, auth.user.id, body.grid, body.columns);
      return ok('Grid columns saved.', { grid: body.grid, columns: body.columns });
    }),
    implement(GRID_ENDPOINTS.list, async ({ auth }) =>
      ok('Grid columns.', await allGridColumnsOf(ctx.db, auth.user.id)),
    ),
  ];
}
