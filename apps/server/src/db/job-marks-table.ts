import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * When a job that runs on every instance last did its work (the new-arrival digest, the reports'
 * roll-ups), shared through the database so that the instances agree; its row is locked
 * `for update skip locked` while the job runs.
 */
export const jobMarks = pgTable('job_marks', {
  name: text().primaryKey(),
  mark: timestamp({ withTimezone: true }).notNull(),
});
