import {
  type AccountDetails,
  type AccountDocument,
  accountResource,
  dayTermResource,
  isUuid,
  RESOURCE_MESSAGES,
} from '@facet/contract';
import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { TokenSigner } from '../access/tokens.ts';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http/envelope.ts';
import { toAuditEntry } from '../resources/audit-entry.ts';
import { withNames } from '../resources/audit-names.ts';
import { auditLogs } from '../resources/audit-table.ts';
import { readRecord } from '../resources/read.ts';
import { documentFileLink } from '../uploads/file-links.ts';
import { accountDocuments } from './account-document-table.ts';
import { DOCUMENT_ENTITY, listDocuments, type StoredDocument } from './documents.ts';

/** Adds the link the panel opens: signed, short-lived, for a private file; the address itself otherwise. */
export function withLink(tokens: TokenSigner, document: StoredDocument): AccountDocument {
  return { ...document, fileLink: documentFileLink(tokens, document.fileUrl) };
}

const ACTIVITY_LIMIT = 50;

async function namesOf(db: Db, ids: readonly unknown[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => typeof id === 'string' && isUuid(id));
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The trail of the company and of its documents (deleted ones included), newest first. */
async function activityOf(db: Db, accountId: string) {
  const documentIds = db
    .select({ id: accountDocuments.id })
    .from(accountDocuments)
    .where(eq(accountDocuments.accountId, accountId));
  const rows = await db
    .select({ entry: auditLogs, actorName: users.name })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .where(
      or(
        and(eq(auditLogs.entityType, accountResource.name), eq(auditLogs.entityId, accountId)),
        and(eq(auditLogs.entityType, DOCUMENT_ENTITY), inArray(auditLogs.entityId, documentIds)),
      ),
    )
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(ACTIVITY_LIMIT);
  return withNames(
    db,
    rows.map(({ entry, actorName }) => toAuditEntry(entry, actorName)),
  );
}

async function usersOf(db: Db, accountId: string) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      emails: users.emails,
      type: users.type,
      isActive: users.isActive,
    })
    .from(users)
    .where(and(eq(users.accountId, accountId), isNull(users.deletedAt)))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map(({ emails, ...user }) => ({
    ...user,
    primaryEmail: (emails.find((entry) => entry.isPrimary) ?? emails[0])?.value ?? null,
  }));
}

/** The company's detail screen: the record with its approvers' names, users, term, documents and trail. */
export async function accountDetails(
  db: Db,
  tokens: TokenSigner,
  accountId: string,
): Promise<AccountDetails> {
  const account = await readRecord(db, accountResource, accountId);
  if (!account) throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
  const termId = typeof account.paymentTermId === 'string' ? account.paymentTermId : null;
  const [names, accountUsers, paymentTerm, documents, activity] = await Promise.all([
    namesOf(db, [account.approvedBy, account.verifiedBy]),
    usersOf(db, accountId),
    termId ? readRecord(db, dayTermResource, termId) : Promise.resolve(undefined),
    listDocuments(db, accountId),
    activityOf(db, accountId),
  ]);
  return {
    account: {
      ...account,
      approvedByName: names.get(account.approvedBy as string) ?? null,
      verifiedByName: names.get(account.verifiedBy as string) ?? null,
    },
    users: accountUsers,
    paymentTerm: paymentTerm ?? null,
    documents: documents.map((document) => withLink(tokens, document)),
    activity,
  };
}
