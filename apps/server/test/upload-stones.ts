import { isStockUploadFinished, STOCK_UPLOAD_PATHS, type StockUploadJob } from '@facet/contract';
import { expect } from 'vitest';
import type { ApiClient } from './harness.ts';

/**
 * A stock file (CSV text) through Upload Stock, as the panel sends it, waited for until its job ends:
 * the job as it ended.
 */
export async function uploadStones(
  client: ApiClient,
  token: string,
  csv: string,
  mode: 'add-update' | 'replace-all' = 'add-update',
): Promise<StockUploadJob> {
  const form = new FormData();
  form.append('mode', mode);
  form.append('file', new Blob([csv]), 'stock.csv');
  const sent = await fetch(`${client.baseUrl}/${STOCK_UPLOAD_PATHS.create}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `JWT ${token}` },
  });
  const body = (await sent.json()) as { data: StockUploadJob };
  expect(sent.status, JSON.stringify(body)).toBe(200);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await client.get<StockUploadJob>(STOCK_UPLOAD_PATHS.byId(body.data.id), token);
    if (isStockUploadFinished(job.body.data.state)) return job.body.data;
    if (Date.now() > deadline) throw new Error(`upload ${body.data.id} still ${job.body.data.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
