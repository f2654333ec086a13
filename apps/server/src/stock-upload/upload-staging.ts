import { randomUUID } from 'node:crypto';
import type { StockUploadOutcome } from '@facet/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { stones } from '../db/resource-tables.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { columnOf } from '../resources/columns.ts';
import { stockUploadRows } from './stock-upload-tables.ts';
import type { MappedRow } from './upload-row.ts';

/**
 * A batch is one insert with one JSON parameter, so it costs one round trip whatever its width. It is
 * sent before its text reaches V8's large-object size (128 KB), which only a full collection frees.
 */
export const STAGING_BATCH_ROWS = 200;
export const STAGING_BATCH_CHARS = 100_000;

export interface StagedCounts {
  accepted: number;
  updated: number;
  rejected: number;
}

/**
 * Writes an upload's rows to the staging table in batches while the file is read. A good row is staged
 * `updated` when a live stone has its stock # and `accepted` otherwise (checked again when applied),
 * with the id its stone would take; one batch is written while the next one is read.
 */
export class StagingWriter {
  /** Rows as the staging insert reads them, serialised at once: a string is smaller than the object. */
  #batch: string[] = [];
  #batchChars = 0;
  #inFlight: Promise<void> = Promise.resolve();
  readonly counts: StagedCounts = { accepted: 0, updated: 0, rejected: 0 };

  constructor(
    readonly db: Db,
    readonly jobId: string,
  ) {}

  /** Answers a promise only when a batch went out, so most rows cost no await. */
  add(rowNumber: number, row: MappedRow): Promise<void> | undefined {
    const good = row.values !== null;
    const json = JSON.stringify({
      row_number: rowNumber,
      stock_number: row.stockNumber,
      stock_key: row.stockKey,
      certificate_key: row.certificateKey,
      reasons: row.reasons,
      values: row.values,
      stone_id: good ? randomUUID() : null,
    });
    this.#batch.push(json);
    this.#batchChars += json.length + 1;
    const full = this.#batch.length >= STAGING_BATCH_ROWS || this.#batchChars >= STAGING_BATCH_CHARS;
    return full ? this.#send() : undefined;
  }

  /** Everything added is written once this resolves. */
  async flush(): Promise<void> {
    await this.#send();
    await this.#inFlight;
  }

  async #send(): Promise<void> {
    if (this.#batch.length === 0) return;
    const batch = this.#batch;
    this.#batch = [];
    this.#batchChars = 0;
    await this.#inFlight;
    this.#inFlight = this.#write(batch);
    // Surfaced at the next add or flush, not as an unhandled rejection.
    this.#inFlight.catch(() => undefined);
  }

  /** One statement per batch: the rows go in, each good one classified against the live stock. */
  async #write(batch: string[]): Promise<void> {
    const stockNumber = columnOf(stones, 'stockNumber');
    const result = await this.db.execute(sql`with staged as (
        insert into ${stockUploadRows}
          (job_id, row_number, stock_number, stock_key, certificate_key, outcome, reasons, values, stone_id)
        select ${this.jobId}::uuid, r.row_number, r.stock_number, r.stock_key, r.certificate_key,
          case
            when r.values is null then 'rejected'
            -- A scalar subquery, not EXISTS: the planner cannot turn it into a join that scans the
            -- whole stock for every batch (statistics may still say the stock is empty); it is one
            -- probe of the stock # index per row.
            when (select true from ${stones} s where lower(s.${sql.identifier(stockNumber.name)}) = r.stock_key
              and s.deleted_at is null limit 1) then 'updated'
            else 'accepted'
          end,
          r.reasons, r.values, r.stone_id
        from jsonb_to_recordset(${`[${batch.join(',')}]`}::jsonb) as r(
          row_number integer, stock_number text, stock_key text, certificate_key text, reasons text[],
          values jsonb, stone_id uuid)
        returning outcome
      )
      select outcome, count(*)::integer as count from staged group by outcome`);
    for (const { outcome, count } of rowsOf<{ outcome: StockUploadOutcome; count: number }>(result)) {
      this.counts[outcome as keyof StagedCounts] += count;
    }
  }
}
