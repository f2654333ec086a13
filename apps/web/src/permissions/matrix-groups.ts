import type { MenuItem } from '@facet/contract';
import type { MatrixRow } from './matrix-state.ts';

/** A heading row of the matrix: the menu group the modules below it sit in. */
export interface GroupRow {
  group: string;
}

export type MatrixLine = MatrixRow | GroupRow;

export const OTHER_GROUP = 'Other';

export const isGroupRow = (line: MatrixLine): line is GroupRow => 'group' in line;

/** Each module's menu group and its place in the menu: the group's, then its first entry's. */
function placesOf(menu: readonly MenuItem[]): Map<string, { group: string; order: number }> {
  const places = new Map<string, { group: string; order: number }>();
  let order = 0;
  for (const item of menu) {
    for (const leaf of item.children ?? []) {
      order += 1;
      if (leaf.module && !places.has(leaf.module)) places.set(leaf.module, { group: item.name, order });
    }
  }
  return places;
}

/**
 * The rows under the menu's groups, in the menu's order; a module with no entry in a group goes under
 * "Other", at the end, in the order it came in. Groups left empty (by the module search) show no heading.
 */
export function groupedLines(rows: readonly MatrixRow[], menu: readonly MenuItem[]): MatrixLine[] {
  const places = placesOf(menu);
  const last = Number.MAX_SAFE_INTEGER;
  const sorted = rows
    .map((row, index) => ({ row, index, place: places.get(row.module) }))
    .sort((a, b) => (a.place?.order ?? last) - (b.place?.order ?? last) || a.index - b.index);
  const lines: MatrixLine[] = [];
  let current: string | undefined;
  for (const { row, place } of sorted) {
    const group = place?.group ?? OTHER_GROUP;
    if (group !== current) {
      lines.push({ group });
      current = group;
    }
    lines.push(row);
  }
  return lines;
}
