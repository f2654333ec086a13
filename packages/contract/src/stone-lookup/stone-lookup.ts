import { z } from 'zod';

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
export const stoneSummarySchema = z.object({
  id: z.string(),
  stockNumber: z.string(),
  certificateNumber: z.string().nullable(),
  lab: z.string().nullable(),
  status: z.string(),
  shape: z.string().nullable(),
  carat: z.number(),
  color: z.string().nullable(),
  clarity: z.string().nullable(),
  cut: z.string().nullable(),
  polish: z.string().nullable(),
  symmetry: z.string().nullable(),
  fluorescence: z.string().nullable(),
  pricePerCarat: z.number().nullable(),
  amount: z.number().nullable(),
});
export type StoneSummary = z.infer<typeof stoneSummarySchema>;

/** `FD100001 · Round 1.01 ct D VS1`: how a chosen stone reads in a choice. */
export function stoneSummaryLabel(stone: StoneSummary): string {
  const grades = [stone.shape, `${stone.carat.toFixed(2)} ct`, stone.color, stone.clarity]
    .filter((part) => part !== null && part !== '')
    .join(' ');
  return `${stone.stockNumber} · ${grades}`;
}
