import { timestamp } from 'drizzle-orm/pg-core';

/** When a row was written first; every table's own. */
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
