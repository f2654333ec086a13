import { describe, expect, it } from 'vitest';
import { dataRows } from './upload-file-rows.ts';
import type { ColumnPlan } from './upload-plan.ts';
import { CsvRow, type SheetRow } from './upload-reader.ts';
import type { Cell } from './upload-values.ts';

async function* sheet(lines: Cell[][]): AsyncGenerator<SheetRow> {
  for (const [index, cells] of lines.entries()) yield new CsvRow(index + 1, cells);
}

async function read(lines: Cell[][]) {
  const plans: ColumnPlan[] = [];
  const rows: { rowNumber: number; cells: Cell[] }[] = [];
  for await (const { row } of dataRows(sheet(lines), async (plan) => void plans.push(plan))) rows.push(row);
  return { plan: plans[0], rows };
}

describe('dataRows', () => {
  it("picks the header's known columns only, in the plan's order", async () => {
    const { plan, rows } = await read([['Price list'], ['Stock #', 'Notes', 'Carat'], ['A-1', 'fine', 0.5]]);
    expect(plan?.columns.map(({ index, header }) => ({ index, header }))).toEqual([
      { index: 0, header: 'Stock #' },
      { index: 1, header: 'Carat' },
    ]);
    expect(rows).toEqual([{ rowNumber: 3, cells: ['A-1', 0.5] }]);
  });

  it('ignores cells right of the header and under empty headers, but not under an unknown one', async () => {
    const { rows } = await read([
      ['Stock #', '', 'Carat', 'Notes'],
      [null, 'under no header', null, null, 'right of the header'],
      [null, null, null, 'a note'],
    ]);
    expect(rows).toEqual([{ rowNumber: 3, cells: [null, null] }]);
  });
});
