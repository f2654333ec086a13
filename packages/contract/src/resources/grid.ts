import { z } from 'zod';

/** Column choices of a list, remembered per user (`grid` is the resource name or another list key). */
export const GRID_PATHS = {
  getColumns: 'apis/grid/get-columns',
  upsert: 'apis/grid/upsert',
  list: 'apis/grid/list',
} as const;

export const gridColumnSchema = z.object({
  key: z.string().min(1).max(60),
  visible: z.boolean(),
  width: z.number().int().min(40).max(1000).optional(),
});

export const gridKeySchema = z.object({ grid: z.string().min(1).max(60) });

export const gridUpsertSchema = gridKeySchema.extend({ columns: z.array(gridColumnSchema).max(200) });

export type GridColumn = z.infer<typeof gridColumnSchema>;

/** `get-columns` answers the saved choice, or `columns: null` when the user kept the defaults. */
export interface GridColumnsData {
  grid: string;
  columns: GridColumn[] | null;
}
