import { type FieldSpec, RESOURCE_BY_NAME, type ResourceSpec, referenceTitleKey } from '@facet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type ResourceTable, snakeCase } from './table-of.ts';
import { tableFor } from './tables.ts';

/** A column of a generated table by its field key; keys come from the declaration, never from input. */
export function columnOf(table: ResourceTable, key: string): PgColumn {
  const column = table[key] as PgColumn | undefined;
  if (!column) throw new Error(`column ${key} missing from its generated table`);
  return column;
}

export function referencedResource(spec: FieldSpec): ResourceSpec {
  const target = RESOURCE_BY_NAME.get(spec.references ?? '');
  if (!target) throw new Error(`reference to undeclared resource ${spec.references}`);
  return target;
}

/**
 * The title of the row a reference points at, as a scalar subquery: written out with identifiers
 * because the referenced table may be the same table (a sub-master's parent).
 */
function titleOf(resource: ResourceSpec, key: string, spec: FieldSpec): SQL<string | null> {
  const target = referencedResource(spec);
  return sql<string | null>`(select r.${sql.identifier(snakeCase(target.titleField))} from ${sql.identifier(
    target.table,
  )} r where r.id = ${sql.identifier(resource.table)}.${sql.identifier(snakeCase(key))})`;
}

/** What a record read selects: every column but `deletedAt`, plus the title of every reference. */
export function selectionOf(resource: ResourceSpec): Record<string, PgColumn | SQL> {
  const table = tableFor(resource);
  const selection: Record<string, PgColumn | SQL> = {};
  for (const [key, column] of Object.entries(table)) {
    if (key !== 'deletedAt' && isColumn(column)) selection[key] = column;
  }
  for (const [key, spec] of Object.entries(resource.fields)) {
    if (spec.kind === 'reference') selection[referenceTitleKey(key)] = titleOf(resource, key, spec);
  }
  return selection;
}

function isColumn(value: unknown): value is PgColumn {
  return typeof value === 'object' && value !== null && 'columnType' in value;
}

/** Dates leave as ISO strings, as the contract's ResourceRecord says. */
export function toRecord(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );
}
