import { isStockUploadFinished, pathOf, STOCK_UPLOAD_ENDPOINTS, type StockUploadJob } from '@facet/contract';
import { count, isNull } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { stones } from '../src/db/resource-tables.ts';
import { columnOf } from '../src/resources/columns.ts';
import type { ApiClient } from './harness.ts';

export type UploadMode = 'add-update' | 'replace-all';

/** Sends a stock file (CSV text) to Upload Stock, as the panel does; answers the new job's id. */
export async function startStockUpload(
  client: ApiClient,
  token: string,
  csv: string,
  mode: UploadMode = 'add-update',
): Promise<string> {
  const form = new FormData();
  form.append('mode', mode);
  form.append('file', new Blob([csv]), 'stock.csv');
  const sent = await fetch(`${client.baseUrl}/${pathOf(STOCK_UPLOAD_ENDPOINTS.create)}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `JWT ${token}` },
  });
  const body = (await sent.json()) as { data: StockUploadJob };
  expect(sent.status, JSON.stringify(body)).toBe(200);
  return body.data.id;
}

/** A stock file through Upload Stock, waited for until its job ends: the job as it ended. */
export async function uploadStones(
  client: ApiClient,
  token: string,
  csv: string,
  mode: UploadMode = 'add-update',
): Promise<StockUploadJob> {
  const id = await startStockUpload(client, token, csv, mode);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await client.call(STOCK_UPLOAD_ENDPOINTS.byId, undefined, { token, params: { id } });
    if (isStockUploadFinished(job.body.data.state)) return job.body.data;
    if (Date.now() > deadline) throw new Error(`upload ${id} still ${job.body.data.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** How many stones are in stock (not deleted), read straight from the database. */
export async function liveStoneCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(stones)
    .where(isNull(columnOf(stones, 'deletedAt')));
  return Number(row?.n);
}
