import { PARCEL_MESSAGES as M, PARCEL_LIMITS } from '@facet/contract';
import { fieldError } from '../http/envelope.ts';

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

interface PricedLine {
  pieces?: number | undefined;
  carats?: number | undefined;
  pricePerCarat: number;
}

/** A sum of the values present, or null when none is. */
function sumOf(values: (number | null | undefined)[]): number | null {
  const present = values.filter((value): value is number => typeof value === 'number');
  return present.length === 0 ? null : present.reduce((total, value) => total + value, 0);
}

/**
 * Each line's amount (carats × price, none for a line of pieces only) and the order's totals. A total
 * past what the order's amount column holds is refused on `lines` before anything is written: the
 * database would refuse it with an overflow.
 */
export function orderTotals<L extends PricedLine>(lines: readonly L[]) {
  const priced = lines.map((line) => ({
    ...line,
    amount: line.carats === undefined ? null : round(line.carats * line.pricePerCarat, 2),
  }));
  const totalCarats = sumOf(priced.map((line) => line.carats));
  const totalAmount = sumOf(priced.map((line) => line.amount));
  if (totalAmount !== null && totalAmount > PARCEL_LIMITS.orderAmount)
    throw fieldError('lines', M.orderTooLarge);
  return {
    lines: priced,
    totalPieces: sumOf(priced.map((line) => line.pieces)),
    totalCarats: totalCarats === null ? null : round(totalCarats, 3),
    totalAmount: totalAmount === null ? null : round(totalAmount, 2),
  };
}
