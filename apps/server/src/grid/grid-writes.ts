import type { GridColumn } from '@facet/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { gridColumns } from './grid-column-table.ts';

/** Replaces the user's column choices of one list, creating them the first time. */
export async function saveGridColumns(
  db: Db,
  userId: string,
  grid: string,
  columns: GridColumn[],
): Promise<void> {
  await db
    .insert(gridColumns)
    .values({ userId, grid, columns })
    .onConflictDoUpdate({
      target: [gridColumns.userId, gridColumns.grid],
      set: { columns, updatedAt: sql`now()` },
    });
}
