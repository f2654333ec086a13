import { RESOURCE_MESSAGES } from '@facet/contract';
import { and, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { fieldError } from '../http/envelope.ts';
import { stone } from './track-rows.ts';

export const listOf = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

export interface StoneCriteria {
  stoneId?: string | string[] | undefined;
  shapeId?: string | string[] | undefined;
  colorId?: string | string[] | undefined;
  clarityId?: string | string[] | undefined;
  carat?: { from?: number | undefined; to?: number | undefined } | undefined;
}

/** The stone filters every activity list shares: the stone, its grades and a carat range. */
export function stoneConditions(filter: StoneCriteria): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (filter.stoneId) conditions.push(inArray(stone.id, listOf(filter.stoneId)));
  if (filter.shapeId) conditions.push(inArray(stone.shapeId, listOf(filter.shapeId)));
  if (filter.colorId) conditions.push(inArray(stone.colorId, listOf(filter.colorId)));
  if (filter.clarityId) conditions.push(inArray(stone.clarityId, listOf(filter.clarityId)));
  if (filter.carat) {
    const { from, to } = filter.carat;
    if (from !== undefined && to !== undefined && from > to) {
      throw fieldError('filter.carat', RESOURCE_MESSAGES.rangeOrder);
    }
    conditions.push(
      and(
        from === undefined ? undefined : gte(stone.carat, from),
        to === undefined ? undefined : lte(stone.carat, to),
      ),
    );
  }
  return conditions;
}
