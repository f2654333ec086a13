import { ACCOUNT_DOCUMENT_STATUS, accountResource } from '@facet/contract';
import { and, countDistinct, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { countFigure, listLink } from '../dashboard/dashboard-figures.ts';
import { accounts } from '../db/resource-tables.ts';
import type { DashboardTileBody } from '../modules/server-module.ts';
import { columnOf } from '../resources/columns.ts';
import { paginateRecords } from '../resources/read.ts';
import { accountDocuments } from './account-document-table.ts';

/** How many companies the tile names. */
const ITEMS = 5;

const pendingDocuments = and(
  eq(accountDocuments.status, ACCOUNT_DOCUMENT_STATUS.PENDING),
  isNull(accountDocuments.deletedAt),
  isNull(columnOf(accounts, 'deletedAt')),
);

/**
 * Companies waiting for KYC (a document pending review), the latest named with their details page,
 * and the companies waiting for their approval, as the company list counts them.
 */
export async function kycTile(ctx: AppContext): Promise<DashboardTileBody> {
  const accountId = columnOf(accounts, 'id');
  const latest = max(accountDocuments.createdAt);
  const [waiting, [kyc], latestAccounts] = await Promise.all([
    paginateRecords(ctx.db, accountResource, {
      page: 1,
      limit: 1,
      filter: { isApproved: false },
    }),
    ctx.db
      .select({ value: countDistinct(accountDocuments.accountId) })
      .from(accountDocuments)
      .innerJoin(accounts, eq(accountId, accountDocuments.accountId))
      .where(pendingDocuments),
    ctx.db
      .select({
        id: sql<string>`${accountId}`,
        name: sql<string>`${columnOf(accounts, 'name')}`,
        documents: sql<number>`count(*)::int`.mapWith(Number),
        latest,
      })
      .from(accountDocuments)
      .innerJoin(accounts, eq(accountId, accountDocuments.accountId))
      .where(pendingDocuments)
      .groupBy(accountId, columnOf(accounts, 'name'))
      .orderBy(desc(latest))
      .limit(ITEMS),
  ]);
  return {
    figures: [
      // The company list cannot filter by its documents: the companies are named below instead.
      countFigure('kyc', 'Waiting for KYC review', kyc?.value ?? 0, null),
      countFigure(
        'to-approve',
        'Companies to approve',
        waiting.count,
        listLink('account', { isApproved: false }),
      ),
    ],
    breakdowns: [],
    items: latestAccounts.map((row) => ({
      key: row.id,
      title: row.name,
      detail: row.documents === 1 ? '1 document to review' : `${row.documents} documents to review`,
      at: row.latest ? new Date(row.latest as unknown as string).toISOString() : null,
      link: `account-details/${row.id}`,
    })),
  };
}
