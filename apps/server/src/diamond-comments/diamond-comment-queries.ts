import {
  DIAMOND_COMMENT_MESSAGES,
  type DiamondCommentRecord,
  type diamondCommentByUserSchema,
  type PaginateResult,
} from '@facet/contract';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { likePattern, pageOf, sortOrder } from '../db/paging.ts';
import { accounts, stones } from '../db/resource-tables.ts';
import { HttpError } from '../http/envelope.ts';
import { instantRange } from '../http/instant-range.ts';
import { columnOf } from '../resources/columns.ts';
import { diamondComments } from './diamond-comment-table.ts';

type ByUserRequest = z.output<typeof diamondCommentByUserSchema>;

const stoneNumber = columnOf(stones, 'stockNumber');
const accountName = columnOf(accounts, 'name');

const listOf = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

export function commentWhere(request: Omit<ByUserRequest, 'page' | 'limit'>): SQL | undefined {
  const filter = request.filter ?? {};
  const conditions: (SQL | undefined)[] = [isNull(diamondComments.deletedAt)];
  if (filter.userId) conditions.push(inArray(diamondComments.userId, listOf(filter.userId)));
  if (filter.stoneId) conditions.push(inArray(diamondComments.stoneId, listOf(filter.stoneId)));
  if (filter.accountId) conditions.push(inArray(diamondComments.accountId, listOf(filter.accountId)));
  if (filter.createdAt) {
    conditions.push(
      instantRange(diamondComments.createdAt, filter.createdAt, 'filter.createdAt', request.timeZone),
    );
  }
  if (request.search) {
    const pattern = likePattern(request.search);
    conditions.push(
      or(
        ilike(diamondComments.remarks, pattern),
        ilike(users.name, pattern),
        ilike(users.username, pattern),
        ilike(stoneNumber, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** Comments with their user, company and stone, joined for the names and for the search. */
function commentRows(db: Db, where: SQL | undefined) {
  return db
    .select({
      comment: diamondComments,
      userName: users.name,
      username: users.username,
      accountName,
      stockNumber: stoneNumber,
    })
    .from(diamondComments)
    .innerJoin(users, eq(users.id, diamondComments.userId))
    .innerJoin(stones, eq(columnOf(stones, 'id'), diamondComments.stoneId))
    .leftJoin(accounts, eq(columnOf(accounts, 'id'), diamondComments.accountId))
    .where(where)
    .$dynamic();
}

type CommentRow = Awaited<ReturnType<typeof commentRows>>[number];

function toRecord({ comment, ...names }: CommentRow): DiamondCommentRecord {
  return {
    id: comment.id,
    userId: comment.userId,
    userName: names.userName,
    username: names.username,
    accountId: comment.accountId,
    accountName: (names.accountName as string | null) ?? null,
    stoneId: comment.stoneId,
    stockNumber: names.stockNumber as string,
    remarks: comment.remarks,
    color: comment.color,
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
  };
}

/** The list's rows counted under each named `count(…)` of `selection`, over the joins its count reads. */
export function countCommentsEach(db: Db, selection: Record<string, SQL<number>>, where: SQL | undefined) {
  return db
    .select(selection)
    .from(diamondComments)
    .innerJoin(users, eq(users.id, diamondComments.userId))
    .innerJoin(stones, eq(columnOf(stones, 'id'), diamondComments.stoneId))
    .where(where)
    .then(([row]) => row as Record<string, number> | undefined);
}

export async function commentsPage(
  db: Db,
  request: ByUserRequest,
): Promise<PaginateResult<DiamondCommentRecord>> {
  const where = commentWhere(request);
  const { limit, offset } = pageOf(request);
  const order = sortOrder(
    request.sort,
    { createdAt: diamondComments.createdAt, updatedAt: diamondComments.updatedAt },
    [desc(diamondComments.createdAt)],
    diamondComments.id,
  );
  const [rows, total] = await Promise.all([
    commentRows(db, where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    countCommentsEach(db, { value: count() }, where),
  ]);
  return { list: rows.map(toRecord), count: total?.value ?? 0 };
}

export async function commentById(db: Db, id: string): Promise<DiamondCommentRecord> {
  const [row] = await commentRows(db, eq(diamondComments.id, id));
  if (!row) throw new HttpError('E_NOT_FOUND', DIAMOND_COMMENT_MESSAGES.notFound);
  return toRecord(row);
}
