import type { AccountDocumentStatus } from '@facet/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { createdAt } from '../db/columns.ts';
import { accounts } from '../db/resource-tables.ts';

/** A company's KYC document: an uploaded file under review (1 pending, 2 approved, 3 rejected). */
export const accountDocuments = pgTable(
  'account_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references((): AnyPgColumn => accounts.id as AnyPgColumn, { onDelete: 'restrict' }),
    documentType: text().notNull(),
    documentNumber: text(),
    fileUrl: text().notNull(),
    fileId: uuid(),
    status: smallint().$type<AccountDocumentStatus>().notNull().default(1),
    reviewedBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    rejectionReason: text(),
    createdBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Soft delete: a KYC document's trail outlives it. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('account_documents_account_id_created_at_idx').on(table.accountId, table.createdAt),
    check('account_documents_status_check', sql`${table.status} in (1, 2, 3)`),
  ],
);
