import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';

// The report log, the hit counter's daily roll-up of page tracking (hit-counter.ts keeps it), and the
// pace of the visits a user records.

/** A report viewed on its screen or downloaded as a file, by whom and when. */
export const reportLogs = pgTable(
  'report_logs',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    report: text().notNull(),
    action: text().notNull(),
    format: text(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('report_logs_report_at_idx').on(table.report, table.at)],
);

/**
 * Page visits a closed UTC day by page and device (an empty device for visits that named none): the
 * visits, the different visitors, and the last visit's moment. Days from the roll-up mark on are read
 * from page_tracking itself.
 */
export const pageVisitDays = pgTable(
  'page_visit_daily',
  {
    day: date({ mode: 'string' }).notNull(),
    page: text().notNull(),
    device: text().notNull().default(''),
    visits: integer().notNull(),
    visitors: integer().notNull(),
    lastVisitAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.page, table.device] })],
);

/** How many visits a user recorded in the current minute, counted in one row so parallel calls queue. */
export const pageVisitPace = pgTable('page_visit_pace', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  windowStart: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
  visits: integer().notNull(),
});
