import { NOTIFICATION_LIMITS, NOTIFICATION_MESSAGES, type NotificationRecipients } from '@facet/contract';
import { and, count, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/resource-tables.ts';
import { fieldError } from '../http/envelope.ts';
import { columnOf } from '../resources/columns.ts';

/** Users who can receive anything: not deleted, active, and (guests) not past their expiry. */
export function reachableUsers(): SQL {
  return and(
    isNull(users.deletedAt),
    eq(users.isActive, true),
    or(isNull(users.expiresAt), gt(users.expiresAt, sql`now()`)),
  ) as SQL;
}

/** The users a send reaches: the named users, every user of the types, every user of the companies. */
export function recipientsCondition(recipients: NotificationRecipients): SQL {
  const any = or(
    recipients.userIds.length > 0 ? inArray(users.id, recipients.userIds) : undefined,
    recipients.userTypes.length > 0 ? inArray(users.type, recipients.userTypes) : undefined,
    recipients.accountIds.length > 0 ? inArray(users.accountId, recipients.accountIds) : undefined,
  );
  // The contract refuses an empty choice; without this guard it would mean everyone.
  if (!any) throw fieldError('recipients', NOTIFICATION_MESSAGES.recipientsRequired);
  return and(reachableUsers(), any) as SQL;
}

/**
 * Named users and companies must exist (deleted ones do not): a stale choice is an error the sender
 * sees, not a silent skip. Inactive users are merely not reached.
 */
export async function assertRecipientsExist(db: Db, recipients: NotificationRecipients): Promise<void> {
  const [knownUsers, knownAccounts] = await Promise.all([
    recipients.userIds.length === 0
      ? Promise.resolve(0)
      : db
          .select({ value: count() })
          .from(users)
          .where(and(inArray(users.id, recipients.userIds), isNull(users.deletedAt)))
          .then(([row]) => row?.value ?? 0),
    recipients.accountIds.length === 0
      ? Promise.resolve(0)
      : db
          .select({ value: count() })
          .from(accounts)
          .where(
            and(
              inArray(columnOf(accounts, 'id'), recipients.accountIds),
              isNull(columnOf(accounts, 'deletedAt')),
            ),
          )
          .then(([row]) => row?.value ?? 0),
  ]);
  if (knownUsers < recipients.userIds.length) {
    throw fieldError('recipients.userIds', NOTIFICATION_MESSAGES.unknownUsers);
  }
  if (knownAccounts < recipients.accountIds.length) {
    throw fieldError('recipients.accountIds', NOTIFICATION_MESSAGES.unknownAccounts);
  }
}

/** How many users the condition reaches, counted up to one past the cap (a whole user base is not counted). */
export async function countRecipients(db: Db, condition: SQL): Promise<number> {
  const capped = db
    .select({ id: users.id })
    .from(users)
    .where(condition)
    .limit(NOTIFICATION_LIMITS.recipients + 1)
    .as('capped');
  const [row] = await db.select({ value: count() }).from(capped);
  return row?.value ?? 0;
}
