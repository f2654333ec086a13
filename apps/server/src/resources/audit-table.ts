import type { AuditAction, AuditEntityType } from '@facet/contract';
import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { createdAt } from '../db/columns.ts';

/**
 * Who changed which user, role, permission set or resource record; written in the transaction of the
 * change. `entityType` is `user`, `role` or a resource name.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid().primaryKey().defaultRandom(),
    action: text().$type<AuditAction>().notNull(),
    entityType: text().$type<AuditEntityType>().notNull(),
    entityId: uuid().notNull(),
    /** The user concerned (null for role changes), so one user's history is one indexed read. */
    subjectUserId: uuid(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    ip: text().notNull().default(''),
    userAgent: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_logs_subject_user_id_created_at_idx').on(table.subjectUserId, table.createdAt),
    index('audit_logs_actor_id_created_at_idx').on(table.actorId, table.createdAt),
    index('audit_logs_entity_created_at_idx').on(table.entityType, table.entityId, table.createdAt),
    index('audit_logs_created_at_idx').on(table.createdAt),
  ],
);
