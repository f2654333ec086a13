import {
  type AnyPgColumn,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { createdAt } from '../db/columns.ts';
import { accounts, stones } from '../db/resource-tables.ts';
import { RESOURCE_TABLES } from '../db/tables.ts';

const cabins = RESOURCE_TABLES.get('cabin');
const slots = RESOURCE_TABLES.get('slot');
if (!cabins || !slots) throw new Error('The cabin and slot resources are not declared');
export const cabinTable = cabins;
export const slotTable = slots;

const moment = () => timestamp({ withTimezone: true });

/** Appointment numbers (`APT-000042`), one sequence every instance shares. */
export const appointmentNumbers = pgSequence('appointment_number_seq', { startWith: 1 });

/**
 * A booking of one cabin for one customer, stored in UTC. The migration adds what drizzle cannot
 * declare: an exclusion constraint refusing two approved bookings of one cabin at overlapping times.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid().primaryKey().defaultRandom(),
    appointmentNumber: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid().references((): AnyPgColumn => accounts.id as AnyPgColumn, { onDelete: 'set null' }),
    cabinId: uuid()
      .notNull()
      .references((): AnyPgColumn => cabins.id as AnyPgColumn, { onDelete: 'restrict' }),
    slotId: uuid().references((): AnyPgColumn => slots.id as AnyPgColumn, { onDelete: 'set null' }),
    startsAt: moment().notNull(),
    endsAt: moment().notNull(),
    purpose: text().notNull(),
    meetingType: smallint().notNull(),
    notes: text(),
    status: smallint().notNull(),
    decidedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: moment(),
    cancelReason: text(),
    reminderSentAt: moment(),
    icsSequence: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: moment().notNull().defaultNow(),
  },
  (table) => [
    index('appointments_cabin_starts_idx').on(table.cabinId, table.startsAt),
    index('appointments_starts_idx').on(table.startsAt),
    index('appointments_user_idx').on(table.userId, table.startsAt),
    index('appointments_status_idx').on(table.status, table.startsAt),
  ],
);

/** The stones a customer asked to see at a booking. */
export const appointmentStones = pgTable(
  'appointment_stones',
  {
    appointmentId: uuid()
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    stoneId: uuid()
      .notNull()
      .references((): AnyPgColumn => stones.id as AnyPgColumn, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.appointmentId, table.stoneId] }),
    index('appointment_stones_stone_idx').on(table.stoneId),
  ],
);
