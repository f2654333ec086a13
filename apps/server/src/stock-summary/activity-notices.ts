import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/resource-tables.ts';
import { columnOf } from '../resources/columns.ts';

/** A customer's name and company, as notifications write them. */
export async function customerNames(tx: Db, userId: string): Promise<{ name: string; company: string }> {
  const [row] = await tx
    .select({ name: users.name, company: columnOf(accounts, 'name') })
    .from(users)
    .leftJoin(accounts, eq(columnOf(accounts, 'id'), users.accountId))
    .where(eq(users.id, userId));
  return { name: row?.name ?? '', company: (row?.company as string | null) ?? '' };
}

/** The company of the joined user is approved, active and not removed: it may act on the stock. */
export function companyMayAct(): SQL {
  return and(
    isNull(columnOf(accounts, 'deletedAt')),
    eq(columnOf(accounts, 'isApproved'), true),
    eq(columnOf(accounts, 'isActive'), true),
  ) as SQL;
}

/**
 * Of these users, those whose company may act now: stock news (price changes, demand matches) goes only
 * to customers who can do something about it.
 */
export async function customersOfApprovedCompanies(tx: Db, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(accounts, eq(columnOf(accounts, 'id'), users.accountId))
    .where(and(inArray(users.id, [...userIds]), companyMayAct()));
  return new Set(rows.map((row) => row.id));
}
