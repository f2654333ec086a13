import { PANEL_BASE } from '@facet/contract';
import { eq } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { accounts, stones } from '../db/resource-tables.ts';
import { type NotificationDelivery, notify } from '../notifications/notify.ts';
import { staffFollowing } from '../notifications/staff-following.ts';
import { columnOf } from '../resources/columns.ts';

/**
 * `comment`: a customer commented on a stone; the staff following their company (its sales person, else
 * the admins) are told, and led to the customer's comments.
 */
export async function tellStaffOfComment(
  tx: Db,
  comment: { userId: string; accountId: string | null; stoneId: string; remarks: string },
): Promise<NotificationDelivery> {
  const [who] = await tx
    .select({ name: users.name, company: columnOf(accounts, 'name') })
    .from(users)
    .leftJoin(accounts, eq(columnOf(accounts, 'id'), users.accountId))
    .where(eq(users.id, comment.userId));
  const [stone] = await tx
    .select({ stockNumber: columnOf(stones, 'stockNumber') })
    .from(stones)
    .where(eq(columnOf(stones, 'id'), comment.stoneId));
  const name = who?.name ?? '';
  const company = (who?.company as string | null | undefined) ?? '';
  const stockNumber = (stone?.stockNumber as string | undefined) ?? '';
  return notify(tx, {
    action: 'comment',
    userIds: await staffFollowing(tx, comment.accountId, 'Comment'),
    title: `${name} commented on ${stockNumber}`,
    message: `${name} of ${company || 'no company'} commented on ${stockNumber}: ${comment.remarks}`,
    values: { name, company, stone: stockNumber, date: new Date().toISOString().slice(0, 10) },
    module: 'Comment',
    url: `${PANEL_BASE}/comment/${comment.userId}`,
    createdBy: comment.userId,
  });
}
