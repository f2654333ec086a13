/**
 * The rows of a raw `db.execute`: node-postgres and PGlite both answer `{ rows }`, which the shared
 * Db type leaves unknown.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
