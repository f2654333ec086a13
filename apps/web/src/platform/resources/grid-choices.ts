import type { GridColumn } from '@facet/contract';
import type { ColumnChoice } from './resource-model.ts';

/**
 * The user's saved choice over the declaration's columns: saved keys keep their order and visibility,
 * keys the declaration no longer has are dropped, and new ones follow with their defaults.
 */
export function applyGridChoice(
  defaults: readonly ColumnChoice[],
  saved: readonly GridColumn[] | null,
): ColumnChoice[] {
  if (!saved) return [...defaults];
  const byKey = new Map(defaults.map((choice) => [choice.key, choice]));
  const seen = new Set<string>();
  const merged: ColumnChoice[] = [];
  for (const column of saved) {
    const choice = byKey.get(column.key);
    if (!choice || seen.has(column.key)) continue;
    seen.add(column.key);
    merged.push({ ...choice, visible: column.visible });
  }
  for (const choice of defaults) if (!seen.has(choice.key)) merged.push(choice);
  return merged;
}

export function toGridColumns(choices: readonly ColumnChoice[]): GridColumn[] {
  return choices.map(({ key, visible }) => ({ key, visible }));
}
