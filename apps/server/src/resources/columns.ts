import {
  type FieldSpec,
  RESOURCE_BY_NAME,
  type ReferenceDetailColumn,
  type ResourceSpec,
  referenceDetailColumns,
  referenceTitleKey,
  USER_REFERENCE,
} from '@facet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { type ResourceTable, snakeCase } from '../db/table-of.ts';
import { tableFor } from '../db/tables.ts';
import { fieldError } from '../http/envelope.ts';

/** A column of a generated table by its field key; keys come from the declaration, never from input. */
export function columnOf(table: ResourceTable, key: string): PgColumn {
  const column = table[key] as PgColumn | undefined;
  if (!column) throw new Error(`column ${key} missing from its generated table`);
  return column;
}

export function isUserReference(spec: FieldSpec): boolean {
  return spec.kind === 'reference' && spec.references === USER_REFERENCE;
}

/** The resource a reference points at; a user reference points at none (see isUserReference). */
export function referencedResource(spec: FieldSpec): ResourceSpec {
  const target = RESOURCE_BY_NAME.get(spec.references ?? '');
  if (!target) throw new Error(`reference to undeclared resource ${spec.references}`);
  return target;
}

/**
 * The title of the row a reference points at, as a scalar subquery: written out with identifiers
 * because the referenced table may be the same table (a sub-master's parent). A user's title is their
 * name, kept after the user is deleted, as the trail keeps it.
 */
export function titleOf(resource: ResourceSpec, key: string, spec: FieldSpec): SQL<string | null> {
  const self = sql`${sql.identifier(resource.table)}.${sql.identifier(snakeCase(key))}`;
  if (isUserReference(spec)) {
    return sql<string | null>`(select ${users.name} from ${users} where ${users.id} = ${self})`;
  }
  const target = referencedResource(spec);
  return sql<string | null>`(select r.${sql.identifier(snakeCase(target.titleField))} from ${sql.identifier(
    target.table,
  )} r where r.id = ${self})`;
}

/**
 * One detail of the row a reference points at (FieldSpec `details`), as a scalar subquery read with
 * the detail column's own decoding; a detail that is itself a reference answers that row's title.
 */
function detailOf(resource: ResourceSpec, column: ReferenceDetailColumn): SQL {
  const self = sql`${sql.identifier(resource.table)}.${sql.identifier(snakeCase(column.field))}`;
  const own = sql`r.${sql.identifier(snakeCase(column.detail))}`;
  const from = sql`from ${sql.identifier(column.target.table)} r`;
  if (column.spec.kind !== 'reference') {
    return sql`(select ${own} ${from} where r.id = ${self})`.mapWith(
      columnOf(tableFor(column.target), column.detail),
    );
  }
  const [titleTable, titleColumn] = isUserReference(column.spec)
    ? ['users', 'name']
    : [referencedResource(column.spec).table, snakeCase(referencedResource(column.spec).titleField)];
  return sql<string | null>`(select t.${sql.identifier(titleColumn)} ${from} join ${sql.identifier(
    titleTable,
  )} t on t.id = ${own} where r.id = ${self})`;
}

/**
 * What a record read selects: every column but `deletedAt`, plus the title of every reference and the
 * declared details of the rows they point at.
 */
export function selectionOf(
  resource: ResourceSpec,
  columns?: readonly string[],
): Record<string, PgColumn | SQL> {
  let selection = selections.get(resource);
  if (!selection) {
    selection = buildSelection(resource);
    selections.set(resource, selection);
  }
  return columns ? narrowed(resource, selection, columns) : selection;
}

/**
 * A record's id and the asked columns only: a field with its reference's title, or one detail of a
 * referenced row. A grid showing twelve of the stone's hundred columns reads and sends only those.
 */
function narrowed(
  resource: ResourceSpec,
  selection: Record<string, PgColumn | SQL>,
  columns: readonly string[],
): Record<string, PgColumn | SQL> {
  const picked: Record<string, PgColumn | SQL> = { id: selection.id as PgColumn };
  for (const key of checkedColumns(resource, columns)) {
    for (const shown of [key, referenceTitleKey(key)]) {
      const column = selection[shown];
      if (column) picked[shown] = column;
    }
  }
  return picked;
}

const STAMPS = new Set(['createdAt', 'updatedAt']);

/**
 * Asked columns checked against the declaration: fields, details of referenced rows and, where `stamps`,
 * the creation and update times. Anything else is refused before it reaches SQL.
 */
export function checkedColumns(
  resource: ResourceSpec,
  asked: readonly string[],
  { stamps = true }: { stamps?: boolean } = {},
): string[] {
  const details = new Set(referenceDetailColumns(resource, RESOURCE_BY_NAME).map((detail) => detail.key));
  for (const key of asked) {
    if (!(Object.hasOwn(resource.fields, key) || details.has(key) || (stamps && STAMPS.has(key)))) {
      throw fieldError('columns', `Unknown column: ${key.slice(0, 60)}`);
    }
  }
  return [...new Set(asked)];
}

/** Built once per resource: every list request reads it. */
const selections = new WeakMap<ResourceSpec, Record<string, PgColumn | SQL>>();

function buildSelection(resource: ResourceSpec): Record<string, PgColumn | SQL> {
  const table = tableFor(resource);
  const selection: Record<string, PgColumn | SQL> = {};
  for (const [key, column] of Object.entries(table)) {
    if (key !== 'deletedAt' && isColumn(column)) selection[key] = column;
  }
  for (const [key, spec] of Object.entries(resource.fields)) {
    if (spec.kind === 'reference') selection[referenceTitleKey(key)] = titleOf(resource, key, spec);
  }
  for (const column of referenceDetailColumns(resource, RESOURCE_BY_NAME)) {
    selection[column.key] = detailOf(resource, column);
  }
  return selection;
}

function isColumn(value: unknown): value is PgColumn {
  return typeof value === 'object' && value !== null && 'columnType' in value;
}

/**
 * Dates leave as ISO strings, as the contract's ResourceRecord says. A plain loop: a page of stones is
 * 50 rows of some 170 keys, and entry arrays for each would be garbage on every list request.
 */
export function toRecord(row: Record<string, unknown>): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const key in row) {
    const value = row[key];
    record[key] = value instanceof Date ? value.toISOString() : value;
  }
  return record;
}
