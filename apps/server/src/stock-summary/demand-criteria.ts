import { isUuid, stoneResource } from '@facet/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { masters } from '../db/resource-tables.ts';
import { columnOf } from '../resources/columns.ts';
import { criteriaOf, titlesOf } from '../search-history/search-criteria.ts';

/** What a grade no longer in the masters reads as, rather than its id. */
const REMOVED = 'a removed value';
/** Fewer grades than this read as a list ("D, E"); a longer unbroken run as its range ("D – G"). */
const RUN = 3;

type Filter = Record<string, unknown>;

const isRange = (value: unknown): value is { from?: unknown; to?: unknown } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && ('from' in value || 'to' in value);
const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** The stone's grade fields (shape, colour, clarity...): references to master values. */
const gradeKeys = new Set(
  Object.entries(stoneResource.fields)
    .filter(([, spec]) => spec.kind === 'reference' && spec.masterCode)
    .map(([key]) => key),
);

/** Each grade's siblings in the masters' own order (sequence, then name), for the grades the filters name. */
async function gradeOrder(db: Db, filters: readonly Filter[]): Promise<Map<string, string[]>> {
  const ids = new Set<string>();
  for (const filter of filters) {
    for (const [key, value] of Object.entries(filter)) {
      if (!gradeKeys.has(key) || !Array.isArray(value) || value.length < RUN) continue;
      for (const item of value) if (typeof item === 'string' && isUuid(item)) ids.add(item);
    }
  }
  if (ids.size === 0) return new Map();
  const named = alias(masters, 'named');
  const id = columnOf(masters, 'id');
  const parentId = columnOf(masters, 'parentId');
  const rows = await db
    .select({ id, parentId })
    .from(masters)
    .innerJoin(named, eq(columnOf(named, 'parentId'), parentId))
    .where(and(inArray(columnOf(named, 'id'), [...ids]), isNull(columnOf(masters, 'deletedAt'))))
    .orderBy(asc(parentId), asc(columnOf(masters, 'sequence')), asc(columnOf(masters, 'name')), asc(id));
  const siblings = new Map<string, string[]>();
  for (const row of rows) {
    const list = siblings.get(String(row.parentId)) ?? [];
    if (!list.includes(String(row.id))) list.push(String(row.id));
    siblings.set(String(row.parentId), list);
  }
  const order = new Map<string, string[]>();
  for (const list of siblings.values()) for (const value of list) order.set(value, list);
  return order;
}

/** Grades forming an unbroken run of their master's order, as that run's ends; else null. */
function runOf(ids: readonly string[], order: Map<string, string[]>): { from: string; to: string } | null {
  const siblings = order.get(ids[0] ?? '');
  if (!siblings || ids.length < RUN) return null;
  const ranks = ids.map((value) => siblings.indexOf(value)).sort((a, b) => a - b);
  if (ranks.some((rank) => rank < 0)) return null;
  const unbroken = ranks.every((rank, index) => index === 0 || rank === (ranks[index - 1] ?? 0) + 1);
  return unbroken ? { from: siblings[ranks[0] ?? 0] ?? '', to: siblings[ranks.at(-1) ?? 0] ?? '' } : null;
}

/** A filter as words read it: grade runs as ranges, values no sentence can hold left out. */
function readable(filter: Filter, order: Map<string, string[]>): Filter {
  const shown: Filter = {};
  for (const [key, value] of Object.entries(filter)) {
    if (Array.isArray(value) && value.every(isScalar)) {
      const run = gradeKeys.has(key) ? runOf(value as string[], order) : null;
      shown[key] = run ?? value;
    } else if (
      isScalar(value) ||
      (isRange(value) && isScalar(value.from ?? null) && isScalar(value.to ?? null))
    ) {
      shown[key] = value;
    }
  }
  return shown;
}

/**
 * Demands' filters in words, one text each: grades by their names (a grade since removed says so, never
 * its id), an unbroken run of three or more grades as its range ("Color D – F"), carats and prices as
 * the panel writes them ("Carat 0.50 – 0.99"), criteria apart with " · ".
 */
export async function demandCriteriaTexts(db: Db, filters: readonly Filter[]): Promise<string[]> {
  const order = await gradeOrder(db, filters);
  const shown = filters.map((filter) => readable(filter, order));
  // Titles are read for lists of ids: a grade run's ends are asked as one.
  const asked = shown.map((filter) => ({
    filter: Object.fromEntries(
      Object.entries(filter).map(([key, value]) => [key, isRange(value) ? [value.from, value.to] : value]),
    ),
  }));
  const titles = new Map(await titlesOf(db, asked));
  for (const filter of shown) {
    for (const [key, value] of Object.entries(filter)) {
      if (!stoneResource.fields[key]?.references) continue;
      const items = isRange(value) ? [value.from, value.to] : Array.isArray(value) ? value : [value];
      for (const item of items) {
        if (typeof item === 'string' && !titles.has(item)) titles.set(item, REMOVED);
      }
    }
  }
  return shown.map((filter) =>
    criteriaOf({ filter }, titles)
      .map((criterion) => `${criterion.label} ${criterion.value}`)
      .join(' · '),
  );
}
