import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * The write log of the tables whose lists cache their counts and totals (resources/write-version.ts):
 * a trigger adds a row for every statement that writes such a table, in that statement's transaction.
 * The sum of `writes` a snapshot sees for a table is its version: it grows with every committed write,
 * so two snapshots seeing the same sum see the same rows. Inserting, unlike bumping one counter row,
 * never makes writers wait for each other. Old rows are folded into one holding their sum.
 */
export const tableWrites = pgTable(
  'table_writes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tableName: text().notNull(),
    writes: bigint({ mode: 'number' }).notNull().default(1),
  },
  (table) => [index('table_writes_table_name_idx').on(table.tableName)],
);
