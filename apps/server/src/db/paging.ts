import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';

/** `%` and `_` typed by the user are literal characters, not wildcards. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * ORDER BY from a validated `sort` object (its keys are the contract's sort keys), falling back to
 * `fallback`; `tieBreak` (a unique column) keeps pages from overlapping.
 */
export function sortOrder(
  sort: Record<string, string | undefined> | undefined,
  columns: Record<string, AnyColumn | SQL>,
  fallback: SQL[],
  tieBreak: AnyColumn,
): SQL[] {
  const order = Object.entries(sort ?? {}).flatMap(([key, direction]) => {
    const column = columns[key];
    return direction && column ? [(direction.toLowerCase() === 'asc' ? asc : desc)(column)] : [];
  });
  return [...(order.length > 0 ? order : fallback), asc(tieBreak)];
}

export function pageOf(request: { page: number; limit: number }) {
  return { limit: request.limit, offset: (request.page - 1) * request.limit };
}
