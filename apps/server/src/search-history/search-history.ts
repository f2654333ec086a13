import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { stoneSearches } from './stone-search-table.ts';

/** The spec's search type of a search run from the stock screen. */
export const RECENT_SEARCH = 1;

type SearchRow = typeof stoneSearches.$inferInsert;

export interface SearchRecorderOptions {
  /** How long a search may wait to be written with the ones after it. */
  delayMs: number;
  /** Rows per insert; a batch this large is written at once. */
  batchSize: number;
  /** Beyond this many waiting rows (the database is down or slow) the oldest are dropped. */
  maxPending: number;
  /** The same user repeating the same search within this time is one search (refetches, double clicks). */
  repeatWindowMs: number;
}

const DEFAULTS: SearchRecorderOptions = {
  delayMs: 500,
  batchSize: 500,
  maxPending: 10_000,
  repeatWindowMs: 60_000,
};

/**
 * Records stone searches for the search reports, off the searches' path: a search only adds its row to
 * a small in-process batch, which one insert writes a moment later (and on close), so a search neither
 * waits for nor pays a commit of its own, and a failure is logged rather than failing a search that
 * already succeeded. The batch is no state another instance needs: a crash loses at most the last
 * half-second of searches, never the stock. A user repeating the same search at once (a refetch, a
 * double click) is recorded once; an instance only sees its own repeats, so behind a load balancer a
 * repeat may still be recorded twice, which the reports tolerate.
 */
export class StoneSearchRecorder {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #options: SearchRecorderOptions;
  #pending: SearchRow[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  readonly #lastByUser = new Map<string, { search: string; at: number }>();
  #dropped = 0;

  constructor(db: Db, log: FastifyBaseLogger, options: Partial<SearchRecorderOptions> = {}) {
    this.#db = db;
    this.#log = log;
    this.#options = { ...DEFAULTS, ...options };
  }

  record(userId: string, body: Record<string, unknown>, resultCount: number, tookMs: number): void {
    const now = Date.now();
    const search = JSON.stringify(body);
    const last = this.#lastByUser.get(userId);
    this.#lastByUser.set(userId, { search, at: now });
    if (last?.search === search && now - last.at < this.#options.repeatWindowMs) return;

    if (this.#pending.length >= this.#options.maxPending) {
      this.#pending.shift();
      this.#dropped += 1;
    }
    this.#pending.push({
      userId,
      searchType: RECENT_SEARCH,
      body,
      resultCount,
      durationMs: Math.round(tookMs),
      createdAt: new Date(now),
    });
    if (this.#pending.length >= this.#options.batchSize) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), this.#options.delayMs).unref();
  }

  /** Writes every search recorded so far; resolves once they are in (or their failure is logged). */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const rows = this.#pending;
    this.#pending = [];
    this.#forgetOldRepeats();
    // One write at a time, in order: a slow database gets fewer, larger inserts rather than a pile-up.
    this.#writing = this.#writing.then(() => this.#write(rows));
    return this.#writing;
  }

  async #write(rows: SearchRow[]): Promise<void> {
    if (this.#dropped > 0) {
      this.#log.warn({ dropped: this.#dropped }, 'stone searches not recorded: too many were waiting');
      this.#dropped = 0;
    }
    for (let start = 0; start < rows.length; start += this.#options.batchSize) {
      const batch = rows.slice(start, start + this.#options.batchSize);
      try {
        await this.#db.insert(stoneSearches).values(batch);
      } catch (error) {
        this.#log.error({ err: error, searches: batch.length }, 'stone searches not recorded');
      }
    }
  }

  #forgetOldRepeats(): void {
    const before = Date.now() - this.#options.repeatWindowMs;
    for (const [userId, last] of this.#lastByUser) if (last.at < before) this.#lastByUser.delete(userId);
  }
}

/** Deletes the searches older than the retention, like the other logs (maintenance loop). */
export async function pruneStoneSearches(db: Db, retentionDays: number): Promise<void> {
  await db
    .delete(stoneSearches)
    .where(lt(stoneSearches.createdAt, sql`now() - make_interval(days => ${retentionDays})`));
}
