import type { DashboardFigure } from '@facet/contract';

/**
 * Figures as the tiles write them. A feature's reader imports these (the dashboard imports no
 * feature), so every tile spells a figure the same way.
 */
export function countFigure(
  key: string,
  label: string,
  value: number | null,
  link: string | null,
  previous?: number | null,
): DashboardFigure {
  return { key, label, value, display: 'count', link, ...(previous === undefined ? {} : { previous }) };
}

type LinkValue = string | number | boolean;

/** A list's address with its filters: a list of values repeats its key, as the lists read it (`status=1&status=2`). */
export function listLink(
  route: string,
  filter: Readonly<Record<string, LinkValue | readonly LinkValue[]>> = {},
) {
  const query = Object.entries(filter)
    .flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((one) => [key, one] as const))
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${route}?${query}` : route;
}

/** A day range as the lists keep it in their address (`2026-11-28~2026-11-28`). */
export const dayRange = (from: string, to: string = from) => `${from}~${to}`;
