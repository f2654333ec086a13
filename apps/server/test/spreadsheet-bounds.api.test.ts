import { randomUUID } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib, { deflateRawSync } from 'node:zlib';
import {
  HEALTH_ENDPOINTS,
  isStockUploadFinished,
  STOCK_UPLOAD_MESSAGES as M,
  pathOf,
  STOCK_UPLOAD_ENDPOINTS,
  type StockUploadJob,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { xlsxLimitsFor } from '../src/spreadsheets/xlsx-limits.ts';
import { CSV_MAX_LINE_BYTES } from '../src/stock-upload/upload-reader.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { liveStoneCount } from './upload-stones.ts';
import {
  repeatedDeflate,
  SHARED_STRINGS_HEAD,
  SHARED_STRINGS_TAIL,
  SHEET_HEAD,
  SHEET_TAIL,
  stockWorkbookParts,
  zipOf,
} from './xlsx-bombs.ts';

const GB = 1024 ** 3;
/** The most a zip without its 64-bit extension can declare for one part. */
const MAX_DECLARED = 0xffff_fff0;
/** Memory the server may take on top of what it had, while refusing a bomb. */
const MEMORY_BUDGET = 200 * 1024 * 1024;

const HEADER_ROW =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Stock #</t></is></c><c r="C1" t="inlineStr"><is><t>Carat</t></is></c></row>';
const EMPTY_ROW = '<row r="3"/>';
const ROW = '<row r="3"><c r="A3" t="inlineStr"><is><t>B-2</t></is></c><c r="C3"><v>0.5</v></c></row>';
const SHARED_STRING = '<si><t>xxxxxxxxxxxxxxxxxxxxxxxx</t></si>';

/** Resident memory, sampled every 20 ms while `work` runs: the peak above where it started. */
async function peakMemoryGrowth<T>(
  work: () => Promise<T>,
): Promise<{ result: T; growth: number; ms: number }> {
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = Date.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - start, ms: Date.now() - started };
  } finally {
    clearInterval(timer);
  }
}

/**
 * The bytes unpacked from any zip part while `work` runs: what every raw inflate (yauzl's, in this
 * process, where the test server reads the upload) put out. A count of the work itself, where the
 * process's memory also holds the upload's copies and what the garbage collector has not yet taken.
 */
async function unpackedBytesDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; unpacked: number; ms: number }> {
  let unpacked = 0;
  const createInflateRaw = zlib.createInflateRaw;
  const counting = vi.spyOn(zlib, 'createInflateRaw').mockImplementation((options) => {
    const inflate = createInflateRaw(options);
    const push = inflate.push.bind(inflate);
    inflate.push = (chunk, encoding) => {
      if (chunk) unpacked += chunk.length;
      return push(chunk, encoding);
    };
    return inflate;
  });
  const started = Date.now();
  try {
    const result = await work();
    return { result, unpacked, ms: Date.now() - started };
  } finally {
    counting.mockRestore();
  }
}

