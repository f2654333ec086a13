import {
  type FieldSpec,
  fieldText,
  isUuid,
  RESOURCE_BY_NAME,
  type SearchCriterion,
  stoneResource,
} from '@facet/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tableFor } from '../db/tables.ts';
import { columnOf } from '../resources/columns.ts';

/** Codes listed in full up to this many; longer pasted lists say how many more. */
const CODES_SHOWN = 10;

type Titles = ReadonlyMap<string, string>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const filterOf = (body: Record<string, unknown>) => (isObject(body.filter) ? body.filter : {});

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** The ids a recorded filter names per referenced resource (grades name master values). */
function referencedIds(bodies: readonly Record<string, unknown>[]): Map<string, Set<string>> {
  const wanted = new Map<string, Set<string>>();
  for (const body of bodies) {
    for (const [key, value] of Object.entries(filterOf(body))) {
      const target = stoneResource.fields[key]?.references;
      if (!target) continue;
      const ids = wanted.get(target) ?? new Set<string>();
      for (const item of listOf(value)) if (typeof item === 'string' && isUuid(item)) ids.add(item);
      wanted.set(target, ids);
    }
  }
  return wanted;
}

/** The titles of every record the bodies' filters name, one query per referenced resource. */
export async function titlesOf(db: Db, bodies: readonly Record<string, unknown>[]): Promise<Titles> {
  const titles = new Map<string, string>();
  for (const [name, ids] of referencedIds(bodies)) {
    const resource = RESOURCE_BY_NAME.get(name);
    if (!resource || ids.size === 0) continue;
    const table = tableFor(resource);
    const rows = await db
      .select({ id: columnOf(table, 'id'), title: columnOf(table, resource.titleField) })
      .from(table)
      .where(inArray(columnOf(table, 'id'), [...ids]));
    for (const row of rows) titles.set(row.id as string, String(row.title));
  }
  return titles;
}

function scalarText(spec: FieldSpec | undefined, value: unknown, titles: Titles): string {
  if (value === null) return 'none';
  if (spec?.kind === 'reference' && typeof value === 'string') return titles.get(value) ?? value;
  if (spec?.kind === 'enum') {
    return spec.options?.find((option) => option.value === value)?.label ?? String(value);
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  // Numbers and dates as the panel writes them (carats to two places, `25 Nov 2026`).
  if (spec && ['integer', 'decimal', 'date', 'datetime'].includes(spec.kind)) return fieldText(spec, value);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

function valueText(spec: FieldSpec | undefined, value: unknown, titles: Titles): string {
  if (isObject(value) && ('from' in value || 'to' in value)) {
    const { from, to } = value;
    if (from !== undefined && to !== undefined)
      return `${scalarText(spec, from, titles)} – ${scalarText(spec, to, titles)}`;
    return from !== undefined
      ? `from ${scalarText(spec, from, titles)}`
      : `up to ${scalarText(spec, to, titles)}`;
  }
  return listOf(value)
    .map((item) => scalarText(spec, item, titles))
    .join(', ');
}

function codesText(value: unknown): string {
  const codes = (typeof value === 'string' ? value.split(/[\s,;]+/) : listOf(value).map(String)).filter(
    (code) => code.trim() !== '',
  );
  const shown = codes.slice(0, CODES_SHOWN).join(', ');
  return codes.length > CODES_SHOWN ? `${shown} (+${codes.length - CODES_SHOWN} more)` : shown;
}

/** Pasted codes first, then the stone's fields in the order the stone declares them (shape, carat, ...). */
const FILTER_ORDER = [...Object.keys(stoneResource.codeFilters ?? {}), ...Object.keys(stoneResource.fields)];
const rank = (key: string) => {
  const index = FILTER_ORDER.indexOf(key);
  return index === -1 ? FILTER_ORDER.length : index;
};

/**
 * A recorded stone search in words, filters in the stone's own order (a stored body keeps no order of
 * its keys): grades and other references by their names, ranges as `from – to`, pasted codes
 * shortened, and the free text last.
 */
export function criteriaOf(body: Record<string, unknown>, titles: Titles): SearchCriterion[] {
  const criteria: SearchCriterion[] = [];
  const filters = Object.entries(filterOf(body)).sort(([a], [b]) => rank(a) - rank(b));
  for (const [key, value] of filters) {
    if (value === undefined) continue;
    const codeFilter = stoneResource.codeFilters?.[key];
    if (codeFilter) {
      criteria.push({ field: key, label: codeFilter.label, value: codesText(value) });
      continue;
    }
    const spec = stoneResource.fields[key];
    criteria.push({ field: key, label: spec?.label ?? key, value: valueText(spec, value, titles) });
  }
  if (typeof body.search === 'string' && body.search.trim() !== '') {
    criteria.push({ field: 'search', label: 'Search', value: body.search.trim() });
  }
  return criteria;
}
