import { matchStockColumn, type StockColumn, type StockUploadColumnMapping } from '@facet/contract';
import { type Cell, cellText } from './upload-values.ts';

export interface PlannedColumn {
  /** Position of the column in the header row (from 0); in the plan of dataRows, among the cells it picks. */
  index: number;
  header: string;
  column: StockColumn;
}

/** How a file's columns are read: the header row matched against the known columns. */
export interface ColumnPlan {
  columns: PlannedColumn[];
  /** Every header with the column it fills, for the job's record. */
  mapping: StockUploadColumnMapping[];
  targets: ReadonlySet<string>;
}

/** When two headers name the same column (`Weight` and `Carat`), the first one is read. */
export function planColumns(headerRow: readonly Cell[]): ColumnPlan {
  const columns: PlannedColumn[] = [];
  const mapping: StockUploadColumnMapping[] = [];
  const targets = new Set<string>();
  headerRow.forEach((cell, index) => {
    const header = cellText(cell);
    if (header === '') return;
    const column = matchStockColumn(header);
    if (column && !targets.has(column.target)) {
      targets.add(column.target);
      columns.push({ index, header, column });
      mapping.push({ header, column: column.label });
    } else {
      mapping.push({ header, column: null });
    }
  });
  return { columns, mapping, targets };
}

/** A header row names the stock number; rows above it (a title, a blank line) are skipped. */
export function isHeaderRow(plan: ColumnPlan): boolean {
  return plan.targets.has('stockNumber');
}
