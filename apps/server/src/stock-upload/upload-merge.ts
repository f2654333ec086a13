/** A good row of an upload, by the keys that make two rows the same stone. */
export interface DuplicateCandidate {
  row_number: number;
  stock_key: string | null;
  certificate_key: string | null;
}

/** Groups rows that share a stock # or a lab and certificate #, through any chain of them. */
export function duplicateGroups<C extends DuplicateCandidate>(candidates: readonly C[]): C[][] {
  const parent = new Map<number, number>();
  const find = (row: number): number => {
    let root = row;
    while (parent.get(root) !== root) root = parent.get(root) ?? root;
    parent.set(row, root);
    return root;
  };
  const firstByKey = new Map<string, number>();
  for (const candidate of candidates) {
    parent.set(candidate.row_number, candidate.row_number);
    for (const key of [`s:${candidate.stock_key}`, `c:${candidate.certificate_key}`]) {
      if (key.endsWith(':null')) continue;
      const first = firstByKey.get(key);
      if (first === undefined) firstByKey.set(key, candidate.row_number);
      else parent.set(find(candidate.row_number), find(first));
    }
  }
  const groups = new Map<number, C[]>();
  for (const candidate of candidates) {
    const root = find(candidate.row_number);
    groups.set(root, [...(groups.get(root) ?? []), candidate]);
  }
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .map((group) => group.sort((a, b) => a.row_number - b.row_number));
}
