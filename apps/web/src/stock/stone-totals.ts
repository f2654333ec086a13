import type { StoneTotals } from '@facet/contract';
import { EMPTY, formatCarat, formatMoney, formatNumber, formatPercent } from '../platform/lists/format.ts';

/** What a total reads of a stone row: a grid's rows must carry these. */
export const TOTALLED_FIELDS = ['carat', 'amount', 'marketingBack'] as const;

/** A stone row; a total reads its TOTALLED_FIELDS. */
export type PricedStone = Readonly<Record<string, unknown>>;

function numberOf(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The totals of the stones a user selected, as the search answers them for the whole result: the mean
 * discount of the stones that have one, and the average price per carat as amount over carats, over the
 * stones that have a price (a stone without a price would otherwise pull the average down).
 */
export function totalsOf(stones: readonly PricedStone[]): StoneTotals {
  let carats = 0;
  let amount = 0;
  let pricedCarats = 0;
  let discountSum = 0;
  let discounted = 0;
  for (const stone of stones) {
    const carat = numberOf(stone.carat) ?? 0;
    const price = numberOf(stone.amount);
    const discount = numberOf(stone.marketingBack);
    carats += carat;
    if (price !== null) {
      amount += price;
      pricedCarats += carat;
    }
    if (discount !== null) {
      discountSum += discount;
      discounted += 1;
    }
  }
  return {
    stones: stones.length,
    carats: round(carats, 3),
    amount: round(amount, 2),
    averageDiscount: discounted > 0 ? round(discountSum / discounted, 2) : null,
    averagePricePerCarat: pricedCarats > 0 ? round(amount / pricedCarats, 2) : null,
  };
}

export interface TotalsText {
  stones: string;
  carats: string;
  amount: string;
  averageDiscount: string;
  averagePricePerCarat: string;
}

/** Rounded to three significant figures, as an estimate is told: 571,106 → 571,000. */
export function roughly(value: number): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(Math.abs(value))) - 2);
  return Math.round(value / unit) * unit;
}

/**
 * Totals as the bar shows them: `1,204`, `312.45 ct`, `USD 1,234,567.00`, `-23.50%`, `USD 3,951.22/ct`.
 * Estimated totals (a search past the bound the server counts exactly) read `about 571,000`,
 * `about 412,000 ct`, `about USD 2,150,000,000`, and their means `about -36.48%`.
 */
export function totalsText(totals: StoneTotals, estimated = false): TotalsText {
  if (estimated) {
    const about = (text: string) => (text === EMPTY ? text : `about ${text}`);
    const exact = totalsText(totals);
    return {
      stones: about(formatNumber(roughly(totals.stones), 0)),
      carats: about(`${formatNumber(roughly(totals.carats), 0)} ct`),
      amount: about(formatMoney(roughly(totals.amount), 'USD', 0)),
      averageDiscount: about(exact.averageDiscount),
      averagePricePerCarat: about(exact.averagePricePerCarat),
    };
  }
  return {
    stones: formatNumber(totals.stones, 0),
    carats: `${formatCarat(totals.carats)} ct`,
    amount: formatMoney(totals.amount),
    averageDiscount: formatPercent(totals.averageDiscount),
    averagePricePerCarat:
      totals.averagePricePerCarat === null ? EMPTY : `${formatMoney(totals.averagePricePerCarat)}/ct`,
  };
}
