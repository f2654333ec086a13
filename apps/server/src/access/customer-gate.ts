import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/resource-tables.ts';
import { rowsOf } from '../db/sql-rows.ts';
import type { CustomerGate } from '../http/access-plugin.ts';
import { HttpError } from '../http/envelope.ts';
import { users } from './user-table.ts';

export const CUSTOMER_GATE_MESSAGES = {
  noCompany: 'Your user is not linked to a company.',
  notApproved: 'Your company is not approved yet, so this is not available.',
  inactive: 'Your company is not active, so this is not available.',
} as const;

/**
 * Customers act on the stock only for an approved company: read on every customer call, so that an
 * approval or its withdrawal counts at once, on every instance.
 */
export function customerGateOf(db: Db): CustomerGate {
  return async (auth) => {
    const result = await db.execute(sql`
      select a.id as "accountId", a.is_approved as "isApproved", a.is_active as "isActive"
      from ${users} u left join ${accounts} a on a.id = u.account_id and a.deleted_at is null
      where u.id = ${auth.user.id}`);
    const [row] = rowsOf<{ accountId: string | null; isApproved: boolean | null; isActive: boolean | null }>(
      result,
    );
    if (!row?.accountId) throw new HttpError('E_FORBIDDEN', CUSTOMER_GATE_MESSAGES.noCompany);
    if (row.isApproved !== true) throw new HttpError('E_FORBIDDEN', CUSTOMER_GATE_MESSAGES.notApproved);
    if (row.isActive !== true) throw new HttpError('E_FORBIDDEN', CUSTOMER_GATE_MESSAGES.inactive);
    return row.accountId;
  };
}
