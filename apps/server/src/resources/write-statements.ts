import type { ResourceSpec } from '@facet/contract';
import { and, eq, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { connectionOf } from '../db/pooled-connections.ts';
import { tableFor } from '../db/tables.ts';
import { columnOf } from './columns.ts';

/**
 * Statements of a write's transaction, prepared once per connection: a transaction's database is new
 * each time, so drizzle would build and render the same lock, update and audit insert for every write,
 * and PostgreSQL parse them again. A prepared statement belongs to its connection, so they are kept by
 * the database bound to the transaction's connection (connectionOf) and sent on it, inside the
 * transaction. Elsewhere (PGlite, a nested transaction) they are built per write as before.
 */
const statements = new WeakMap<Db, Map<string, unknown>>();

/** Statement names by what they send: the same text has the same name on every connection. */
const names = new Map<string, string>();
/** Named statements of each family (a resource's updates), which grows with the columns a write sets. */
const namedOfFamily = new Map<string, number>();
/**
 * Shapes of a family past which a new one is built per write: an update's shape is its set of columns,
 * which a user chooses, so one user's odd writes must not use up what every other write is prepared by.
 * The lock and the audit insert (no family) are one per resource and always prepared.
 */
const MAX_FAMILY_SHAPES = 24;

/**
 * The statement `key` prepared on the transaction's connection (prepare builds it once per connection),
 * or undefined where statements are built per write: not a pooled connection's top-level transaction,
 * or a family with all its shapes named.
 */
export function preparedOn<T>(
  tx: Db,
  key: string,
  prepare: (connection: Db, name: string) => T,
  family?: string,
): T | undefined {
  const connection = connectionOf(tx);
  if (!connection) return undefined;
  let byKey = statements.get(connection);
  if (!byKey) {
    byKey = new Map();
    statements.set(connection, byKey);
  }
  const known = byKey.get(key) as T | undefined;
  if (known) return known;
  let name = names.get(key);
  if (!name) {
    if (family !== undefined) {
      const named = namedOfFamily.get(family) ?? 0;
      if (named >= MAX_FAMILY_SHAPES) return undefined;
      namedOfFamily.set(family, named + 1);
    }
    name = `facet_write_${names.size + 1}`;
    names.set(key, name);
  }
  const statement = prepare(connection, name);
  byKey.set(key, statement);
  return statement;
}

function lockQuery(db: Db, resource: ResourceSpec, id: Placeholder | string) {
  const table = tableFor(resource);
  return db
    .select()
    .from(table)
    .where(and(eq(columnOf(table, 'id'), id), isNull(columnOf(table, 'deletedAt'))))
    .for('update');
}

/** The live row of `id`, locked until the transaction ends; undefined when there is none. */
export async function lockRow(
  tx: Db,
  resource: ResourceSpec,
  id: string,
): Promise<Record<string, unknown> | undefined> {
  const prepared = preparedOn(tx, `lock\u0000${resource.name}`, (connection, name) =>
    lockQuery(connection, resource, sql.placeholder('id')).prepare(name),
  );
  const [row] = prepared ? await prepared.execute({ id }) : await lockQuery(tx, resource, id);
  return row;
}

/**
 * `update <table> set <columns>, updated_at, updated_by where id`: a statement per set of columns
 * (null values written as such, the others as parameters through their column's encoding).
 */
export async function updateRow(
  tx: Db,
  resource: ResourceSpec,
  id: string,
  columns: Record<string, unknown>,
  stamp: { updatedAt: Date; updatedBy: string },
): Promise<void> {
  const table = tableFor(resource);
  const values: Record<string, unknown> = { ...columns, ...stamp };
  // As drizzle's built update does: a key without a value is not set.
  const keys = Object.keys(values)
    .filter((key) => values[key] !== undefined)
    .sort();
  const shape = keys.map((key) => (values[key] === null ? `${key}=null` : key)).join(',');
  const family = `update\u0000${resource.name}`;
  const prepared = preparedOn(
    tx,
    `${family}\u0000${shape}`,
    (connection, name) =>
      connection
        .update(table)
        .set(
          Object.fromEntries(
            keys.map((key) => [key, values[key] === null ? null : sql.placeholder(`v_${key}`)]),
          ),
        )
        .where(eq(columnOf(table, 'id'), sql.placeholder('id')))
        .prepare(name),
    family,
  );
  if (!prepared) {
    await tx
      .update(table)
      .set(values)
      .where(eq(columnOf(table, 'id'), id));
    return;
  }
  const parameters: Record<string, unknown> = { id };
  for (const key of keys) if (values[key] !== null) parameters[`v_${key}`] = values[key];
  await prepared.execute(parameters);
}
