import { masterResource, nonCertResource, sizeResource } from '@facet/contract';
import {
  type AnyPgColumn,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tableFor } from '../db/tables.ts';

const idOf = (name: 'master' | 'size' | 'lot') => (): AnyPgColumn => {
  const resource = name === 'master' ? masterResource : name === 'size' ? sizeResource : nonCertResource;
  return tableFor(resource).id as AnyPgColumn;
};

/** A master value (a grade); a retired grade stays on the rows that used it (masters are soft-deleted). */
const grade = () => uuid().references(idOf('master'), { onDelete: 'restrict' });

/**
 * The criteria rows of a non-certified lot, in the order the trader entered them. Not an engine
 * resource: a lot's rows are only ever written together, replaced as one set (noncert/criteria-store.ts),
 * and their history is the lot's. Numbers follow the bounds of CRITERIA_FIELDS.
 */
export const nonCertCriteria = pgTable(
  'non_cert_criteria',
  {
    id: uuid().primaryKey().defaultRandom(),
    nonCertId: uuid().notNull().references(idOf('lot'), { onDelete: 'cascade' }),
    lineNumber: integer().notNull(),
    shapeId: grade().notNull(),
    sizeId: uuid().references(idOf('size'), { onDelete: 'restrict' }),
    caratFrom: numeric({ precision: 7, scale: 3, mode: 'number' }).notNull(),
    caratTo: numeric({ precision: 7, scale: 3, mode: 'number' }).notNull(),
    colorFromId: grade(),
    colorToId: grade(),
    clarityFromId: grade(),
    clarityToId: grade(),
    pieces: integer(),
    carats: numeric({ precision: 10, scale: 3, mode: 'number' }).notNull(),
    pricePerCarat: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    amount: numeric({ precision: 15, scale: 2, mode: 'number' }).notNull(),
    remarks: text(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Serves reading a lot's rows in order; masters and sizes are soft-deleted, so their keys need none.
    uniqueIndex('non_cert_criteria_lot_line_key').on(table.nonCertId, table.lineNumber),
  ],
);
