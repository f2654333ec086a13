import type { ResourceSpec } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { LARGEST_PLANNED_REQUEST, type PageQueries, pagePlan } from './page-plans.ts';

const resource = { name: 'fixture' } as ResourceSpec;

/** A select builder whose compiled statement answers its own SQL and parameters. */
const statement = (sql: string, params: unknown[]) => ({
  _prepare: () => ({ execute: async () => [{ sql, params }], getQuery: () => ({ sql, params }) }),
});

/** The queries of a request: the rows, and a count whose parameter is the request's filter. */
const buildFor = (request: object & { filter?: unknown }) => (): PageQueries => ({
  rows: statement('select rows', [JSON.stringify(request)]),
  total: statement('select count(*) where filter = $1', [JSON.stringify(request.filter ?? null)]),
  bounded: undefined,
});

describe('pagePlan', () => {
  it('keeps the plan of a request asked again', () => {
    const db = {} as Db;
    const request = { page: 2, limit: 50, sort: 'name' };
    const first = pagePlan(db, resource, request, undefined, buildFor(request));
    expect(pagePlan(db, resource, { ...request }, undefined, buildFor(request))).toBe(first);
    expect(pagePlan(db, resource, { ...request, page: 3 }, undefined, buildFor(request))).not.toBe(first);
  });

  it('keeps each filter its own compiled count, and the same filter the same one', async () => {
    const db = {} as Db;
    const countOf = async (request: { filter: unknown }) => {
      const { count } = pagePlan(db, resource, request, undefined, buildFor(request));
      const [row] = await count.total.execute();
      return { row, key: count.key() };
    };
    const gold = await countOf({ filter: { metal: 'gold' } });
    const silver = await countOf({ filter: { metal: 'silver' } });
    expect(gold.row?.params).toEqual([JSON.stringify({ metal: 'gold' })]);
    expect(silver.row?.params).toEqual([JSON.stringify({ metal: 'silver' })]);
    expect(silver.key).not.toBe(gold.key);
    expect((await countOf({ filter: { metal: 'gold' } })).key).toBe(gold.key);
  });

  it('counts by the bounded count where the table has one, and keys the count by it', () => {
    const db = {} as Db;
    const request = { filter: { carat: 1 } };
    const { count } = pagePlan(db, resource, request, undefined, () => ({
      ...buildFor(request)(),
      bounded: statement('select bounded where filter = $1', [1]),
    }));
    expect(count.bounded).toBeDefined();
    const total = pagePlan({} as Db, resource, request, undefined, buildFor(request)).count;
    expect(count.key()).not.toBe(total.key());
  });

  it('builds a pasted list afresh each time instead of keeping its text and parameters', () => {
    const db = {} as Db;
    const request = { filter: { stoneId: Array.from({ length: 1000 }, (_, index) => `HK${index}`) } };
    expect(JSON.stringify(request).length).toBeGreaterThan(LARGEST_PLANNED_REQUEST);
    const first = pagePlan(db, resource, request, undefined, buildFor(request));
    expect(pagePlan(db, resource, request, undefined, buildFor(request))).not.toBe(first);
  });
});
