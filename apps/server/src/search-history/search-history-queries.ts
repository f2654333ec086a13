import type { PaginateResult, SearchHistoryEntry, searchHistorySchema } from '@facet/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { likePattern, pageOf, sortOrder } from '../db/paging.ts';
import { instantRange } from '../http/instant-range.ts';
import { criteriaOf, titlesOf } from './search-criteria.ts';
import { stoneSearches } from './stone-search-table.ts';

type HistoryRequest = z.output<typeof searchHistorySchema>;

const listOf = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);

function whereOf(request: HistoryRequest): SQL | undefined {
  const filter = request.filter ?? {};
  const conditions: (SQL | undefined)[] = [];
  if (filter.userId) conditions.push(inArray(stoneSearches.userId, listOf(filter.userId)));
  if (filter.searchType !== undefined) {
    conditions.push(inArray(stoneSearches.searchType, listOf(filter.searchType)));
  }
  if (filter.createdAt) {
    conditions.push(instantRange(stoneSearches.createdAt, filter.createdAt, 'filter.createdAt'));
  }
  if (request.search) {
    // Who searched: the rest of a search is its filter, which the list shows in words.
    const pattern = likePattern(request.search);
    conditions.push(or(ilike(users.name, pattern), ilike(users.username, pattern)));
  }
  return and(...conditions);
}

/** One page of recorded searches, each with its user and its filter in words. */
export async function searchHistoryPage(
  db: Db,
  request: HistoryRequest,
): Promise<PaginateResult<SearchHistoryEntry>> {
  const where = whereOf(request);
  const { limit, offset } = pageOf(request);
  const order = sortOrder(
    request.sort,
    {
      createdAt: stoneSearches.createdAt,
      resultCount: stoneSearches.resultCount,
      durationMs: stoneSearches.durationMs,
    },
    [desc(stoneSearches.createdAt)],
    stoneSearches.id,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ search: stoneSearches, userName: users.name, username: users.username })
      .from(stoneSearches)
      .leftJoin(users, eq(users.id, stoneSearches.userId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ value: count() })
      .from(stoneSearches)
      .leftJoin(users, eq(users.id, stoneSearches.userId))
      .where(where),
  ]);
  const titles = await titlesOf(
    db,
    rows.map((row) => row.search.body),
  );
  return {
    list: rows.map(({ search, userName, username }) => ({
      id: search.id,
      userId: search.userId,
      userName,
      username,
      searchType: search.searchType,
      body: search.body,
      criteria: criteriaOf(search.body, titles),
      resultCount: search.resultCount,
      durationMs: search.durationMs,
      createdAt: search.createdAt.toISOString(),
    })),
    count: total?.value ?? 0,
  };
}
