import { CUSTOMER_USER_TYPES, USER_MESSAGES, type UserType } from '@facet/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/resource-tables.ts';
import { fieldError } from '../http/envelope.ts';
import { columnOf } from '../resources/columns.ts';

/**
 * The company a user ends up in: kept while the user stays a customer type (3, 4, 5) and the write
 * leaves it out, dropped when the user becomes staff (as the guest expiry is).
 */
export function resultingAccountId(
  type: UserType,
  requested: string | null | undefined,
  current: string | null,
): string | null {
  if (requested !== undefined) return requested;
  return CUSTOMER_USER_TYPES.includes(type) ? current : null;
}

/** Only customer users belong to a company, and it must be a live one: a 400 on `accountId` otherwise. */
export async function assertAccountAssignable(tx: Db, accountId: string | null, type: UserType) {
  if (!accountId) return;
  if (!CUSTOMER_USER_TYPES.includes(type)) throw fieldError('accountId', USER_MESSAGES.accountCustomerOnly);
  const [row] = await tx
    .select({ id: columnOf(accounts, 'id') })
    .from(accounts)
    .where(and(eq(columnOf(accounts, 'id'), accountId), isNull(columnOf(accounts, 'deletedAt'))))
    // Held until commit: a delete of the company waits for this write and then sees it (assertNotInUse).
    .for('key share');
  if (!row) throw fieldError('accountId', USER_MESSAGES.accountNotFound);
}
