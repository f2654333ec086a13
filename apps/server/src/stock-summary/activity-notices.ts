import { NOTIFICATION_LIMITS, USER_TYPES } from '@facet/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/resource-tables.ts';
import { reachableUsers } from '../notifications/recipients.ts';
import { columnOf } from '../resources/columns.ts';

/**
 * Who hears of a customer's move: the company's sales person, when they can receive it; otherwise the
 * admins and super admins, so that no enquiry, offer or hold goes unseen.
 */
export async function staffFollowing(tx: Db, accountId: string | null): Promise<string[]> {
  if (accountId) {
    const [account] = await tx
      .select({ salesPersonId: columnOf(accounts, 'salesPersonId') })
      .from(accounts)
      .where(eq(columnOf(accounts, 'id'), accountId));
    const salesPersonId = account?.salesPersonId as string | null | undefined;
    if (salesPersonId) {
      const [reachable] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, salesPersonId), reachableUsers()));
      if (reachable) return [reachable.id];
    }
  }
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.type, [USER_TYPES.SUPER_ADMIN, USER_TYPES.ADMIN]), reachableUsers()))
    .limit(NOTIFICATION_LIMITS.recipients);
  return admins.map((admin) => admin.id);
}

/** A customer's name and company, as notifications write them. */
export async function customerNames(tx: Db, userId: string): Promise<{ name: string; company: string }> {
  const [row] = await tx
    .select({ name: users.name, company: columnOf(accounts, 'name') })
    .from(users)
    .leftJoin(accounts, eq(columnOf(accounts, 'id'), users.accountId))
    .where(eq(users.id, userId));
  return { name: row?.name ?? '', company: (row?.company as string | null) ?? '' };
}
