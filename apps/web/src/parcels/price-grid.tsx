import { useMemo } from 'react';
import {
  type CellComponent,
  type Column,
  createTextColumn,
  DynamicDataSheetGrid,
  keyColumn,
  type SimpleColumn,
} from 'react-datasheet-grid';
import 'react-datasheet-grid/dist/style.css';
import { formatMoney } from '../platform/lists/format.ts';
import {
  cellKeyOf,
  NOT_A_PRICE,
  type PriceRow,
  type PriceValue,
  readPrice,
  type SheetAxis,
  trendOf,
} from './price-sheet-model.ts';
import './price-sheet.css';

const ROW_HEIGHT = 36;
const MAX_HEIGHT = 620;
/** Room under the last row for the sideways scrollbar, which the CSS keeps drawn. */
const SCROLLBAR = 12;

const asText = (value: PriceValue) => (value === null ? '' : String(value));

/**
 * Prices as the panel writes money, right-aligned; typed and pasted as people write them. Text that is
 * no price stays in the cell as typed, outlined and named above the grid, never emptied.
 */
const moneyColumn = createTextColumn<PriceValue>({
  alignRight: true,
  deletedValue: null,
  formatBlurredInput: (value) => (typeof value === 'number' ? formatMoney(value) : asText(value)),
  formatInputOnFocus: asText,
  formatForCopy: asText,
  parseUserInput: readPrice,
  parsePastedValue: readPrice,
});

export interface ActiveCell {
  row: number;
  bandId: string;
}

/**
 * The sheet as a spreadsheet: sieve groups down (named in the gutter), quality bands across. Arrow keys,
 * Tab and Enter move, a block pasted from Excel fills the cells from the active one. Each cell is marked
 * against the sheet before (up, down: its title names the price it was), as unsaved, or as refused.
 */
export function PriceGrid({
  groups,
  bands,
  rows,
  saved,
  previous,
  previousDate,
  errors,
  readOnly,
  onChange,
  onActiveCell,
}: {
  groups: readonly SheetAxis[];
  bands: readonly SheetAxis[];
  rows: PriceRow[];
  /** What changes are marked against: the saved sheet, or the copy a new sheet started from. */
  saved: readonly PriceRow[];
  previous: readonly PriceRow[];
  previousDate: string | null;
  /** The refusals of the last save, by cell key. */
  errors: ReadonlyMap<string, string>;
  readOnly: boolean;
  onChange: (rows: PriceRow[]) => void;
  onActiveCell: (cell: ActiveCell) => void;
}) {
  const columns = useMemo<Partial<Column<PriceRow, unknown, string>>[]>(
    () =>
      bands.map((band) => {
        const base = keyColumn<PriceRow, string>(band.id, moneyColumn);
        const Inner = base.component as CellComponent<PriceRow, unknown>;
        const noteOf = (row: number, rowData: PriceRow): string | undefined => {
          if (typeof rowData[band.id] === 'string') return NOT_A_PRICE;
          const error = errors.get(cellKeyOf({ row, bandId: band.id }));
          if (error) return error;
          const before = previous[row]?.[band.id] ?? null;
          const dirty = (rowData[band.id] ?? null) !== (saved[row]?.[band.id] ?? null);
          const changed = dirty ? 'Not saved yet. ' : '';
          if (before === null) return changed || undefined;
          return `${changed}${previousDate ? 'Before' : 'Previous sheet'}: ${formatMoney(before)}`;
        };
        const Cell: CellComponent<PriceRow, unknown> = (props) => (
          <div
            className="parcel-cell"
            title={noteOf(props.rowIndex, props.rowData)}
            data-cell={`${groups[props.rowIndex]?.name ?? ''} | ${band.name}`}
          >
            <Inner {...props} />
          </div>
        );
        return {
          ...base,
          id: band.id,
          title: band.name,
          // Narrow enough for a sheet's usual bands to fit a laptop's width; more scroll sideways.
          basis: 120,
          minWidth: 112,
          disabled: readOnly,
          component: Cell,
          cellClassName: ({ rowData, rowIndex }: { rowData: unknown; rowIndex: number }) => {
            const price = (rowData as PriceRow)[band.id] ?? null;
            const classes: string[] = [];
            const trend = trendOf(price, previous[rowIndex]?.[band.id]);
            if (trend) classes.push(`parcel-${trend}`);
            if (price !== (saved[rowIndex]?.[band.id] ?? null)) classes.push('parcel-dirty');
            if (typeof price === 'string' || errors.has(cellKeyOf({ row: rowIndex, bandId: band.id })))
              classes.push('parcel-error');
            return classes.join(' ') || undefined;
          },
        };
      }),
    [bands, groups, saved, previous, previousDate, errors, readOnly],
  );

  // Kept from render to render: the grid reports the active cell again whenever its columns change.
  const gutter = useMemo<SimpleColumn<PriceRow, unknown>>(
    () => ({
      title: 'Sieve group',
      basis: 110,
      minWidth: 90,
      component: ({ rowIndex }) => <span className="parcel-group">{groups[rowIndex]?.name}</span>,
    }),
    [groups],
  );

  // The dynamic grid: the static one reads its columns once, and these change with the errors and saves.
  return (
    <div className="parcel-sheet">
      <DynamicDataSheetGrid<PriceRow>
        value={rows}
        onChange={(next) => onChange(next)}
        columns={columns}
        lockRows
        rowHeight={ROW_HEIGHT}
        height={Math.min(MAX_HEIGHT, ROW_HEIGHT * (groups.length + 1) + 2 + SCROLLBAR)}
        gutterColumn={gutter}
        // The last cell chosen stays chosen when the grid loses focus (to the history button).
        onActiveCellChange={({ cell }) => {
          if (cell?.colId) onActiveCell({ row: cell.row, bandId: cell.colId });
        }}
      />
    </div>
  );
}
