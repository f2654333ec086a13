import {
  type FieldError,
  formatMoney,
  type ParcelPriceCellInput,
  type ParcelSheetCell,
} from '@facet/contract';

/** A row or column of the sheet: a sieve group or a quality band, as the screen names it. */
export interface SheetAxis {
  id: string;
  name: string;
}

/**
 * What a cell holds: a price, nothing, or the text the user typed that is no price, kept as typed so it
 * is shown and refused rather than silently emptied.
 */
export type PriceValue = number | string | null;

/** A row of the grid: the prices of one sieve group, by quality band id. */
export type PriceRow = Record<string, PriceValue>;

/** What a cell that holds no price is told. */
export const NOT_A_PRICE = 'Enter a number, like 1,250.50, or clear the cell.';

interface SheetGrid {
  /** The prices as saved (or as copied, for a sheet not saved yet). */
  saved: PriceRow[];
  /** The prices of the sheet before, which the highlight compares with. */
  previous: PriceRow[];
}

type Trend = 'up' | 'down';

/** The cell the user edits, by its row and its band. */
interface CellRef {
  row: number;
  bandId: string;
}

function emptyRow(bands: readonly SheetAxis[]): PriceRow {
  return Object.fromEntries(bands.map((band) => [band.id, null]));
}

/** The server's cells laid out as rows of sieve groups (in their order) by bands. */
export function buildGrid(
  groups: readonly SheetAxis[],
  bands: readonly SheetAxis[],
  cells: readonly ParcelSheetCell[],
): SheetGrid {
  const rowOf = new Map(groups.map((group, index) => [group.id, index]));
  const saved = groups.map(() => emptyRow(bands));
  const previous = groups.map(() => emptyRow(bands));
  for (const cell of cells) {
    const row = rowOf.get(cell.sieveGroupId);
    if (row === undefined || !(cell.qualityBandId in (saved[row] as PriceRow))) continue;
    (saved[row] as PriceRow)[cell.qualityBandId] = cell.pricePerCarat;
    (previous[row] as PriceRow)[cell.qualityBandId] = cell.previousPricePerCarat;
  }
  return { saved, previous };
}

/** A price typed or pasted as people write it (`1,250.50`, `$ 980`, `USD 1 200`); null when it is none. */
export function parsePrice(text: string | null | undefined): number | null {
  const value = readPrice(text);
  return typeof value === 'number' ? value : null;
}

/**
 * A cell's text as the grid keeps it: the price it reads as, null when empty, else the text itself
 * (`abc`, `12x`), which the grid marks as no price and the save refuses.
 */
export function readPrice(text: string | null | undefined): PriceValue {
  if (text === null || text === undefined) return null;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const cleaned = trimmed.replace(/^(US\$|USD|\$)/i, '').replace(/[\s,\u00a0]/g, '');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return trimmed;
  const value = Number(cleaned);
  return Number.isFinite(value) ? value : trimmed;
}

/** The cells that hold text that is no price, in grid order. */
export function invalidCells(
  rows: readonly PriceRow[],
  bands: readonly SheetAxis[],
): { row: number; bandId: string; text: string }[] {
  const found: { row: number; bandId: string; text: string }[] = [];
  rows.forEach((values, row) => {
    for (const band of bands) {
      const value = values[band.id];
      if (typeof value === 'string') found.push({ row, bandId: band.id, text: value });
    }
  });
  return found;
}

/** Whether a price went up or down against the sheet before; nothing when either is missing. */
export function trendOf(price: PriceValue | undefined, previous: PriceValue | undefined): Trend | null {
  if (typeof price !== 'number' || typeof previous !== 'number') return null;
  if (price > previous) return 'up';
  if (price < previous) return 'down';
  return null;
}

function isCellDirty(rows: readonly PriceRow[], saved: readonly PriceRow[], cell: CellRef): boolean {
  return (rows[cell.row]?.[cell.bandId] ?? null) !== (saved[cell.row]?.[cell.bandId] ?? null);
}

/** How many cells differ from what is saved. */
export function countDirty(
  rows: readonly PriceRow[],
  saved: readonly PriceRow[],
  bands: readonly SheetAxis[],
): number {
  let count = 0;
  rows.forEach((_, row) => {
    for (const band of bands) if (isCellDirty(rows, saved, { row, bandId: band.id })) count += 1;
  });
  return count;
}

/** The prices of the sheet as the upsert takes them, with the cell each line stands for. */
export function sheetPrices(
  groups: readonly SheetAxis[],
  bands: readonly SheetAxis[],
  rows: readonly PriceRow[],
): { prices: ParcelPriceCellInput[]; cells: CellRef[] } {
  const prices: ParcelPriceCellInput[] = [];
  const cells: CellRef[] = [];
  groups.forEach((group, row) => {
    for (const band of bands) {
      const pricePerCarat = rows[row]?.[band.id];
      if (typeof pricePerCarat !== 'number') continue;
      prices.push({ sieveGroupId: group.id, qualityBandId: band.id, pricePerCarat });
      cells.push({ row, bandId: band.id });
    }
  });
  return { prices, cells };
}

export const cellKeyOf = (cell: CellRef) => `${cell.row}:${cell.bandId}`;

/**
 * The envelope's field errors on the cells they name (`prices.3.price` is the fourth line sent); the
 * ones about no cell are returned apart, to be shown above the grid.
 */
export function errorsByCell(
  errors: readonly FieldError[],
  sent: readonly CellRef[],
): { cells: Map<string, string>; other: string[] } {
  const cells = new Map<string, string>();
  const other: string[] = [];
  for (const error of errors) {
    const match = /^prices[.[](\d+)/.exec(error.field);
    const cell = match ? sent[Number(match[1])] : undefined;
    if (cell) cells.set(cellKeyOf(cell), error.message);
    else other.push(error.message);
  }
  return { cells, other };
}

/**
 * The grid with a file's prices put in; cells of groups or bands the sheet lacks are counted apart.
 */
export function applyPrices(
  groups: readonly SheetAxis[],
  bands: readonly SheetAxis[],
  rows: readonly PriceRow[],
  prices: readonly ParcelPriceCellInput[],
): { rows: PriceRow[]; changed: number; unknown: number } {
  const rowOf = new Map(groups.map((group, index) => [group.id, index]));
  const bandIds = new Set(bands.map((band) => band.id));
  const next = rows.map((row) => ({ ...row }));
  let changed = 0;
  let unknown = 0;
  for (const line of prices) {
    const row = rowOf.get(line.sieveGroupId);
    if (row === undefined || !bandIds.has(line.qualityBandId)) {
      unknown += 1;
      continue;
    }
    const target = next[row] as PriceRow;
    if (target[line.qualityBandId] !== line.pricePerCarat) changed += 1;
    target[line.qualityBandId] = line.pricePerCarat;
  }
  return { rows: next, changed, unknown };
}

/** A change of price in the panel's money format, signed either way: `USD +6.51`, `USD -8.22`. */
export function formatMoneyChange(change: number): string {
  const text = formatMoney(change);
  return change > 0 ? text.replace(/^(\D*?)(\d)/, '$1+$2') : text;
}

/** The points of a small trend line through `values`, oldest first, in a `width` × `height` box. */
export function sparklinePoints(values: readonly number[], width: number, height: number): string {
  if (values.length === 0) return '';
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values
    .map((value, index) => {
      const x = values.length > 1 ? index * step : width / 2;
      const y = max === min ? height / 2 : height - ((value - min) / span) * height;
      return `${Number(x.toFixed(1))},${Number(y.toFixed(1))}`;
    })
    .join(' ');
}
