import type { ResourceSpec } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { LARGEST_PLANNED_REQUEST, pagePlan } from './page-plans.ts';

const resource = { name: 'fixture' } as ResourceSpec;
const build = () => ({ rows: { _prepare: () => ({ execute: async () => [] }) } });

describe('pagePlan', () => {
  it('keeps the plan of a request asked again', () => {
    const db = {} as Db;
    const request = { page: 2, limit: 50, sort: 'name' };
    const first = pagePlan(db, resource, request, undefined, build);
    expect(pagePlan(db, resource, { ...request }, undefined, build)).toBe(first);
    expect(pagePlan(db, resource, { ...request, page: 3 }, undefined, build)).not.toBe(first);
  });

  it('builds a pasted list afresh each time instead of keeping its text and parameters', () => {
    const db = {} as Db;
    const request = { filter: { stoneId: Array.from({ length: 1000 }, (_, index) => `HK${index}`) } };
    expect(JSON.stringify(request).length).toBeGreaterThan(LARGEST_PLANNED_REQUEST);
    const first = pagePlan(db, resource, request, undefined, build);
    expect(pagePlan(db, resource, request, undefined, build)).not.toBe(first);
  });
});
