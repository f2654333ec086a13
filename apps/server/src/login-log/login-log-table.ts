import type { LoginResult } from '@facet/contract';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { createdAt } from '../db/columns.ts';

export const loginLogs = pgTable(
  'login_logs',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** As typed at sign-in, lowercased: rate limits count per this value. */
    username: text().notNull(),
    result: text().$type<LoginResult>().notNull(),
    ip: text().notNull(),
    userAgent: text().notNull().default(''),
    /**
     * The user agent as the reports name it (user-agent-device.ts), set when the event is recorded; the
     * roll-up names rows written without it.
     */
    device: text(),
    createdAt: createdAt(),
  },
  (table) => [
    index('login_logs_created_at_idx').on(table.createdAt),
    index('login_logs_username_created_at_idx').on(table.username, table.createdAt),
    index('login_logs_ip_created_at_idx').on(table.ip, table.createdAt),
    index('login_logs_user_id_idx').on(table.userId),
  ],
);
