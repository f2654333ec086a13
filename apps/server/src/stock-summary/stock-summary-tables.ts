import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { createdAt } from '../db/columns.ts';
import { accounts, stones } from '../db/resource-tables.ts';

const money = () => numeric({ precision: 16, scale: 2, mode: 'number' });
const userRef = () =>
  uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const staffRef = () => uuid().references(() => users.id, { onDelete: 'set null' });
const accountRef = () =>
  uuid().references((): AnyPgColumn => accounts.id as AnyPgColumn, { onDelete: 'set null' });
const stoneRef = () =>
  uuid()
    .notNull()
    .references((): AnyPgColumn => stones.id as AnyPgColumn, { onDelete: 'restrict' });
const moment = () => timestamp({ withTimezone: true });

/** Enquiry numbers (`ENQ-000042`), one sequence every instance shares. */
export const enquiryNumbers = pgSequence('enquiry_number_seq', { startWith: 1 });

/**
 * The diamond track: what a customer did with a stone (domain reference, track types), with the stone's
 * price at that moment, so that staff see the price then beside the price now. Soft-deleted: a removal
 * keeps the row for the customer's history and the sales reports.
 */
export const diamondTracks = pgTable(
  'diamond_tracks',
  {
    id: uuid().primaryKey().defaultRandom(),
    trackType: smallint().notNull(),
    userId: userRef(),
    accountId: accountRef(),
    stoneId: stoneRef(),
    pricePerCarat: money(),
    discount: numeric({ precision: 8, scale: 2, mode: 'number' }),
    amount: money(),
    remarks: text(),
    reminderDate: moment(),
    enquiryNumber: text(),
    device: text(),
    offerPricePerCarat: money(),
    offerStatus: smallint(),
    validUntil: moment(),
    counterPricePerCarat: money(),
    /** When staff countered the offer; kept when the offer is decided after. */
    counteredAt: moment(),
    reply: text(),
    repliedAt: moment(),
    repliedBy: staffRef(),
    /** The reminder's or the offer's expiry notification went out. */
    notifiedAt: moment(),
    /**
     * Cart and watchlist: the stone's price per carat its customer was last told of (price-change
     * notices); null until the first change, when the price the track was made at stands for it.
     */
    toldPricePerCarat: money(),
    isActive: boolean().notNull().default(true),
    createdBy: staffRef(),
    createdAt: createdAt(),
    updatedAt: moment().notNull().defaultNow(),
    deletedAt: moment(),
  },
  (table) => [
    // A stone sits once in a customer's cart, watchlist and reminders.
    uniqueIndex('diamond_tracks_once_per_stone_idx')
      .on(table.userId, table.trackType, table.stoneId)
      .where(sql`${table.deletedAt} is null and ${table.trackType} in (1, 2, 5)`),
    // One pending offer a customer a stone.
    uniqueIndex('diamond_tracks_pending_offer_idx')
      .on(table.userId, table.stoneId)
      .where(sql`${table.deletedAt} is null and ${table.trackType} = 4 and ${table.offerStatus} = 1`),
    index('diamond_tracks_enquiry_number_idx').on(table.enquiryNumber),
    index('diamond_tracks_type_created_at_idx').on(table.trackType, table.createdAt),
    index('diamond_tracks_user_id_idx').on(table.userId, table.createdAt),
    index('diamond_tracks_account_id_idx').on(table.accountId),
    index('diamond_tracks_stone_id_idx').on(table.stoneId),
  ],
);

/**
 * Holds and memos: a stone blocked for one customer until `expiresAt`. Live while `endedAt` is null;
 * the database keeps at most one live block a stone, whatever races.
 */
export const stoneBlocks = pgTable(
  'stone_blocks',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: smallint().notNull(),
    state: smallint().notNull(),
    userId: userRef(),
    accountId: accountRef(),
    stoneId: stoneRef(),
    /** The stone's status before the block, given back when it ends. */
    previousStatus: text().notNull(),
    remarks: text(),
    expiresAt: moment().notNull(),
    confirmedAt: moment(),
    confirmedBy: staffRef(),
    endedAt: moment(),
    endedBy: staffRef(),
    device: text(),
    createdBy: staffRef(),
    createdAt: createdAt(),
    updatedAt: moment().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stone_blocks_one_live_idx').on(table.stoneId).where(sql`${table.endedAt} is null`),
    index('stone_blocks_live_expires_at_idx').on(table.expiresAt).where(sql`${table.endedAt} is null`),
    index('stone_blocks_user_id_idx').on(table.userId, table.createdAt),
    index('stone_blocks_account_id_idx').on(table.accountId),
  ],
);

/**
 * Demands (search type 3): a stone filter a customer wants, until it expires. `matchedUpTo` is the
 * moment up to which stock changes were matched against it, so each stone is told once.
 */
export const stoneDemands = pgTable(
  'stone_demands',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userRef(),
    accountId: accountRef(),
    name: text().notNull(),
    filter: jsonb().$type<Record<string, unknown>>().notNull(),
    expiresAt: moment().notNull(),
    matchedUpTo: moment().notNull().defaultNow(),
    lastMatchCount: integer(),
    lastNotifiedAt: moment(),
    expiryNotifiedAt: moment(),
    createdAt: createdAt(),
    updatedAt: moment().notNull().defaultNow(),
    deletedAt: moment(),
  },
  (table) => [
    index('stone_demands_user_id_idx').on(table.userId, table.createdAt),
    index('stone_demands_live_idx').on(table.expiresAt).where(sql`${table.deletedAt} is null`),
  ],
);

/** The stones a demand's owner was told of, so that each stone is told once a demand. */
export const stoneDemandMatches = pgTable(
  'stone_demand_matches',
  {
    demandId: uuid()
      .notNull()
      .references(() => stoneDemands.id, { onDelete: 'cascade' }),
    stoneId: uuid()
      .notNull()
      .references((): AnyPgColumn => stones.id as AnyPgColumn, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.demandId, table.stoneId] })],
);