describe.skipIf(!(await databaseAvailable()))('spreadsheet bounds', () => {
  let server: TestServer;
  let token: string;
  let limits: ReturnType<typeof xlsxLimitsFor>;
  let parts: Record<string, Uint8Array>;

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, server.client());
    limits = xlsxLimitsFor(server.config.stockUploadMaxBytes);
    parts = await stockWorkbookParts();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function send(bytes: Uint8Array | Blob, name = 'stock.xlsx') {
    const form = new FormData();
    form.append('file', bytes instanceof Blob ? bytes : new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${server.url}/${pathOf(STOCK_UPLOAD_ENDPOINTS.create)}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `JWT ${token}` },
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        code: string;
        message: string;
        data: StockUploadJob;
        errors?: { field: string; message: string }[];
      },
    };
  }

  async function finished(id: string, waitMs = 25_000): Promise<StockUploadJob> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const { body } = await server
        .client()
        .call(STOCK_UPLOAD_ENDPOINTS.byId, undefined, { token, params: { id } });
      if (isStockUploadFinished(body.data.state)) return body.data;
      if (Date.now() > deadline) throw new Error(`upload ${id} still ${body.data.state}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Uploads a file the upload accepts, and waits for its job to end. */
  async function uploadAndWait(
    bytes: Uint8Array | Blob,
    waitMs?: number,
    name?: string,
  ): Promise<StockUploadJob> {
    const sent = await send(bytes, name);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return finished(sent.body.data.id, waitMs);
  }

  const liveStones = () => liveStoneCount(server.database.db);

  const jobCount = async () =>
    (await server.client().call(STOCK_UPLOAD_ENDPOINTS.paginate, {}, { token })).body.data.count;

  function expectRefusedFile(answer: Awaited<ReturnType<typeof send>>, message: string): void {
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toMatchObject({ code: 'E_BAD_REQUEST', message });
    expect(answer.body.errors).toEqual([{ field: 'file', message }]);
  }

  it('reads a workbook that keeps within the bounds (the control for the files below)', async () => {
    const job = await uploadAndWait(await zipOf(parts));
    expect(job).toMatchObject({ state: 'completed', accepted: 1, rowsRead: 1 });
    expect(await liveStones()).toBe(1);
  });

  it('refuses at once a sheet that unpacks to 4 GB, without unpacking it', async () => {
    const sheet = repeatedDeflate(SHEET_HEAD, ROW, Math.floor(MAX_DECLARED / ROW.length) - 1, SHEET_TAIL);
    const bomb = await zipOf(parts, {
      'xl/worksheets/sheet1.xml': { data: sheet, declaredSize: MAX_DECLARED },
    });
    const jobsBefore = await jobCount();
    const { result, growth, ms } = await peakMemoryGrowth(() => send(bomb));
    expectRefusedFile(result, M.unpackedTooLarge(limits.maxUnpackedBytes / 1024 / 1024));
    expect(ms).toBeLessThan(10_000);
    expect(growth).toBeLessThan(MEMORY_BUDGET);
    expect(await jobCount()).toBe(jobsBefore);
    expect(await liveStones()).toBe(1);
  });

  it('refuses at once an 8.8 MB workbook whose shared strings unpack to 3 GB', async () => {
    const strings = repeatedDeflate(
      SHARED_STRINGS_HEAD,
      SHARED_STRING,
      Math.floor((3 * GB) / SHARED_STRING.length),
      SHARED_STRINGS_TAIL,
    );
    const bomb = await zipOf(parts, {
      'xl/sharedStrings.xml': { data: strings, declaredSize: MAX_DECLARED },
    });
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    const { result, growth, ms } = await peakMemoryGrowth(() => send(bomb));
    expectRefusedFile(result, M.unpackedTooLarge(limits.maxUnpackedBytes / 1024 / 1024));
    expect(ms).toBeLessThan(10_000);
    expect(growth).toBeLessThan(MEMORY_BUDGET);
  });

  it('refuses a part that grows more than the ratio allows, even below the total', async () => {
    const size = 200 * 1024 * 1024;
    const strings = repeatedDeflate(
      SHARED_STRINGS_HEAD,
      SHARED_STRING,
      Math.floor(size / SHARED_STRING.length),
      SHARED_STRINGS_TAIL,
    );
    const bomb = await zipOf(parts, { 'xl/sharedStrings.xml': { data: strings, declaredSize: size } });
    expectRefusedFile(await send(bomb), M.partTooCompressed(limits.maxPartRatio));
  });

  it('stops a part that unpacks to more than its central directory declares, within its declared size', async () => {
    // 20 GB of (empty) rows, declared as 1 MB: only the reading can tell.
    const sheet = repeatedDeflate(
      `${SHEET_HEAD}${HEADER_ROW}`,
      EMPTY_ROW,
      Math.floor((20 * GB) / EMPTY_ROW.length),
      SHEET_TAIL,
    );
    const declared = 1024 * 1024;
    const liar = await zipOf(parts, { 'xl/worksheets/sheet1.xml': { data: sheet, declaredSize: declared } });
    const { result: job, unpacked, ms } = await unpackedBytesDuring(() => uploadAndWait(liar));
    expect(job).toMatchObject({ state: 'failed', message: M.damagedWorkbook, accepted: 0 });
    expect(ms).toBeLessThan(15_000);
    // The sheet's declared megabyte, the workbook's other small parts, and what the inflate had made
    // ahead when the reading stopped (a few of its 16 KB chunks), of the 20 GB the part holds.
    expect(unpacked).toBeGreaterThan(declared);
    expect(unpacked).toBeLessThan(declared + 1024 * 1024);
    expect(await liveStones()).toBe(1);
  });

  it('refuses a sheet with a row or a column past the limits', async () => {
    const sheetWith = (rows: string) =>
      zipOf({ ...parts, 'xl/worksheets/sheet1.xml': Buffer.from(`${SHEET_HEAD}${rows}${SHEET_TAIL}`) }, {});
    const tooFarDown = await uploadAndWait(
      await sheetWith(
        `${HEADER_ROW}<row r="${limits.maxRows + 1}"><c r="A${limits.maxRows + 1}" t="inlineStr"><is><t>F-1</t></is></c><c r="C${limits.maxRows + 1}"><v>1</v></c></row>`,
      ),
    );
    expect(tooFarDown).toMatchObject({
      state: 'failed',
      message: M.tooManyCells(limits.maxRows, limits.maxColumns),
    });
    const tooWide = await uploadAndWait(
      await sheetWith(
        `${HEADER_ROW}<row r="2"><c r="A2" t="inlineStr"><is><t>F-2</t></is></c><c r="XFE2"><v>1</v></c></row>`,
      ),
    );
    expect(tooWide).toMatchObject({
      state: 'failed',
      message: M.tooManyCells(limits.maxRows, limits.maxColumns),
    });
    expect(await liveStones()).toBe(1);
  });

  it('refuses a workbook with more shared strings than are read, with bounded memory', async () => {
    const count = limits.maxSharedStrings + 1;
    const xml: string[] = [SHARED_STRINGS_HEAD];
    for (let index = 0; index < count; index += 1) xml.push(`<si><t>${index}</t></si>`);
    xml.push(SHARED_STRINGS_TAIL);
    const text = Buffer.from(xml.join(''));
    const strings = { data: deflateRawSync(text, { level: 1 }), declaredSize: text.length };
    const workbook = await zipOf(parts, { 'xl/sharedStrings.xml': strings });
    // Reading four million texts is the work of a large legitimate workbook: it takes seconds.
    const { result: job, growth } = await peakMemoryGrowth(() => uploadAndWait(workbook, 100_000));
    expect(job).toMatchObject({ state: 'failed', message: M.tooManyTexts(limits.maxSharedStrings) });
    expect(growth).toBeLessThan(2 * MEMORY_BUDGET);
    expect(await liveStones()).toBe(1);
  }, 150_000);

  it('refuses a sheet that lists a row twice or out of order, rather than reading two rows as one', async () => {
    const sheetWith = (rows: string) =>
      zipOf({ ...parts, 'xl/worksheets/sheet1.xml': Buffer.from(`${SHEET_HEAD}${rows}${SHEET_TAIL}`) }, {});
    const stoneRow = (row: number, stock: string) =>
      `<row r="${row}"><c r="A${row}" t="inlineStr"><is><t>${stock}</t></is></c><c r="C${row}"><v>0.7</v></c></row>`;
    const before = await liveStones();
    const twice = await uploadAndWait(
      await sheetWith(`${HEADER_ROW}${stoneRow(2, 'D-1')}${stoneRow(2, 'D-2')}`),
    );
    expect(twice).toMatchObject({ state: 'failed', message: M.rowOutOfOrder(2), accepted: 0 });
    const backwards = await uploadAndWait(
      await sheetWith(`${HEADER_ROW}${stoneRow(3, 'D-3')}${stoneRow(2, 'D-4')}`),
    );
    expect(backwards).toMatchObject({ state: 'failed', message: M.rowOutOfOrder(2), accepted: 0 });
    expect(await liveStones()).toBe(before);
    expect(await liveStones()).toBe(before);
  });

  describe('a sheet whose rows each hold one cell far to the right', () => {
    const ROWS = 100_000;
    /** A stock header (Stock # in A, Carat in C), then ROWS rows of one number each in `column`. */
    const farCells = (column: string) => {
      const rows = [HEADER_ROW];
      for (let row = 2; row <= ROWS + 1; row += 1)
        rows.push(`<row r="${row}"><c r="${column}${row}"><v>1</v></c></row>`);
      return zipOf({
        ...parts,
        'xl/worksheets/sheet1.xml': Buffer.from(`${SHEET_HEAD}${rows.join('')}${SHEET_TAIL}`),
      });
    };

    /** How long /health takes to answer. */
    async function healthMs(): Promise<number> {
      const started = performance.now();
      const response = await fetch(`${server.url}/${pathOf(HEALTH_ENDPOINTS.check)}`);
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      return performance.now() - started;
    }

    /**
     * Uploads the workbook and asks /health, then the job, over and over until the job ends: how long
     * the job took, and the slowest /health answer while it ran.
     */
    async function readWhileServing(workbook: Uint8Array, waitMs: number) {
      const started = performance.now();
      const sent = await send(workbook);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const health: number[] = [];
      for (;;) {
        health.push(await healthMs());
        const { body } = await server
          .client()
          .call(STOCK_UPLOAD_ENDPOINTS.byId, undefined, { token, params: { id: sent.body.data.id } });
        if (isStockUploadFinished(body.data.state)) {
          return { job: body.data, ms: performance.now() - started, health };
        }
        if (performance.now() - started > waitMs) {
          throw new Error(`the upload was still ${body.data.state} after ${Math.round(waitMs)} ms`);
        }
      }
    }

    it('reads it as fast as the same cells in column D, ignoring them, and keeps answering /health', async () => {
      const before = await liveStones();
      const alone: number[] = [];
      for (let index = 0; index < 5; index += 1) alone.push(await healthMs());
      const healthAlone = Math.max(...alone);
      const near = await readWhileServing(await farCells('D'), 60_000);
      // Cells right of the header's last column are not read: no row holds a stone.
      expect(near.job).toMatchObject({ state: 'failed', message: M.noRows, accepted: 0 });
      const far = await readWhileServing(await farCells('XFD'), 3 * near.ms);
      expect(far.job).toMatchObject({ state: 'failed', message: M.noRows, accepted: 0 });
      expect(far.ms).toBeLessThan(3 * near.ms);
      // Asked all along the read, /health never waits for it: at most a few turns of the reading.
      expect(far.health.length).toBeGreaterThan(2);
      expect(Math.max(...far.health)).toBeLessThan(10 * healthAlone + 200);
      expect(await liveStones()).toBe(before);
    }, 120_000);
  });

  describe('a CSV line past the bound', () => {
    const LINE_MB = 120;
    let directory: string;
    beforeAll(async () => {
      directory = await mkdtemp(join(tmpdir(), 'facet-long-line-'));
    });
    afterAll(async () => {
      await rm(directory, { recursive: true, force: true });
    });

    /** A file of `head`, then one line of `megabytes` MB without a line end, written and sent from disk. */
    async function longLineFile(head: string, megabytes: number): Promise<Blob> {
      const path = join(directory, `${randomUUID()}.csv`);
      const block = Buffer.alloc(1024 * 1024, 'x');
      await writeFile(path, head);
      const handle = await open(path, 'a');
      try {
        for (let index = 0; index < megabytes; index += 1) await handle.write(block);
      } finally {
        await handle.close();
      }
      return openAsBlob(path);
    }

    it.each([
      // Read first by the discount scan, which splits lines itself.
      { title: 'a file of one endless line', head: 'Stock #,Carat,Price/Ct,', line: 1 },
      // No discount column: the scan stops at the first stone, the line reaches the CSV parser.
      { title: 'an endless line after a good row', head: 'Stock #,Carat,Price/Ct\nL-1,0.5,4000\n', line: 3 },
      {
        title: 'an endless quoted field after a good row',
        head: 'Stock #,Carat,Price/Ct\nL-1,0.5,4000\nL-2,"',
        line: 3,
      },
    ])(
      'fails $title with the line named, in bounded memory, and leaves the stock alone',
      async ({ head, line }) => {
        const before = await liveStones();
        const file = await longLineFile(head, LINE_MB);
        const sent = await send(file, 'long-line.csv');
        expect(sent.status, JSON.stringify(sent.body)).toBe(200);
        const { result: job, growth, ms } = await peakMemoryGrowth(() => finished(sent.body.data.id));
        expect(job).toMatchObject({
          state: 'failed',
          message: M.lineTooLong(line, CSV_MAX_LINE_BYTES / 1024),
          accepted: 0,
          updated: 0,
        });
        expect(ms).toBeLessThan(10_000);
        expect(growth).toBeLessThan(MEMORY_BUDGET);
        expect(await liveStones()).toBe(before);
      },
      60_000,
    );
  });
});
