import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { CountCache, type CountRow, countCacheOf, isWriteLogged, writeVersionOf } from './write-version.ts';

const KEY = CountCache.keyOf({ sql: 'select count(*) from stones where carat >= $1', params: [1] });

/** A count that answers when told to, to hold requests while it runs. */
function pendingCount(row: CountRow) {
  let answer: () => void = () => undefined;
  const done = new Promise<CountRow>((resolve) => {
    answer = () => resolve(row);
  });
  return { run: vi.fn(() => done), answer };
}

describe('write-logged tables', () => {
  it('cache only the counts of tables whose writes a trigger logs', () => {
    expect(isWriteLogged('stones')).toBe(true);
    expect(isWriteLogged('masters')).toBe(false);
  });

  it("read a table's version as the sum of its logged writes, for that table only", () => {
    const query = new PgDialect({ casing: 'snake_case' }).sqlToQuery(writeVersionOf('stones'));
    expect(query.sql.replaceAll('"', '')).toContain(
      'coalesce(sum(table_writes.writes), 0)::text from table_writes where table_writes.table_name = $1',
    );
    expect(query.params).toEqual(['stones']);
  });
});

describe('CountCache.keyOf', () => {
  it('tells filters apart by their text and their parameters', () => {
    const same = CountCache.keyOf({ sql: 'select count(*) from stones where carat >= $1', params: [1] });
    const other = CountCache.keyOf({ sql: 'select count(*) from stones where carat >= $1', params: [2] });
    expect(same).toBe(KEY);
    expect(other).not.toBe(KEY);
  });
});

describe('CountCache', () => {
  it('answers a count again only while the table is at the version it was counted at', () => {
    const cache = new CountCache();
    cache.set(KEY, '7', { count: 12 });
    expect(cache.get(KEY, '7')).toEqual({ count: 12 });
    expect(cache.get(KEY, '8')).toBeUndefined();
  });

  it('counts once for requests of the same filter at the same version, even arriving together', async () => {
    const cache = new CountCache();
    const count = pendingCount({ count: 3 });
    const first = cache.count(KEY, '1', count.run);
    const second = cache.count(KEY, '1', count.run);
    count.answer();
    expect(await Promise.all([first, second])).toEqual([{ count: 3 }, { count: 3 }]);
    expect(await cache.count(KEY, '1', count.run)).toEqual({ count: 3 });
    expect(count.run).toHaveBeenCalledTimes(1);
  });

  it('counts again after a write, without waiting for a count of the older version', async () => {
    const cache = new CountCache();
    const older = pendingCount({ count: 3 });
    const olderCount = cache.count(KEY, '1', older.run);
    const newer = vi.fn(async () => ({ count: 4 }));
    expect(await cache.count(KEY, '2', newer)).toEqual({ count: 4 });
    older.answer();
    await olderCount;
    expect(newer).toHaveBeenCalledTimes(1);
  });

  it('stores a count under the version its own snapshot read', async () => {
    const cache = new CountCache();
    await cache.count(KEY, '1', async () => ({ count: 5, version: '2' }));
    expect(cache.get(KEY, '1')).toBeUndefined();
    expect(cache.get(KEY, '2')).toEqual({ count: 5, version: '2' });
  });

  it('keeps no failed count: the next request counts again', async () => {
    const cache = new CountCache();
    await expect(cache.count(KEY, '1', async () => Promise.reject(new Error('lost')))).rejects.toThrow(
      'lost',
    );
    expect(await cache.count(KEY, '1', async () => ({ count: 1 }))).toEqual({ count: 1 });
  });

  it('forgets the least recently used filter past a thousand', () => {
    const cache = new CountCache();
    cache.set('first', '1', { count: 1 });
    cache.set('second', '1', { count: 2 });
    cache.get('first', '1');
    for (let index = 0; index < 999; index += 1) cache.set(`filter ${index}`, '1', { count: index });
    expect(cache.get('first', '1')).toEqual({ count: 1 });
    expect(cache.get('second', '1')).toBeUndefined();
  });
});

describe('countCacheOf', () => {
  it('keeps one cache per database, never shared between two', () => {
    const one = {} as Db;
    const other = {} as Db;
    expect(countCacheOf(one)).toBe(countCacheOf(one));
    expect(countCacheOf(one)).not.toBe(countCacheOf(other));
  });
});
