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
  /** Users whose last search is remembered (to skip its repeats); past it the longest idle is forgotten. */
  maxUsers: number;
}

const DEFAULTS: SearchRecorderOptions = {
  delayMs: 500,
  batchSize: 500,
  maxPending: 10_000,
  maxUsers: 10_000,
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value with its object keys in order, so that the same criteria sent in another order compare equal. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, canonical(value[key])]),
  );
}

/**
 * What a person searched for: the filter and the free text of a stone list request, without its paging,
 * sort and columns. Null when there is none: a plain visit of the list, or stones picked by id (a
 * selection printed or exported), which are no search.
 */
export function searchCriteriaOf(body: Record<string, unknown>): Record<string, unknown> | null {
  const filter = isObject(body.filter)
    ? Object.fromEntries(
        Object.entries(body.filter).filter(([key, value]) => key !== 'id' && value !== undefined),
      )
    : {};
  const search = typeof body.search === 'string' ? body.search.trim() : '';
  if (Object.keys(filter).length === 0 && search === '') return null;
  return {
    ...(Object.keys(filter).length ? { filter } : {}),
    ...(search ? { search } : {}),
  };
}

/**
 * Records stone searches for the search reports, off the searches' path: a search only adds its row to
 * a small in-process batch, which one insert writes a moment later (and on close), so a search neither
 * waits for nor pays a commit of its own, and a failure is logged rather than failing a search that
 * already succeeded. The batch is no state another instance needs: a crash loses at most the last
 * half-second of searches, never the stock.
 *
 * Only a search is recorded, by its criteria (searchCriteriaOf): a visit without any, paging, sorting,
 * a refetch or a double click add nothing, and a user's search is recorded again only once they have
 * searched for something else in between. An instance only sees its own requests, so behind a load
 * balancer a repeat may still be recorded twice, which the reports tolerate.
 */
export class StoneSearchRecorder {
  readonly #db: Db;
  readonly #log: FastifyBaseLogger;
  readonly #options: SearchRecorderOptions;
  #pending: SearchRow[] = [];
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();
  readonly #lastByUser = new Map<string, string>();
  #dropped = 0;

  constructor(db: Db, log: FastifyBaseLogger, options: Partial<SearchRecorderOptions> = {}) {
    this.#db = db;
    this.#log = log;
    this.#options = { ...DEFAULTS, ...options };
  }

  record(userId: string, body: Record<string, unknown>, resultCount: number, tookMs: number): void {
    const criteria = searchCriteriaOf(body);
    if (!criteria) return;
    const search = JSON.stringify(canonical(criteria));
    const last = this.#lastByUser.get(userId);
    // Moved to the end: the map's first entry is then the user idle the longest.
    this.#lastByUser.delete(userId);
    this.#lastByUser.set(userId, search);
    if (this.#lastByUser.size > this.#options.maxUsers) {
      const idlest = this.#lastByUser.keys().next().value;
      if (idlest !== undefined) this.#lastByUser.delete(idlest);
    }
    if (last === search) return;

    if (this.#pending.length >= this.#options.maxPending) {
      this.#pending.shift();
      this.#dropped += 1;
    }
    this.#pending.push({
      userId,
      searchType: RECENT_SEARCH,
      body: criteria,
      resultCount,
      durationMs: Math.round(tookMs),
      createdAt: new Date(),
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
}

/** Deletes the searches older than the retention, like the other logs (maintenance loop). */
export async function pruneStoneSearches(db: Db, retentionDays: number): Promise<void> {
  await db
    .delete(stoneSearches)
    .where(lt(stoneSearches.createdAt, sql`now() - make_interval(days => ${retentionDays})`));
}
