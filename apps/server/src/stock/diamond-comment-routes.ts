import {
  CUSTOMER_USER_TYPES,
  DIAMOND_COMMENT_ENDPOINTS,
  DIAMOND_COMMENT_ENTITY,
  DIAMOND_COMMENT_MESSAGES,
  type DiamondCommentRecord,
  type diamondCommentByUserSchema,
  type diamondCommentCreateSchema,
  type PaginateResult,
} from '@facet/contract';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { type Actor, recordAudit } from '../audit/audit-log.ts';
import type { Db } from '../db/client.ts';
import { likePattern, pageOf, sortOrder } from '../db/paging.ts';
import { accounts, diamondComments, stones, users } from '../db/schema.ts';
import { clientInfo } from '../http/client-info.ts';
import { fieldError, HttpError, ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { columnOf } from '../resources/columns.ts';
import { instantRange } from './instant-range.ts';

type ByUserRequest = z.output<typeof diamondCommentByUserSchema>;

const stoneNumber = columnOf(stones, 'stockNumber');
const accountName = columnOf(accounts, 'name');

const listOf = (value: string | string[]) => (Array.isArray(value) ? value : [value]);

function whereOf(request: ByUserRequest): SQL | undefined {
  const filter = request.filter ?? {};
  const conditions: (SQL | undefined)[] = [isNull(diamondComments.deletedAt)];
  if (filter.userId) conditions.push(inArray(diamondComments.userId, listOf(filter.userId)));
  if (filter.stoneId) conditions.push(inArray(diamondComments.stoneId, listOf(filter.stoneId)));
  if (filter.accountId) conditions.push(inArray(diamondComments.accountId, listOf(filter.accountId)));
  if (filter.createdAt) {
    conditions.push(instantRange(diamondComments.createdAt, filter.createdAt, 'filter.createdAt'));
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

async function commentsPage(db: Db, request: ByUserRequest): Promise<PaginateResult<DiamondCommentRecord>> {
  const where = whereOf(request);
  const { limit, offset } = pageOf(request);
  const order = sortOrder(
    request.sort,
    { createdAt: diamondComments.createdAt, updatedAt: diamondComments.updatedAt },
    [desc(diamondComments.createdAt)],
    diamondComments.id,
  );
  const [rows, [total]] = await Promise.all([
    commentRows(db, where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ value: count() })
      .from(diamondComments)
      .innerJoin(users, eq(users.id, diamondComments.userId))
      .innerJoin(stones, eq(columnOf(stones, 'id'), diamondComments.stoneId))
      .where(where),
  ]);
  return { list: rows.map(toRecord), count: total?.value ?? 0 };
}

async function commentById(db: Db, id: string): Promise<DiamondCommentRecord> {
  const [row] = await commentRows(db, eq(diamondComments.id, id));
  if (!row) throw new HttpError('E_NOT_FOUND', DIAMOND_COMMENT_MESSAGES.notFound);
  return toRecord(row);
}

/** What the trail keeps of a comment. */
function trailOf(row: typeof diamondComments.$inferSelect): Record<string, unknown> {
  return {
    userId: row.userId,
    accountId: row.accountId,
    stoneId: row.stoneId,
    remarks: row.remarks,
    color: row.color,
  };
}

/**
 * A comment for a customer user (active, of a customer type) on a live stone; the company is the
 * user's at the time. One transaction with its trail entry, which names the customer as its subject.
 */
export async function createDiamondComment(
  db: Db,
  actor: Actor,
  body: z.output<typeof diamondCommentCreateSchema>,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, accountId: users.accountId })
      .from(users)
      .where(
        and(
          eq(users.id, body.userId),
          isNull(users.deletedAt),
          eq(users.isActive, true),
          inArray(users.type, [...CUSTOMER_USER_TYPES]),
        ),
      );
    if (!user) throw fieldError('userId', DIAMOND_COMMENT_MESSAGES.notACustomer);
    const [stone] = await tx
      .select({ id: columnOf(stones, 'id') })
      .from(stones)
      .where(and(eq(columnOf(stones, 'id'), body.stoneId), isNull(columnOf(stones, 'deletedAt'))));
    if (!stone) throw fieldError('stoneId', DIAMOND_COMMENT_MESSAGES.invalidStone);
    const [row] = await tx
      .insert(diamondComments)
      .values({
        userId: user.id,
        accountId: user.accountId,
        stoneId: body.stoneId,
        remarks: body.remarks,
        color: body.color ? body.color.toLowerCase() : null,
        createdBy: actor.auth.user.id,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, actor, {
      action: `${DIAMOND_COMMENT_ENTITY}.create`,
      entityType: DIAMOND_COMMENT_ENTITY,
      entityId: row.id,
      subjectUserId: row.userId,
      before: null,
      after: trailOf(row),
    });
    return row.id;
  });
}

async function deleteDiamondComment(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(diamondComments)
      .where(and(eq(diamondComments.id, id), isNull(diamondComments.deletedAt)))
      .for('update');
    if (!row) throw new HttpError('E_NOT_FOUND', DIAMOND_COMMENT_MESSAGES.notFound);
    const now = new Date();
    await tx
      .update(diamondComments)
      .set({ deletedAt: now, updatedAt: now })
      .where(eq(diamondComments.id, id));
    await recordAudit(tx, actor, {
      action: `${DIAMOND_COMMENT_ENTITY}.delete`,
      entityType: DIAMOND_COMMENT_ENTITY,
      entityId: id,
      subjectUserId: row.userId,
      before: trailOf(row),
      after: null,
    });
  });
}

/** The comments of customers on stones, under the Comment module (spec: Stock Summary, comment). */
export function diamondCommentRoutes(ctx: AppContext) {
  return [
    implement(DIAMOND_COMMENT_ENDPOINTS.byUser, async ({ body }) =>
      ok(DIAMOND_COMMENT_MESSAGES.list, await commentsPage(ctx.db, body)),
    ),
    implement(DIAMOND_COMMENT_ENDPOINTS.create, async ({ body, auth, request }) => {
      const id = await createDiamondComment(ctx.db, { auth, client: clientInfo(request) }, body);
      return ok(DIAMOND_COMMENT_MESSAGES.created, await commentById(ctx.db, id));
    }),
    implement(DIAMOND_COMMENT_ENDPOINTS.destroy, async ({ body, auth, request }) => {
      await deleteDiamondComment(ctx.db, { auth, client: clientInfo(request) }, body.id);
      return ok(DIAMOND_COMMENT_MESSAGES.deleted, { id: body.id });
    }),
  ];
}
