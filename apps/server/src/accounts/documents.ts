import {
  ACCOUNT_DOCUMENT_STATUS,
  ACCOUNT_MESSAGES,
  type AccountDocument,
  type AccountDocumentStatus,
  type accountDocumentCreateSchema,
  type accountDocumentReviewSchema,
} from '@facet/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/resource-tables.ts';
import { HttpError } from '../http/envelope.ts';
import type { NotificationDelivery } from '../notifications/notify.ts';
import { type Actor, recordAudit } from '../resources/audit-log.ts';
import { columnOf } from '../resources/columns.ts';
import { documentFileOf } from './account-document-files.ts';
import { accountDocuments } from './account-document-table.ts';
import { tellDocumentReviewed } from './company-notices.ts';

type DocumentRow = typeof accountDocuments.$inferSelect;

/** A document as stored; the routes add the signed `fileLink` the panel opens. */
export type StoredDocument = Omit<AccountDocument, 'fileLink'>;

/** The trail's entity type of a document; its company is in every entry's `accountId`. */
export const DOCUMENT_ENTITY = 'accountDocument';

/** What the trail records of a document. */
function auditFields(row: DocumentRow): Record<string, unknown> {
  return {
    accountId: row.accountId,
    documentType: row.documentType,
    documentNumber: row.documentNumber,
    fileUrl: row.fileUrl,
    status: row.status,
    rejectionReason: row.rejectionReason,
  };
}

const reviewer = alias(users, 'reviewer');
const creator = alias(users, 'creator');

/** The live documents of a company, newest first, with the names of who added and reviewed them. */
export async function listDocuments(
  db: Db,
  accountId: string,
  status?: AccountDocumentStatus,
): Promise<StoredDocument[]> {
  const rows = await db
    .select({ row: accountDocuments, reviewedByName: reviewer.name, createdByName: creator.name })
    .from(accountDocuments)
    .leftJoin(reviewer, eq(reviewer.id, accountDocuments.reviewedBy))
    .leftJoin(creator, eq(creator.id, accountDocuments.createdBy))
    .where(
      and(
        eq(accountDocuments.accountId, accountId),
        isNull(accountDocuments.deletedAt),
        status ? eq(accountDocuments.status, status) : undefined,
      ),
    )
    .orderBy(desc(accountDocuments.createdAt), desc(accountDocuments.id));
  return rows.map(({ row, reviewedByName, createdByName }) => toDocument(row, reviewedByName, createdByName));
}

function toDocument(row: DocumentRow, reviewedByName: string | null, createdByName: string | null) {
  return {
    id: row.id,
    accountId: row.accountId,
    documentType: row.documentType,
    documentNumber: row.documentNumber,
    fileUrl: row.fileUrl,
    fileId: row.fileId,
    status: row.status,
    reviewedBy: row.reviewedBy,
    reviewedByName,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    createdBy: row.createdBy,
    createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  } satisfies StoredDocument;
}

export async function readDocument(db: Db, id: string): Promise<StoredDocument> {
  const [found] = await db
    .select({ row: accountDocuments, reviewedByName: reviewer.name, createdByName: creator.name })
    .from(accountDocuments)
    .leftJoin(reviewer, eq(reviewer.id, accountDocuments.reviewedBy))
    .leftJoin(creator, eq(creator.id, accountDocuments.createdBy))
    .where(and(eq(accountDocuments.id, id), isNull(accountDocuments.deletedAt)));
  if (!found) throw new HttpError('E_NOT_FOUND', ACCOUNT_MESSAGES.documentNotFound);
  return toDocument(found.row, found.reviewedByName, found.createdByName);
}

/** A live company, or a 404. */
export async function assertAccountLive(db: Db, accountId: string): Promise<void> {
  const [row] = await db
    .select({ id: columnOf(accounts, 'id') })
    .from(accounts)
    .where(and(eq(columnOf(accounts, 'id'), accountId), isNull(columnOf(accounts, 'deletedAt'))));
  if (!row) throw new HttpError('E_NOT_FOUND', ACCOUNT_MESSAGES.accountNotFound);
}

async function lockDocument(tx: Db, id: string): Promise<DocumentRow> {
  const [row] = await tx
    .select()
    .from(accountDocuments)
    .where(and(eq(accountDocuments.id, id), isNull(accountDocuments.deletedAt)))
    .for('update');
  if (!row) throw new HttpError('E_NOT_FOUND', ACCOUNT_MESSAGES.documentNotFound);
  return row;
}

/** A new document waits for review (pending); an uploaded file must have been uploaded as private. */
export async function createDocument(
  db: Db,
  actor: Actor,
  accountId: string,
  input: z.output<typeof accountDocumentCreateSchema>,
): Promise<string> {
  return db.transaction(async (tx) => {
    await assertAccountLive(tx, accountId);
    const file = await documentFileOf(tx, input);
    const [row] = await tx
      .insert(accountDocuments)
      .values({
        accountId,
        ...input,
        ...file,
        status: ACCOUNT_DOCUMENT_STATUS.PENDING,
        createdBy: actor.auth.user.id,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, actor, {
      action: `${DOCUMENT_ENTITY}.create`,
      entityType: DOCUMENT_ENTITY,
      entityId: row.id,
      subjectUserId: null,
      before: null,
      after: auditFields(row),
    });
    return row.id;
  });
}

/**
 * Approve or reject, whatever the current status: the reviewer and the instant are stamped. The
 * company's users are told of a new verdict: hand the delivery to deliverNotifications once committed.
 */
export async function reviewDocument(
  db: Db,
  actor: Actor,
  id: string,
  input: z.output<typeof accountDocumentReviewSchema>,
): Promise<NotificationDelivery | null> {
  return db.transaction(async (tx) => {
    const current = await lockDocument(tx, id);
    const [row] = await tx
      .update(accountDocuments)
      .set({
        status: input.status,
        rejectionReason: input.status === ACCOUNT_DOCUMENT_STATUS.REJECTED ? (input.reason ?? null) : null,
        reviewedBy: actor.auth.user.id,
        reviewedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(accountDocuments.id, id))
      .returning();
    if (!row) throw new HttpError('E_NOT_FOUND', ACCOUNT_MESSAGES.documentNotFound);
    await recordAudit(tx, actor, {
      action: `${DOCUMENT_ENTITY}.status`,
      entityType: DOCUMENT_ENTITY,
      entityId: id,
      subjectUserId: null,
      before: {
        accountId: current.accountId,
        status: current.status,
        rejectionReason: current.rejectionReason,
      },
      after: { accountId: row.accountId, status: row.status, rejectionReason: row.rejectionReason },
    });
    // The same verdict again (a second click) is stamped, but the company has heard it already.
    const unchanged = current.status === row.status && current.rejectionReason === row.rejectionReason;
    return unchanged ? null : tellDocumentReviewed(tx, row, actor.auth.user.id);
  });
}

/** Soft: the document leaves the company's list, its trail stays. */
export async function deleteDocument(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockDocument(tx, id);
    await tx
      .update(accountDocuments)
      .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(accountDocuments.id, id));
    await recordAudit(tx, actor, {
      action: `${DOCUMENT_ENTITY}.delete`,
      entityType: DOCUMENT_ENTITY,
      entityId: id,
      subjectUserId: null,
      before: auditFields(current),
      after: null,
    });
  });
}
