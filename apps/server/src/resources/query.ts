import {
  calendarDay,
  calendarInstant,
  codesOf,
  type FieldSpec,
  MAX_FILTER_CODES,
  MAX_FILTER_IDS,
  RESOURCE_MESSAGES,
  type ResourceSpec,
} from '@facet/contract';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { likePattern } from '../db/paging.ts';
import { snakeCase } from '../db/table-of.ts';
import { tableFor } from '../db/tables.ts';
import { fieldError } from '../http/envelope.ts';
import { instantRange } from '../http/instant-range.ts';
import { columnOf } from './columns.ts';

/** What paginate and export share: filters, free-text search and sort, already whitelisted by zod. */
export interface ListRequest {
  search?: string | undefined;
  filter?: Record<string, unknown> | undefined;
  sort?: Record<string, string | undefined> | undefined;
  /** The reader's zone, in which a day of a date-and-time filter is read. */
  timeZone?: string | undefined;
}

const uuid = z.uuid();
const isoDate = calendarDay();
const isoDateTime = calendarInstant();

/** Integer columns are PostgreSQL `integer`; a larger number would be a database error, not a 400. */
const INTEGER_MAX = 2_147_483_647;
/** Far beyond any price, carat or measure; keeps a number exact and every comparison plain. */
const DECIMAL_MAX = 1e15;

/**
 * One filter value, checked against the field's kind: the contract lets any scalar through, but a
 * string compared with an integer column would be a database error, not a clear 400.
 */
function filterValue(key: string, spec: FieldSpec, value: unknown): unknown {
  const refuse = () => fieldError(`filter.${key}`, RESOURCE_MESSAGES.invalidOption(spec.label));
  switch (spec.kind) {
    case 'integer':
    case 'decimal': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof number !== 'number' || !Number.isFinite(number)) throw refuse();
      if (spec.kind === 'integer' && !Number.isInteger(number)) throw refuse();
      if (Math.abs(number) > (spec.kind === 'integer' ? INTEGER_MAX : DECIMAL_MAX)) throw refuse();
      return number;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 1) return true;
      if (value === 'false' || value === 0) return false;
      throw refuse();
    case 'reference':
      if (!uuid.safeParse(value).success) throw refuse();
      return value;
    case 'enum':
      if (!(spec.options ?? []).some((option) => option.value === value)) throw refuse();
      return value;
    case 'date':
      if (!isoDate.safeParse(value).success) throw refuse();
      return value;
    case 'datetime':
      if (!isoDateTime.safeParse(value).success) throw refuse();
      return new Date(value as string);
    default:
      if (typeof value !== 'string' && typeof value !== 'number') throw refuse();
      return String(value);
  }
}

/**
 * Values in one order whatever order they were sent in, so that the same filter makes the same SQL
 * (the count cache is keyed by it); the order of an any-of list changes nothing else.
 */
const inOneOrder = <T>(values: T[]): T[] =>
  values.sort((a, b) => {
    const [x, y] = [String(a), String(b)];
    return x < y ? -1 : x > y ? 1 : 0;
  });

function eqCondition(column: PgColumn, key: string, spec: FieldSpec, raw: unknown): SQL | undefined {
  const values = Array.isArray(raw) ? raw : [raw];
  const wantsNull = values.some((value) => value === null);
  const given = inOneOrder(
    values.filter((value) => value !== null).map((value) => filterValue(key, spec, value)),
  );
  if (spec.kind === 'textList') {
    // Holding any of the values (the GIN index serves `&&`); null asks for an empty list.
    return or(
      wantsNull ? sql`cardinality(${column}) = 0` : undefined,
      given.length > 0 ? sql`${column} && ${sql.param(given)}::text[]` : undefined,
    );
  }
  return or(
    wantsNull ? isNull(column) : undefined,
    given.length === 1 ? eq(column, given[0]) : given.length > 1 ? inArray(column, given) : undefined,
  );
}

