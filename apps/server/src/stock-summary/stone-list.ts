import { STOCK_NOTICE_LIMITS } from '@facet/contract';

/** Stock numbers as a notice names them: the first few, then how many more (`R1, R2, R3 and 4 more`). */
export function stoneList(
  stockNumbers: readonly string[],
  total = stockNumbers.length,
  named = STOCK_NOTICE_LIMITS.stonesNamed,
): string {
  const shown = stockNumbers.slice(0, named);
  const more = total - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
