import type { ResourceRecord } from '@facet/contract';

const title = (record: ResourceRecord, key: string): string | null => {
  const value = record[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

function range(from: string | null, to: string | null): string | null {
  if (from === null || to === null) return from ?? to;
  return from === to ? from : `${from}-${to}`;
}

/** A layout master's criteria as a trader writes them: `Round · D-F · IF-VS2 · 1.00-1.49`. */
export function criteriaText(master: ResourceRecord): string | null {
  const parts = [
    title(master, 'shapeTitle'),
    range(title(master, 'colorFromTitle'), title(master, 'colorToTitle')),
    range(title(master, 'clarityFromTitle'), title(master, 'clarityToTitle')),
    title(master, 'sizeTitle'),
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(' · ') : null;
}
