/** One row's new position, as `bulk-sequence-update` takes it. */
export interface SequenceItem {
  id: string;
  sequence: number;
}

/**
 * Moves a row of the page from `from` to `to` and gives the page's rows sequences in their new order.
 * The page keeps the sequence values it had (so rows on other pages keep their places); when those
 * repeat (defaults of 0), the page is numbered from its smallest value up. Only changed rows are sent.
 */
export function resequence<T extends { id: string }>(
  rows: readonly T[],
  from: number,
  to: number,
  sequenceOf: (row: T) => number,
): { rows: T[]; changes: SequenceItem[] } {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) {
    return { rows: [...rows], changes: [] };
  }
  const moved = [...rows];
  const [row] = moved.splice(from, 1);
  moved.splice(to, 0, row as T);
  const values = rows.map(sequenceOf).sort((a, b) => a - b);
  const distinct = new Set(values).size === values.length;
  const base = values[0] ?? 0;
  const slots = distinct ? values : values.map((_, index) => base + index);
  const changes: SequenceItem[] = [];
  moved.forEach((item, index) => {
    const sequence = slots[index] as number;
    if (sequenceOf(item) !== sequence) changes.push({ id: item.id, sequence });
  });
  return { rows: moved, changes };
}