function rangeCondition(
  column: PgColumn,
  key: string,
  spec: FieldSpec,
  raw: unknown,
  timeZone: string | undefined,
): SQL | undefined {
  const range = raw as { from?: unknown; to?: unknown };
  if (spec.kind === 'datetime') {
    // The panel's date-range filter sends days: a day is the whole day on the reader's clock.
    const text = (bound: unknown) => {
      if (bound === undefined || typeof bound === 'string') return bound;
      throw fieldError(`filter.${key}`, RESOURCE_MESSAGES.invalidOption(spec.label));
    };
    return instantRange(column, { from: text(range.from), to: text(range.to) }, `filter.${key}`, timeZone);
  }
  const from = range.from === undefined ? undefined : filterValue(key, spec, range.from);
  const to = range.to === undefined ? undefined : filterValue(key, spec, range.to);
  if (
    from !== undefined &&
    to !== undefined &&
    (from as number | string | Date) > (to as number | string | Date)
  ) {
    throw fieldError(`filter.${key}`, RESOURCE_MESSAGES.rangeOrder);
  }
  return and(
    from === undefined ? undefined : sql`${column} >= ${from}`,
    to === undefined ? undefined : sql`${column} <= ${to}`,
  );
}

/** The text, matched literally and case-insensitively in any searched field or list element. */
function searchCondition(resource: ResourceSpec, text: string): SQL | undefined {
  const table = tableFor(resource);
  const pattern = likePattern(text);
  return or(
    ...Object.entries(resource.fields)
      .filter(([, spec]) => spec.search)
      .map(([key, spec]) =>
        spec.kind === 'textList'
          ? // Qualified by hand: drizzle leaves columns in raw SQL unqualified.
            sql`exists (select 1 from unnest(${sql.identifier(resource.table)}.${sql.identifier(
              snakeCase(key),
            )}) as e(value) where e.value ilike ${pattern})`
          : ilike(columnOf(table, key), pattern),
      ),
  );
}

/**
 * Rows where any of the code filter's fields equals one of the codes, ignoring case: one array
 * parameter however long the pasted list, matched through the lower() indexes.
 */
function codeCondition(resource: ResourceSpec, key: string, raw: unknown): SQL | undefined {
  const filter = resource.codeFilters?.[key];
  if (!filter) throw fieldError(`filter.${key}`, 'Unknown filter.');
  const codes = inOneOrder([...new Set(codesOf(raw as string | string[]).map((code) => code.toLowerCase()))]);
  if (codes.length > MAX_FILTER_CODES) {
    throw fieldError(`filter.${key}`, `At most ${MAX_FILTER_CODES} codes at once.`);
  }
  if (codes.length === 0) return undefined;
  const table = tableFor(resource);
  return or(
    ...filter.fields.map((field) => sql`lower(${columnOf(table, field)}) = any(${sql.param(codes)}::text[])`),
  );
}

/** Rows having any of the ids: one array parameter however long the selection. */
function idCondition(resource: ResourceSpec, raw: unknown): SQL {
  const ids = Array.isArray(raw) ? raw : [raw];
  if (ids.length === 0 || ids.length > MAX_FILTER_IDS || ids.some((id) => !uuid.safeParse(id).success)) {
    throw fieldError('filter.id', `Give 1 to ${MAX_FILTER_IDS} record ids.`);
  }
  return sql`${columnOf(tableFor(resource), 'id')} = any(${sql.param(inOneOrder([...new Set(ids as string[])]))}::uuid[])`;
}

/**
 * Live rows matching the request's filters and search, and `within`: a condition of the server's own
 * (the caller's view scope), never taken from a body.
 */
export function whereOf(resource: ResourceSpec, request: ListRequest, within?: SQL): SQL | undefined {
  const table = tableFor(resource);
  const conditions: (SQL | undefined)[] = [isNull(columnOf(table, 'deletedAt')), within];
  // Keys in one order: the same filter makes the same SQL (see inOneOrder).
  const filters = Object.entries(request.filter ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, raw] of filters) {
    if (key === 'id' && resource.idFilter) {
      if (raw !== undefined) conditions.push(idCondition(resource, raw));
      continue;
    }
    if (resource.codeFilters?.[key]) {
      if (raw !== undefined) conditions.push(codeCondition(resource, key, raw));
      continue;
    }
    const spec = resource.fields[key];
    // The zod schema already refused unknown keys; this keeps the guarantee local.
    if (!spec?.filter) throw fieldError(`filter.${key}`, 'Unknown filter.');
    if (raw === undefined) continue;
    const column = columnOf(table, key);
    conditions.push(
      spec.filter === 'range'
        ? rangeCondition(column, key, spec, raw, request.timeZone)
        : eqCondition(column, key, spec, raw),
    );
  }
  if (request.search) conditions.push(searchCondition(resource, request.search));
  return and(...conditions);
}

