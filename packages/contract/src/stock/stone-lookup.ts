import { z } from 'zod';

/**
 * `POST apis/diamond/lookup`: live stones by stock or report number, for the screens that pick one
 * stone (a featured stone, a diamond journey, a comment filter). Unlike the stock search it is not
 * recorded as a search and is open to those screens' modules, not only to Stock Master.
 */
export const STONE_LOOKUP_PATH = 'apis/diamond/lookup';

export const STONE_LOOKUP_LIMIT = { default: 20, max: 50 } as const;

export const stoneLookupSchema = z.strictObject({
  /** Part of a stock or report number, ignoring case; exact matches come first. */
  search: z.string().trim().max(60).optional(),
  /** These stones (the current value of a choice), whatever the search. */
  ids: z.array(z.uuid()).min(1).max(STONE_LOOKUP_LIMIT.max).optional(),
  limit: z.number().int().min(1).max(STONE_LOOKUP_LIMIT.max).default(STONE_LOOKUP_LIMIT.default),
});
export type StoneLookupRequest = z.input<typeof stoneLookupSchema>;

/** A stone as a choice shows it: identity, the four Cs and the price; grades by their names. */
export interface StoneSummary {
  id: string;
  stockNumber: string;
  certificateNumber: string | null;
  lab: string | null;
  status: string;
  shape: string | null;
  carat: number;
  color: string | null;
  clarity: string | null;
  cut: string | null;
  polish: string | null;
  symmetry: string | null;
  fluorescence: string | null;
  pricePerCarat: number | null;
  amount: number | null;
}

/** `FD100001 · Round 1.01 ct D VS1`: how a chosen stone reads in a choice. */
export function stoneSummaryLabel(stone: StoneSummary): string {
  const grades = [stone.shape, `${stone.carat.toFixed(2)} ct`, stone.color, stone.clarity]
    .filter((part) => part !== null && part !== '')
    .join(' ');
  return `${stone.stockNumber} · ${grades}`;
}
