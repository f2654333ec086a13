import type { commentCountPaginateSchema } from '@facet/contract';
import { and, count, countDistinct, desc, eq, inArray, isNull, max, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { pageOf, sortOrder } from '../db/paging.ts';
import { masters, stones } from '../db/resource-tables.ts';
import { diamondComments } from '../diamond-comments/diamond-comment-table.ts';
import { instantRange } from '../http/instant-range.ts';
import { columnOf } from '../resources/columns.ts';
import { listOf, stoneConditions } from './stone-criteria.ts';
import { stone } from './track-rows.ts';

type CountRequest = z.output<typeof commentCountPaginateSchema>;
const shapes = alias(masters, 'shape');

function commentWhere(filter: CountRequest['filter'], timeZone?: string): SQL | undefined {
  const given = filter ?? {};
  const conditions: (SQL | undefined)[] = [isNull(diamondComments.deletedAt)];
  if (given.userId) conditions.push(inArray(diamondComments.userId, listOf(given.userId)));
  if (given.accountId) conditions.push(inArray(diamondComments.accountId, listOf(given.accountId)));
  if (given.createdAt)
    conditions.push(instantRange(diamondComments.createdAt, given.createdAt, 'filter.createdAt', timeZone));
  conditions.push(...stoneConditions(given));
  return and(...conditions);
}

/** `apis/CommentsCount/paginate`: one row a stone, with its comments and commenting customers. */
export async function commentCountPage(db: Db, request: CountRequest) {
  const where = commentWhere(request.filter, request.timeZone);
  const comments = count();
  const customers = countDistinct(diamondComments.userId);
  const lastCommentAt = max(diamondComments.createdAt);
  const grouped = db
    .select({
      stoneId: diamondComments.stoneId,
      stockNumber: stone.stockNumber,
      shape: columnOf(shapes, 'name'),
      carat: stone.carat,
      comments,
      customers,
      lastCommentAt,
    })
    .from(diamondComments)
    .innerJoin(stones, eq(stone.id, diamondComments.stoneId))
    .leftJoin(shapes, eq(columnOf(shapes, 'id'), stone.shapeId))
    .where(where)
    .groupBy(diamondComments.stoneId, stone.stockNumber, columnOf(shapes, 'name'), stone.carat);
  const { limit, offset } = pageOf(request);
  const order = sortOrder(
    request.sort,
    { comments, customers, lastCommentAt, stockNumber: stone.stockNumber },
    [desc(comments), desc(lastCommentAt)],
    diamondComments.stoneId,
  );
  const [rows, [total]] = await Promise.all([
    grouped
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(grouped.as('grouped')),
  ]);
  return {
    list: rows.map((row) => ({
      stoneId: row.stoneId,
      stockNumber: row.stockNumber as string,
      shape: (row.shape as string | null) ?? null,
      carat: row.carat === null || row.carat === undefined ? null : Number(row.carat),
      comments: row.comments,
      customers: row.customers,
      lastCommentAt: new Date(row.lastCommentAt as unknown as string).toISOString(),
    })),
    count: total?.value ?? 0,
  };
}

/** `apis/CommentsCount/summary`: comments, stones, customers, and today's comments (UTC day). */
export async function commentSummary(db: Db, filter: CountRequest['filter']) {
  const [row] = await db
    .select({
      comments: sql<number>`count(*)::int`,
      stones: sql<number>`count(distinct ${diamondComments.stoneId})::int`,
      customers: sql<number>`count(distinct ${diamondComments.userId})::int`,
      today: sql<number>`count(*) filter (where ${diamondComments.createdAt} >= date_trunc('day', now() at time zone 'UTC') at time zone 'UTC')::int`,
    })
    .from(diamondComments)
    .innerJoin(stones, eq(stone.id, diamondComments.stoneId))
    .where(commentWhere(filter));
  return row ?? { comments: 0, stones: 0, customers: 0, today: 0 };
}
