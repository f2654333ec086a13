/**
 * The trade's standard carat brackets (domain reference, "Stock vocabularies"), in order. A stone falls
 * in the bracket whose bounds hold its weight; weights between brackets (5.99 to 10.00) fall in none and
 * are reported as "Other sizes". Reports key their roll-ups by the bracket's `index`.
 */
export const CARAT_BRACKETS = [
  { index: 1, from: 0.01, to: 0.03 },
  { index: 2, from: 0.04, to: 0.07 },
  { index: 3, from: 0.08, to: 0.14 },
  { index: 4, from: 0.15, to: 0.17 },
  { index: 5, from: 0.18, to: 0.22 },
  { index: 6, from: 0.23, to: 0.29 },
  { index: 7, from: 0.3, to: 0.39 },
  { index: 8, from: 0.4, to: 0.49 },
  { index: 9, from: 0.5, to: 0.69 },
  { index: 10, from: 0.7, to: 0.89 },
  { index: 11, from: 0.9, to: 0.99 },
  { index: 12, from: 1, to: 1.49 },
  { index: 13, from: 1.5, to: 1.99 },
  { index: 14, from: 2, to: 2.99 },
  { index: 15, from: 3, to: 3.99 },
  { index: 16, from: 4, to: 4.99 },
  { index: 17, from: 5, to: 5.99 },
  { index: 18, from: 10, to: 10.99 },
] as const;

export type CaratBracket = (typeof CARAT_BRACKETS)[number];

/** The bracket a weight falls in (carats as stored, two places), or null between and past brackets. */
export function caratBracketOf(carat: number): CaratBracket | null {
  return CARAT_BRACKETS.find((bracket) => carat >= bracket.from && carat <= bracket.to) ?? null;
}

/** The brackets a searched carat range (either end open) overlaps. */
export function caratBracketsOverlapping(from: number | undefined, to: number | undefined): CaratBracket[] {
  return CARAT_BRACKETS.filter(
    (bracket) => (from === undefined || bracket.to >= from) && (to === undefined || bracket.from <= to),
  );
}

/** `1.00 – 1.49`: a bracket as the trade writes it. */
export function caratBracketLabel(bracket: Pick<CaratBracket, 'from' | 'to'>): string {
  return `${bracket.from.toFixed(2)} – ${bracket.to.toFixed(2)}`;
}

export const CARAT_BRACKET_OPTIONS = CARAT_BRACKETS.map((bracket) => ({
  value: bracket.index,
  label: caratBracketLabel(bracket),
}));
