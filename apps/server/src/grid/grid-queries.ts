import type { GridColumn } from '@facet/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { gridColumns } from './grid-column-table.ts';

/** The user's column choices of one list; null when the user kept the default. */
export async function gridColumnsOf(db: Db, userId: string, grid: string): Promise<GridColumn[] | null> {
  const [row] = await db
    .select({ columns: gridColumns.columns })
    .from(gridColumns)
    .where(and(eq(gridColumns.userId, userId), eq(gridColumns.grid, grid)));
  return row?.columns ?? null;
}

/** Every list the user chose columns for, by list key. */
export function allGridColumnsOf(db: Db, userId: string) {
  return db
    .select({ grid: gridColumns.grid, columns: gridColumns.columns })
    .from(gridColumns)
    .where(eq(gridColumns.userId, userId))
    .orderBy(asc(gridColumns.grid));
}
