import type { ResourceSpec } from '@facet/contract';

/**
 * The `stampOnToggle` fields a write sets: a flag turned on stamps the acting user and the instant, a
 * flag turned off clears them. `current` is the stored record (absent on create); a flag that does not
 * change leaves its stamps alone.
 */
export function toggleStamps(
  resource: ResourceSpec,
  userId: string,
  values: Readonly<Record<string, unknown>>,
  current?: Readonly<Record<string, unknown>>,
  now: Date = new Date(),
): Record<string, unknown> {
  const stamps: Record<string, unknown> = {};
  for (const [flag, { by, at }] of Object.entries(resource.stampOnToggle ?? {})) {
    const next = values[flag];
    if (typeof next !== 'boolean') continue;
    if (current ? current[flag] === next : !next) continue;
    stamps[by] = next ? userId : null;
    stamps[at] = next ? now.toISOString() : null;
  }
  return stamps;
}
