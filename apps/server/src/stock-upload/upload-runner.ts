import { hostname } from 'node:os';
import { STOCK_UPLOAD_MESSAGES } from '@facet/contract';
import { and, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { recordAuditFrom } from '../resources/audit-log.ts';
import type { UsageContext } from '../resources/record-usage.ts';
import type { XlsxLimits } from '../spreadsheets/xlsx-limits.ts';
import type { FileStorage } from '../uploads/storage.ts';
import { stockUploads } from './stock-upload-tables.ts';
import { runStockUpload, UNFINISHED_STOCK_UPLOAD_STATES as UNFINISHED } from './upload-job.ts';
import type { StockUploadTask } from './upload-task.ts';

export const HEARTBEAT_INTERVAL_MS = 15_000;
/** A job whose heartbeat is older than this belongs to an instance that died. */
export const HEARTBEAT_TIMEOUT_MS = 2 * 60_000;

/** This process as the job rows name it: the same on its next start, so its leftovers are recognised. */
export function instanceKeyOf(config: { port: number; dataDir: string }): string {
  return `${hostname()}:${config.port}:${config.dataDir}`;
}

/**
 * Runs the stock uploads this instance received, one at a time (each is heavy, and applies take
 * turns anyway), keeps their heartbeat, and fails the jobs of instances that died: its own previous
 * life's at start, other instances' once their heartbeat is stale.
 */
export class StockUploadRunner {
  readonly #queue: StockUploadTask[] = [];
  #running: Promise<void> | null = null;
  /** The job being run now: with the queued ones, the only jobs this process keeps alive. */
  #current: StockUploadTask | null = null;
  readonly #stopping = new AbortController();
  readonly #timers: NodeJS.Timeout[] = [];

  constructor(
    readonly db: Db,
    readonly storage: FileStorage,
    readonly log: FastifyBaseLogger,
    readonly instanceKey: string,
    readonly xlsxLimits: XlsxLimits,
    readonly usage: UsageContext,
  ) {}

  /** Fails what a previous life of this instance, or a dead instance, left unfinished; starts the timers. */
  async start(): Promise<void> {
    await this.failDead(true);
    this.#timers.push(
      setInterval(() => void this.#beat(), HEARTBEAT_INTERVAL_MS).unref(),
      setInterval(() => void this.failDead(false), HEARTBEAT_INTERVAL_MS * 2).unref(),
    );
  }

  enqueue(task: StockUploadTask): void {
    this.#queue.push(task);
    this.#running ??= this.#drain();
  }

  async #drain(): Promise<void> {
    for (let task = this.#queue.shift(); task; task = this.#queue.shift()) {
      if (this.#stopping.signal.aborted) break;
      this.#current = task;
      await runStockUpload(task, {
        db: this.db,
        storage: this.storage,
        log: this.log,
        signal: this.#stopping.signal,
        xlsxLimits: this.xlsxLimits,
        usage: this.usage,
      });
      this.#current = null;
    }
    this.#running = null;
  }

  /**
   * Keeps alive the jobs this process holds, and only those: a job its runner gave up on (it could not
   * even record the failure) goes stale, and the sweep fails it.
   */
  async #beat(): Promise<void> {
    const held = [...(this.#current ? [this.#current] : []), ...this.#queue].map((task) => task.id);
    if (held.length === 0) return;
    await this.db
      .update(stockUploads)
      .set({ heartbeatAt: new Date() })
      .where(and(inArray(stockUploads.id, held), inArray(stockUploads.state, [...UNFINISHED])))
      .catch((error: unknown) => this.log.warn({ err: error }, 'stock upload heartbeat failed'));
  }

  /**
   * Marks failed the unfinished jobs nobody keeps alive: those of a dead instance, and this instance's
   * own that its runner gave up on; at start also all of this instance's own (a job runs only where it
   * was received, so after a restart nobody runs them).
   */
  async failDead(includingOwn: boolean): Promise<void> {
    const stale = lt(stockUploads.heartbeatAt, new Date(Date.now() - HEARTBEAT_TIMEOUT_MS));
    const dead = includingOwn ? or(sql`${stockUploads.instanceKey} = ${this.instanceKey}`, stale) : stale;
    try {
      await this.db.transaction(async (tx) => {
        const failed = await tx
          .update(stockUploads)
          .set({ state: 'failed', message: STOCK_UPLOAD_MESSAGES.interrupted, finishedAt: new Date() })
          .where(and(inArray(stockUploads.state, [...UNFINISHED]), dead))
          .returning();
        for (const job of failed) {
          await recordAuditFrom(
            tx,
            { actorId: job.createdBy, client: { ip: '', userAgent: '' } },
            {
              action: 'stockUpload.create',
              entityType: 'stockUpload',
              entityId: job.id,
              subjectUserId: null,
              before: null,
              after: {
                fileName: job.fileName,
                mode: job.mode,
                keepGoodRows: job.keepGoodRows,
                duplicatePolicy: job.duplicatePolicy,
                state: 'failed',
              },
            },
          );
        }
        if (failed.length > 0)
          this.log.warn({ jobs: failed.map((job) => job.id) }, 'failed stock uploads of a stopped instance');
      });
    } catch (error) {
      this.log.error({ err: error }, 'could not fail the stock uploads of a stopped instance');
    }
  }

  /** The running job stops without applying; queued ones are failed, so none is left unfinished. */
  async stop(): Promise<void> {
    for (const timer of this.#timers) clearInterval(timer);
    this.#stopping.abort();
    const queued = this.#queue.splice(0);
    await this.#running;
    if (queued.length > 0) {
      await this.db
        .update(stockUploads)
        .set({ state: 'failed', message: STOCK_UPLOAD_MESSAGES.interrupted, finishedAt: new Date() })
        .where(
          inArray(
            stockUploads.id,
            queued.map((task) => task.id),
          ),
        )
        .catch((error: unknown) => this.log.error({ err: error }, 'could not fail queued stock uploads'));
    }
  }
}
