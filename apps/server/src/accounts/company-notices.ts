import { ACCOUNT_DOCUMENT_STATUS, NOTIFICATION_LIMITS } from '@facet/contract';
import { and, eq } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/resource-tables.ts';
import { type NotificationDelivery, notify } from '../notifications/notify.ts';
import { reachableUsers } from '../notifications/recipients.ts';
import { columnOf } from '../resources/columns.ts';

/** The customer module a company's own notices belong to (its profile, documents and approval). */
const COMPANY_MODULE = 'companyProfile';

/** The company's users who can receive anything (at most as many as one notify() takes). */
async function companyUsers(tx: Db, accountId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), reachableUsers()))
    .limit(NOTIFICATION_LIMITS.recipients);
  return rows.map((row) => row.id);
}

async function companyName(tx: Db, accountId: string): Promise<string> {
  const [row] = await tx
    .select({ name: columnOf(accounts, 'name') })
    .from(accounts)
    .where(eq(columnOf(accounts, 'id'), accountId));
  return (row?.name as string | undefined) ?? '';
}

const today = () => new Date().toISOString().slice(0, 10);

/** `kyc-status`: a KYC document of the company was approved or rejected; its users are told. */
export async function tellDocumentReviewed(
  tx: Db,
  document: { accountId: string; documentType: string; status: number; rejectionReason: string | null },
  reviewerId: string,
): Promise<NotificationDelivery> {
  const company = await companyName(tx, document.accountId);
  const approved = document.status === ACCOUNT_DOCUMENT_STATUS.APPROVED;
  const outcome = approved ? 'approved' : 'rejected';
  const reason = !approved && document.rejectionReason ? ` Reason: ${document.rejectionReason}` : '';
  return notify(tx, {
    action: 'kyc-status',
    userIds: await companyUsers(tx, document.accountId),
    title: `${document.documentType} ${outcome}`,
    message: `The ${document.documentType} document of ${company} was ${outcome}.${reason}`,
    values: { name: document.documentType, company, date: today() },
    module: COMPANY_MODULE,
    createdBy: reviewerId,
  });
}

/** `account-approved`: the company may now buy; its users are told. */
export async function tellCompanyApproved(
  tx: Db,
  accountId: string,
  approverId: string,
): Promise<NotificationDelivery> {
  const company = await companyName(tx, accountId);
  return notify(tx, {
    action: 'account-approved',
    userIds: await companyUsers(tx, accountId),
    title: `${company} approved`,
    message: `${company} has been approved. You can now hold, offer and order stones.`,
    values: { name: company, company, date: today() },
    module: COMPANY_MODULE,
    createdBy: approverId,
  });
}
