import type { UploadKind } from '@facet/contract';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { createdAt } from '../db/columns.ts';

/**
 * One stored file of `POST apis/upload`: checked by content, kept by a FileStorage under `storageKey`,
 * served at `/files/{id}/{name}`.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().$type<UploadKind>().notNull(),
    name: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The resource the file was uploaded for (its module's permission let it in); null before it was asked. */
    model: text(),
    /** Kept under `private/` and served only to staff of the model's module or through a signed link. */
    isPrivate: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('uploads_uploaded_by_created_at_idx').on(table.uploadedBy, table.createdAt)],
);
