import { qualityBandResource, sieveGroupResource } from '@facet/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { createdAt } from '../db/columns.ts';
import { accounts } from '../db/resource-tables.ts';
import { tableFor } from '../db/tables.ts';

/** The master tables the sheets and orders point at, generated from the contract's resources. */
export const sieveGroups = tableFor(sieveGroupResource);
export const qualityBands = tableFor(qualityBandResource);

const money = () => numeric({ precision: 16, scale: 2, mode: 'number' });
const day = () => date({ mode: 'string' });
const moment = () => timestamp({ withTimezone: true });
const staffRef = () => uuid().references(() => users.id, { onDelete: 'set null' });
const sieveGroupRef = () =>
  uuid()
    .notNull()
    .references((): AnyPgColumn => sieveGroups.id as AnyPgColumn, { onDelete: 'restrict' });
const qualityBandRef = () =>
  uuid()
    .notNull()
    .references((): AnyPgColumn => qualityBands.id as AnyPgColumn, { onDelete: 'restrict' });

/**
 * One row a date that has a price sheet: what the trail names, and what a save locks so that two
 * saves of one date take turns.
 */
export const parcelPriceSheets = pgTable('parcel_price_sheets', {
  id: uuid().primaryKey().defaultRandom(),
  priceDate: day().notNull().unique(),
  updatedBy: staffRef(),
  updatedAt: moment().notNull().defaultNow(),
});

/** A price per carat of a sieve group and quality band on a date. */
export const parcelPrices = pgTable(
  'parcel_prices',
  {
    id: uuid().primaryKey().defaultRandom(),
    priceDate: day()
      .notNull()
      .references(() => parcelPriceSheets.priceDate, { onDelete: 'cascade' }),
    sieveGroupId: sieveGroupRef(),
    qualityBandId: qualityBandRef(),
    pricePerCarat: money().notNull(),
    updatedBy: staffRef(),
    updatedAt: moment().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('parcel_prices_cell_idx').on(table.priceDate, table.sieveGroupId, table.qualityBandId),
    index('parcel_prices_history_idx').on(table.sieveGroupId, table.qualityBandId, table.priceDate),
    check('parcel_prices_price_check', sql`${table.pricePerCarat} >= 0`),
  ],
);

/** Parcel order numbers (`PO-000042`), one sequence every instance shares. */
export const parcelOrderNumbers = pgSequence('parcel_order_number_seq', { startWith: 1 });

/** A customer's order of melee, priced from the sheet in force on its date. */
export const parcelOrders = pgTable(
  'parcel_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderNumber: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid().references((): AnyPgColumn => accounts.id as AnyPgColumn, { onDelete: 'set null' }),
    orderDate: day().notNull(),
    priceDate: day().notNull(),
    status: smallint().notNull().default(1),
    notes: text(),
    totalPieces: integer(),
    totalCarats: numeric({ precision: 14, scale: 3, mode: 'number' }),
    totalAmount: money(),
    statusChangedAt: moment(),
    statusChangedBy: staffRef(),
    statusRemarks: text(),
    createdAt: createdAt(),
  },
  (table) => [
    index('parcel_orders_status_date_idx').on(table.status, table.orderDate),
    index('parcel_orders_user_idx').on(table.userId, table.createdAt),
    index('parcel_orders_account_idx').on(table.accountId),
    check('parcel_orders_status_check', sql`${table.status} in (1, 2, 3)`),
  ],
);

export const parcelOrderLines = pgTable(
  'parcel_order_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => parcelOrders.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    sieveGroupId: sieveGroupRef(),
    qualityBandId: qualityBandRef(),
    pieces: integer(),
    carats: numeric({ precision: 12, scale: 3, mode: 'number' }),
    pricePerCarat: money().notNull(),
    amount: money(),
  },
  (table) => [
    index('parcel_order_lines_order_idx').on(table.orderId, table.position),
    check(
      'parcel_order_lines_quantity_check',
      sql`coalesce(${table.pieces}, 0) > 0 or coalesce(${table.carats}, 0) > 0`,
    ),
    check('parcel_order_lines_price_check', sql`${table.pricePerCarat} >= 0`),
  ],
);
