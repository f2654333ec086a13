import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

/**
 * Seeds that ran: a row per seed, so first-start data is inserted once even when two instances start
 * together. `progress` counts the batches done of a seed that runs in steps (cities).
 */
export const seedState = pgTable('seed_state', {
  name: text().primaryKey(),
  progress: integer().notNull().default(0),
  completedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});
