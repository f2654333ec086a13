import { date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';

/**
 * The sign-in log rolled up a day at a time (UTC), which the login reports read for the days it holds:
 * one row per day, account (or login typed), address, device and kind of result. It outlives the log's
 * retention, so the reports keep their years after the raw events are pruned.
 */
export const loginDaily = pgTable(
  'login_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The login as typed, lowercased, as the log keeps it. */
    username: text().notNull(),
    ip: text().notNull(),
    device: text().notNull(),
    /** `signIn` or `failure` (LOGIN_RESULT_CLASSES); events that are neither are not rolled up. */
    outcome: text().$type<'signIn' | 'failure'>().notNull(),
    attempts: integer().notNull(),
    firstAt: timestamp({ withTimezone: true }).notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('login_daily_day_idx').on(table.day),
    index('login_daily_user_id_day_idx').on(table.userId, table.day),
  ],
);

/**
 * The same roll-up a day and account at a time (or login typed, when it names no account): the rows of
 * the login summary, and what the login report by user adds up, without grouping the finer rows again.
 * Rolled up with `login_daily`, in the same transaction.
 */
export const loginUserDaily = pgTable(
  'login_user_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The login as typed (the first of them, for an account): names the row when no account does. */
    username: text().notNull(),
    signIns: integer().notNull(),
    failures: integer().notNull(),
    firstSignInAt: timestamp({ withTimezone: true }),
    lastSignInAt: timestamp({ withTimezone: true }),
    lastFailureAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('login_user_daily_day_idx').on(table.day),
    index('login_user_daily_user_id_day_idx').on(table.userId, table.day),
  ],
);
