import {
  CUSTOMER_USER_TYPES,
  DIAMOND_COMMENT_ENTITY,
  DIAMOND_COMMENT_MESSAGES,
  type diamondCommentCreateSchema,
} from '@facet/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { stones } from '../db/resource-tables.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import type { NotificationDelivery } from '../notifications/notify.ts';
import { type Actor, recordAudit } from '../resources/audit-log.ts';
import { columnOf } from '../resources/columns.ts';
import { tellStaffOfComment } from './comment-notice.ts';
import { diamondComments } from './diamond-comment-table.ts';

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
 * A comment for a customer user (active, of a customer type) on a live stone, without its notice: for
 * writes that tell nobody (the demo seed's, by staff). The routes use writeDiamondComment.
 */
export async function createDiamondComment(
  db: Db,
  actor: Actor,
  body: z.output<typeof diamondCommentCreateSchema>,
): Promise<string> {
  return (await writeDiamondComment(db, actor, body)).id;
}

/**
 * A comment for a customer user (active, of a customer type) on a live stone; the company is the
 * user's at the time. One transaction with its trail entry, which names the customer as its subject.
 * A customer's own comment tells the staff following their company (hand the delivery to
 * deliverNotifications once committed); staff writing down a customer's comment tell nobody.
 */
export async function writeDiamondComment(
  db: Db,
  actor: Actor,
  body: z.output<typeof diamondCommentCreateSchema>,
): Promise<{ id: string; delivery: NotificationDelivery | null }> {
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
    const byTheCustomer = actor.auth.user.id === row.userId;
    return { id: row.id, delivery: byTheCustomer ? await tellStaffOfComment(tx, row) : null };
  });
}

export async function deleteDiamondComment(db: Db, actor: Actor, id: string): Promise<void> {
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
