import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import { LOCK_SPACES } from '../db/lock-keys.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { HttpError } from './envelope.ts';

export const EXPORTS_BUSY = 'Too many exports are running; please try again in a moment.';

export const EXPORT_LOCK_SPACE = LOCK_SPACES.export;

/** How often a waiting export looks again for a slot another instance may have freed. */
const RECHECK_MS = 200;

export interface ExportLimits {
  /** Exports running at once in this process. */
  perInstance: number;
  /** Exports one user may run at once, across every instance. */
  perUser: number;
  /** How long an export waits for its turn before it is refused. */
  waitMs: number;
}

/** A running export's turn: give it back once the file is written (or failed). */
export interface ExportSlot {
  release(): void;
}

/** Where a user's slot lock lives while the export runs: a session of the database. */
interface LockSession {
  /** Takes the lock if free; answers whether it did. The session is kept only while the lock is held. */
  tryLock(key: string): Promise<boolean>;
  unlock(key: string): Promise<void>;
}

/**
 * On PostgreSQL each held slot is a session advisory lock on a connection of its own, kept for the
 * export's duration: every instance sees it, and a crashed instance's connections close, which frees its
 * slots. At most `perInstance` such connections are held, since a slot is only tried with a turn of
 * this process in hand.
 */
function postgresSessions(pool: pg.Pool): LockSession {
  const held = new Map<string, pg.PoolClient>();
  const onError = () => {
    // A held lock's connection broke: the lock went with it, the pool drops the client on release.
  };
  return {
    async tryLock(key) {
      const client = await pool.connect();
      client.on('error', onError);
      try {
        const result = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1, hashtext($2)) as locked',
          [EXPORT_LOCK_SPACE, key],
        );
        if (result.rows[0]?.locked) {
          held.set(key, client);
          return true;
        }
        client.off('error', onError);
        client.release();
        return false;
      } catch (error) {
        client.off('error', onError);
        client.release(error as Error);
        throw error;
      }
    },
    async unlock(key) {
      const client = held.get(key);
      if (!client) return;
      held.delete(key);
      try {
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [EXPORT_LOCK_SPACE, key]);
        client.off('error', onError);
        client.release();
      } catch (error) {
        // Destroyed rather than pooled: closing the session frees whatever lock it still held.
        client.off('error', onError);
        client.release(error as Error);
      }
    },
  };
}

/**
 * PGlite is one session in one process: the locks are taken on it (the same statements as on
 * PostgreSQL), and ExportSlots never asks twice for a key it holds, since such locks are re-entrant.
 */
function sharedSession(db: Db): LockSession {
  return {
    async tryLock(key) {
      const result = await db.execute(
        sql`select pg_try_advisory_lock(${EXPORT_LOCK_SPACE}, hashtext(${key})) as locked`,
      );
      return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
    },
    async unlock(key) {
      await db.execute(sql`select pg_advisory_unlock(${EXPORT_LOCK_SPACE}, hashtext(${key}))`);
    },
  };
}

/**
 * Bounds the exports that run at once, queueing the rest for a while. Two limits: `perInstance` is a
 * count in this process, as an export's cost is this process's CPU and memory (each instance protects
 * itself; N instances run N times as many); `perUser` holds across instances, as one of `perUser`
 * database advisory locks per user, held while the export runs. A waiting export takes a turn of this
 * process first and then tries the user's locks, handing the turn back if they are all taken, so one
 * user's queue never holds up another user's exports.
 */
export class ExportSlots {
  readonly #limits: ExportLimits;
  readonly #session: LockSession;
  #running = 0;
  /** The user locks this process holds, so it never asks for one twice. */
  readonly #heldKeys = new Set<string>();
  #wake: (() => void)[] = [];

  constructor(db: Db, limits: ExportLimits) {
    this.#limits = limits;
    const client = (db as unknown as { $client?: unknown }).$client;
    this.#session = client instanceof pg.Pool ? postgresSessions(client) : sharedSession(db);
  }

  /**
   * Waits for a turn of this process and a slot of the user, up to the configured wait; refuses with
   * E_TOO_MANY_REQUESTS past it. `signal` stops the wait (the client went away).
   */
  async acquire(userId: string, signal?: AbortSignal): Promise<ExportSlot> {
    const deadline = Date.now() + this.#limits.waitMs;
    for (;;) {
      // A client gone away gets no file; the refusal keeps the log free of a server error.
      if (signal?.aborted) throw new HttpError('E_TOO_MANY_REQUESTS', EXPORTS_BUSY);
      if (this.#running < this.#limits.perInstance) {
        this.#running += 1;
        let key: string | undefined;
        try {
          key = await this.#takeUserSlot(userId);
        } catch (error) {
          this.#handBack();
          throw error;
        }
        if (key !== undefined) return this.#slot(key);
        // Not a release: waking the others would only have the user's queue wake itself in a loop.
        this.#running -= 1;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new HttpError('E_TOO_MANY_REQUESTS', EXPORTS_BUSY);
      await this.#changeOrTimeout(Math.min(left, RECHECK_MS), signal);
    }
  }

  async #takeUserSlot(userId: string): Promise<string | undefined> {
    for (let index = 0; index < this.#limits.perUser; index += 1) {
      const key = `export:${userId}:${index}`;
      if (this.#heldKeys.has(key)) continue;
      this.#heldKeys.add(key);
      if (await this.#session.tryLock(key).catch(this.#forget(key))) return key;
      this.#heldKeys.delete(key);
    }
    return undefined;
  }

  #forget(key: string) {
    return (error: unknown): never => {
      this.#heldKeys.delete(key);
      throw error;
    };
  }

  #slot(key: string): ExportSlot {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        void this.#session
          .unlock(key)
          .catch(() => undefined)
          .finally(() => {
            this.#heldKeys.delete(key);
            this.#handBack();
          });
      },
    };
  }

  #handBack(): void {
    this.#running -= 1;
    const waiting = this.#wake;
    this.#wake = [];
    for (const wake of waiting) wake();
  }

  #changeOrTimeout(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        this.#wake = this.#wake.filter((wake) => wake !== done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener('abort', done, { once: true });
      this.#wake.push(done);
    });
  }
}

/**
 * An export's turn for the signed-in caller, waited for before the first byte is sent; the wait ends
 * early if the client goes away.
 */
export function exportSlotFor(slots: ExportSlots, request: FastifyRequest, reply: FastifyReply) {
  const gone = new AbortController();
  const onClose = () => gone.abort();
  reply.raw.once('close', onClose);
  const userId = request.auth?.user.id ?? `ip:${request.ip}`;
  return slots.acquire(userId, gone.signal).finally(() => reply.raw.off('close', onClose));
}

/** A file built whole before it is sent (a small one), built in an export's turn. */
export async function inExportSlot<T>(
  slots: ExportSlots,
  request: FastifyRequest,
  reply: FastifyReply,
  build: () => Promise<T>,
): Promise<T> {
  const slot = await exportSlotFor(slots, request, reply);
  try {
    return await build();
  } finally {
    slot.release();
  }
}