/** One key of the ORDER BY, with the SQL type its keyset value is cast back to. */
export interface OrderKey {
  expr: SQL | PgColumn;
  direction: 'asc' | 'desc';
  cast: string;
  /** The column whose nulls this key puts last (`column is null`), followed by the column's own key. */
  nullsOf?: PgColumn;
}

const CASTS: Record<FieldSpec['kind'], string> = {
  text: 'text',
  longText: 'text',
  image: 'text',
  integer: 'integer',
  decimal: 'numeric',
  boolean: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
  enum: 'text',
  reference: 'uuid',
  textList: 'text[]',
  json: 'jsonb',
};

function castOf(spec: FieldSpec): string {
  if (spec.kind === 'enum' && (spec.options ?? []).every((option) => typeof option.value === 'number')) {
    return 'integer';
  }
  return CASTS[spec.kind];
}

/**
 * The sort of the request (or the declared default), then `id` so that the order is total. A nullable
 * column sorts its nulls last in both directions through a leading `is null` key, so that keyset
 * batches (export) can compare plain values.
 */
export function orderKeysOf(resource: ResourceSpec, sort: ListRequest['sort']): OrderKey[] {
  const table = tableFor(resource);
  const asked = Object.entries(sort ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  const wanted = asked.length
    ? asked.map(([key, direction]) => ({ key, direction: direction.toLowerCase() as 'asc' | 'desc' }))
    : [{ key: resource.defaultSort.field, direction: resource.defaultSort.direction }];
  const keys: OrderKey[] = [];
  for (const { key, direction } of wanted) {
    const column = columnOf(table, key);
    const spec = resource.fields[key];
    if (!spec) {
      // createdAt / updatedAt: system columns, never null.
      keys.push({ expr: column, direction, cast: 'timestamptz' });
      continue;
    }
    if (!spec.required && spec.kind !== 'boolean') {
      keys.push({ expr: sql`(${column} is null)`, direction: 'asc', cast: 'boolean', nullsOf: column });
    }
    keys.push({ expr: column, direction, cast: castOf(spec) });
  }
  keys.push({ expr: columnOf(table, 'id'), direction: 'asc', cast: 'uuid' });
  return keys;
}

export function orderBy(keys: readonly OrderKey[]): SQL[] {
  return keys.map((key) => (key.direction === 'asc' ? asc(key.expr) : desc(key.expr)));
}

/** Each key's value as text, selected with a batch so the next batch can start after its last row. */
export function cursorSelection(keys: readonly OrderKey[]): Record<string, SQL<string | null>> {
  return Object.fromEntries(keys.map((key, index) => [`k${index}`, sql<string | null>`(${key.expr})::text`]));
}

/**
 * Rows strictly after `values` in the order of `keys`: (k0 > v0) or (k0 = v0 and k1 > v1) or ...
 * A null value can only be equalled (nulls sort last behind their `is null` key).
 */
export function afterCursor(keys: readonly OrderKey[], values: readonly (string | null)[]): SQL | undefined {
  const equal = (index: number): SQL => {
    const key = keys[index] as OrderKey;
    const value = values[index];
    return value === null || value === undefined
      ? sql`(${key.expr}) is null`
      : sql`(${key.expr}) = cast(${value} as ${sql.raw(key.cast)})`;
  };
  const after = (index: number): SQL | undefined => {
    const key = keys[index] as OrderKey;
    const value = values[index];
    if (value === null || value === undefined) return undefined;
    const operator = sql.raw(key.direction === 'asc' ? '>' : '<');
    return sql`(${key.expr}) ${operator} cast(${value} as ${sql.raw(key.cast)})`;
  };
  return or(
    ...keys.map((_key, index) => {
      const strictly = after(index);
      if (!strictly) return undefined;
      return and(...keys.slice(0, index).map((_prior, prior) => equal(prior)), strictly);
    }),
  );
}
