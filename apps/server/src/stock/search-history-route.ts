import {
  type PaginateResult,
  SEARCH_HISTORY_ENDPOINTS,
  SEARCH_HISTORY_MESSAGES,
  type SearchHistoryEntry,
  type searchHistorySchema,
} from '@facet/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { likePattern, pageOf, sortOrder } from '../db/paging.ts';
import { stoneSearches, users } from '../db/schema.ts';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { instantRange } from './instant-range.ts';
import { criteriaOf, titlesOf } from './search-criteria.ts';

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

/**
 * `POST apis/diamond/search/history` (Search History): the recorded stone searches, newest first by
 * default, each with its user, its body as sent and that body's filter in words.
 */
export function searchHistoryRoutes(ctx: AppContext) {
  return [
    implement(SEARCH_HISTORY_ENDPOINTS.paginate, async ({ body }) => {
      const where = whereOf(body);
      const { limit, offset } = pageOf(body);
      const order = sortOrder(
        body.sort,
        {
          createdAt: stoneSearches.createdAt,
          resultCount: stoneSearches.resultCount,
          durationMs: stoneSearches.durationMs,
        },
        [desc(stoneSearches.createdAt)],
        stoneSearches.id,
      );
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select({ search: stoneSearches, userName: users.name, username: users.username })
          .from(stoneSearches)
          .leftJoin(users, eq(users.id, stoneSearches.userId))
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        ctx.db
          .select({ value: count() })
          .from(stoneSearches)
          .leftJoin(users, eq(users.id, stoneSearches.userId))
          .where(where),
      ]);
      const titles = await titlesOf(
        ctx.db,
        rows.map((row) => row.search.body),
      );
      const data: PaginateResult<SearchHistoryEntry> = {
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
      return ok(SEARCH_HISTORY_MESSAGES.list, data);
    }),
  ];
}
