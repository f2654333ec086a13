import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { isConnectionLost } from './connection-lost.ts';
import type * as schema from './schema.ts';

type PooledDb = NodePgDatabase<typeof schema>;

/**
 * pg's Pool listens for a client's 'error' only while the client sits idle, and removes that listener
 * while the client is checked out: a checked-out connection that breaks (its backend terminated inside a
 * transaction, a PostgreSQL restart or fail-over) then emits 'error' with no listener, which ends the
 * process. Every client the pool makes gets a listener of its own for life instead. The query running on
 * it fails on its own; each broken connection is reported once. Answers the clients seen broken.
 */
export function watchPooledConnections(
  pool: pg.Pool,
  onConnectionLost?: (error: Error) => void,
): WeakSet<pg.ClientBase> {
  const broken = new WeakSet<pg.ClientBase>();
  const report = (client: pg.ClientBase, error: Error) => {
    if (broken.has(client)) return;
    broken.add(client);
    onConnectionLost?.(error);
  };
  pool.on('connect', (client) => client.on('error', (error) => report(client, error)));
  // The pool re-emits an idle client's error: the same breakage, reported at most once.
  pool.on('error', (error, client) => report(client, error));
  return broken;
}

/** The database bound to the one connection a transaction runs on, by the transaction (connectionOf). */
const connections = new WeakMap<object, PooledDb>();

/**
 * The database bound to the connection that `tx` (a transaction of releasingTransaction) runs on, for
 * statements prepared once per connection: what it runs, it runs inside the transaction (the same
 * session). Undefined for any other database (PGlite's, a pool's, a nested transaction's).
 */
export function connectionOf(tx: object): PooledDb | undefined {
  return connections.get(tx);
}

/** A BEGIN on a connection that broke while idle is tried again on another, at most this many times. */
const BEGIN_ATTEMPTS = 3;

/**
 * `db.transaction` for a drizzle database on `pool`. drizzle's own (0.45, node-postgres) runs BEGIN
 * before the try that releases the client, so a BEGIN on a broken connection keeps its client checked
 * out for good (a few of those and every request waits for a connection that never comes), and it
 * returns a client whose ROLLBACK failed to the pool as healthy. Here the client is checked out, and
 * released on every path, by this function, and destroyed rather than reused when its connection broke;
 * drizzle runs the transaction on a session bound to that one client (one session per connection), which
 * releases nothing; connectionOf answers that session for the transaction's own prepared statements.
 *
 * Only a transaction whose BEGIN failed on a lost connection is tried again (on another connection):
 * none of its work was sent. Once the work has started, a lost connection fails the transaction, whose
 * work may not be idempotent.
 */
export function releasingTransaction(
  pool: pg.Pool,
  broken: WeakSet<pg.ClientBase>,
  bind: (client: pg.PoolClient) => PooledDb,
): PooledDb['transaction'] {
  const sessions = new WeakMap<pg.PoolClient, PooledDb>();
  const sessionOf = (client: pg.PoolClient) => {
    let session = sessions.get(client);
    if (!session) {
      session = bind(client);
      sessions.set(client, session);
    }
    return session;
  };
  return async (transaction, config) => {
    for (let attempt = 1; ; attempt += 1) {
      const client = await pool.connect();
      let started = false;
      let workFailed: { error: unknown } | undefined;
      let failure: Error | undefined;
      try {
        const session = sessionOf(client);
        return await session.transaction(async (tx) => {
          started = true;
          connections.set(tx, session);
          try {
            return await transaction(tx);
          } catch (error) {
            workFailed = { error };
            throw error;
          }
        }, config);
      } catch (error) {
        // The work's own failure, not the ROLLBACK that failed after it on a lost connection: the server
        // rolls back a transaction whose connection ended, so the work's answer stands.
        const answer = workFailed ? workFailed.error : error;
        if (broken.has(client) || isConnectionLost(error) || isConnectionLost(answer)) {
          failure = error instanceof Error ? error : new Error('the database connection broke');
          if (!started && attempt < BEGIN_ATTEMPTS) continue;
        }
        throw answer;
      } finally {
        // With an error, pg-pool closes the client instead of handing it out again.
        client.release(failure);
      }
    }
  };
}
