import { type FieldSpec, type ResourceSpec, USER_REFERENCE } from '@facet/contract';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A table generated from a declaration: columns keyed by the field keys plus the system columns. */
export type ResourceTable = PgTableWithColumns<{
  name: string;
  schema: undefined;
  columns: Record<string, PgColumn>;
  dialect: 'pg';
}>;

export function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (char) => `_${char.toLowerCase()}`);
}

/** Enough digits for the declared bounds, so numeric values never overflow the column. */
function precisionOf(spec: FieldSpec, scale: number): number {
  const bound = Math.max(Math.abs(spec.min ?? 0), Math.abs(spec.max ?? 1e12));
  return Math.min(Math.max(Math.ceil(Math.log10(bound + 1)), 1) + scale, 30);
}

function isIntegerEnum(spec: FieldSpec): boolean {
  const options = spec.options ?? [];
  return options.length > 0 && options.every((option) => typeof option.value === 'number');
}

/** Referenced tables are looked up lazily, so a resource may point at itself (sub-master → master). */
type TableLookup = (resourceName: string) => ResourceTable;

/**
 * The key of `users` as a foreign key target. The users table is declared in db/schema.ts, which builds
 * the resource tables from this module, so importing it here would be an import cycle; a foreign key
 * needs only the table's name and its key column.
 */
const usersKey = pgTable('users', { id: uuid('id').primaryKey() }).id;

function columnOf(key: string, spec: FieldSpec, lookup: TableLookup): PgColumnBuilderBase {
  const name = snakeCase(key);
  switch (spec.kind) {
    case 'text':
    case 'longText':
    case 'image':
      return spec.required ? text(name).notNull() : text(name);
    case 'integer':
      return spec.required ? integer(name).notNull() : integer(name);
    case 'decimal': {
      const scale = spec.scale ?? 2;
      // mode 'number': the driver's strings are read back as JS numbers, as the contract promises.
      const column = numeric(name, { precision: precisionOf(spec, scale), scale, mode: 'number' });
      return spec.required ? column.notNull() : column;
    }
    case 'boolean':
      return boolean(name)
        .notNull()
        .default(typeof spec.defaultValue === 'boolean' ? spec.defaultValue : false);
    case 'date':
      return spec.required ? date(name, { mode: 'string' }).notNull() : date(name, { mode: 'string' });
    case 'datetime':
      return spec.required
        ? timestamp(name, { withTimezone: true }).notNull()
        : timestamp(name, { withTimezone: true });
    case 'enum': {
      const column = isIntegerEnum(spec) ? integer(name) : text(name);
      return spec.required ? column.notNull() : column;
    }
    case 'reference': {
      const target = spec.references ?? '';
      // A user removed for good (users are soft-deleted, but still) empties an optional field.
      const column =
        target === USER_REFERENCE
          ? uuid(name).references((): AnyPgColumn => usersKey, {
              onDelete: spec.required ? 'restrict' : 'set null',
            })
          : uuid(name).references((): AnyPgColumn => lookup(target).id as AnyPgColumn, {
              onDelete: 'restrict',
            });
      return spec.required ? column.notNull() : column;
    }
    case 'textList':
      return text(name).array().notNull().default(sql`'{}'::text[]`);
    case 'json':
      return jsonb(name);
  }
}

/**
 * lower() of a text column, as its indexes hold it: with `text_pattern_ops`, which serves equality as
 * the default operator class does and also a prefix `like` (a stone looked up by the start of its
 * number), which under any collation other than C only this class can.
 */
function lowerPattern(column: PgColumn): SQL {
  return sql`lower(${column}) text_pattern_ops`;
}

/**
 * The text fields of code filters, matched on lower(): indexed so (unique ones already are). Not a
 * partial index: PostgreSQL keeps statistics of a partial index's expression but does not use them,
 * and without them it guesses thousands of rows per code and walks the sort index instead.
 */
function codeFilterIndexes(resource: ResourceSpec, column: (key: string) => PgColumn) {
  const keys = new Set(Object.values(resource.codeFilters ?? {}).flatMap((filter) => filter.fields));
  return [...keys]
    .filter((key) => !resource.fields[key]?.unique)
    .map((key) => index(`${resource.table}_${snakeCase(key)}_lower_idx`).on(lowerPattern(column(key))));
}

/**
 * The table of a resource, "declared once": a column per field (snake_case of its key), the system
 * columns, an index per filtered, sorted or referencing field (unless `index: false`), the declared
 * indexes and those of the code filters, and for `unique` fields a unique index among live rows (on
 * lower() for text, so uniqueness ignores case as the contract says).
 */
export function tableOf(resource: ResourceSpec, lookup: TableLookup): ResourceTable {
  const fields = Object.entries(resource.fields);
  const columns: Record<string, PgColumnBuilderBase> = {
    id: uuid('id').primaryKey().defaultRandom(),
    ...Object.fromEntries(fields.map(([key, spec]) => [key, columnOf(key, spec, lookup)])),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    /** Soft delete: the row and its history stay, lists and reads skip it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  };
  const table = pgTable(resource.table, columns, (t) => {
    const column = (key: string) => t[key] as PgColumn;
    return [
      ...fields
        .filter(([, spec]) => spec.unique)
        .map(([key, spec]) => {
          const target = spec.kind === 'text' ? lowerPattern(column(key)) : column(key);
          return uniqueIndex(`${resource.table}_${snakeCase(key)}_live_key`)
            .on(target)
            .where(sql`${column('deletedAt')} is null`);
        }),
      ...fields
        // Booleans split rows in two halves: an index on them would never be used.
        .filter(
          ([, spec]) =>
            (spec.filter || spec.sort || spec.kind === 'reference') &&
            spec.kind !== 'boolean' &&
            spec.index !== false,
        )
        .map(([key, spec]) => {
          const name = `${resource.table}_${snakeCase(key)}_idx`;
          // A list is filtered by overlap (`&&`), which only a GIN index serves.
          return spec.kind === 'textList'
            ? index(name).using('gin', column(key))
            : index(name).on(column(key));
        }),
      ...codeFilterIndexes(resource, column),
      ...(resource.indexes ?? []).map((declared) =>
        declared.trigram
          ? // One GIN index over several columns serves a condition on any of them: the search box's
            // `or` of its fields becomes a BitmapOr of scans of this one index.
            index(`${resource.table}_${declared.name}_idx`)
              .using(
                'gin',
                ...(declared.fields.map((key) => (t[key] as ExtraConfigColumn).op('gin_trgm_ops')) as [
                  ExtraConfigColumn,
                ]),
              )
              .where(sql`${column('deletedAt')} is null`)
          : // drizzle declares no INCLUDE: carried columns trail the key, which serves index-only scans
            // alike. The id comes last, so that a page's ids can be picked from the index alone.
            index(`${resource.table}_${declared.name}_idx`)
              .on(
                ...(declared.fields.map(column) as [PgColumn]),
                ...(declared.include ?? []).map(column),
                column('id'),
              )
              .where(sql`${column('deletedAt')} is null`),
      ),
      index(`${resource.table}_created_at_idx`).on(column('createdAt')),
    ];
  });
  return table as unknown as ResourceTable;
}
