import {
  AUDIT_ENDPOINTS,
  type BodyIn,
  isStockUploadFinished,
  pathOf,
  resourceEndpoints,
  STOCK_UPLOAD_ENDPOINTS,
  STOCK_UPLOAD_MESSAGES,
  STOCK_UPLOAD_OUTCOME_LABELS,
  type StockUploadJob,
  stoneResource,
} from '@facet/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { stockUploadRows, stockUploads } from '../src/stock-upload/stock-upload-tables.ts';
import { instanceKeyOf } from '../src/stock-upload/upload-runner.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken, createUser, signIn } from './sign-in.ts';
import { liveStoneCount } from './upload-stones.ts';

const UPLOAD_STOCK_MODULE_ID = 8;

/** RapNet style, odd spellings, a fractional discount, two bad rows and a duplicate stock #. */
const RAPNET_CSV = [
  'STOCK_NO,Shp,Wt,Colour,Clar,Cut Grade,Pol,Sym,Fluor.,Measurements,Lab,Cert No,RapNet Price,RapNet Discount %,Depth %,Table %,Availability,Member Comment',
  'R-1,RB,1.01,G,VS1,EX,EX,VG,NON,6.41x6.45x3.98,GIA,1111,7000,-0.30,61.9,57,G,nice',
  'R-2,PS,0.70,H,SI1,,VG,G,F,7.9-5.1*3.2,IGI,2222,2000,-0.20,62.1,58,M,',
  'R-3,XYZ,0.50,E,VVS2,,EX,EX,N,5.1x5.1x3.1,GIA,3333,3000,-0.10,61,56,G,',
  'R-4,E,abc,F,IF,,EX,EX,N,,GIA,4444,9000,-0.05,,,G,',
  'r-1,Round,1.02,G,VS1,EX,EX,EX,NON,6.42x6.46x3.99,GIA,1111,7100,-0.29,62,57,STPS,later',
].join('\n');

const stoneEndpoints = resourceEndpoints(stoneResource);

describe.skipIf(!(await databaseAvailable()))('stock upload', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, server.client());
  });
  afterAll(async () => {
    await server?.close();
  });

  async function send(
    bytes: Uint8Array | string,
    name: string,
    fields: Record<string, string> | [string, string][] = {},
    auth = token,
  ) {
    const form = new FormData();
    for (const [key, value] of Array.isArray(fields) ? fields : Object.entries(fields))
      form.append(key, value);
    form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
    const response = await fetch(`${server.url}/${pathOf(STOCK_UPLOAD_ENDPOINTS.create)}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `JWT ${auth}` },
    });
    return {
      status: response.status,
      body: (await response.json()) as { code: string; message: string; data: StockUploadJob },
    };
  }

  async function finished(id: string): Promise<StockUploadJob> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { body } = await server
        .client()
        .call(STOCK_UPLOAD_ENDPOINTS.byId, undefined, { token, params: { id } });
      if (isStockUploadFinished(body.data.state)) return body.data;
      if (Date.now() > deadline) throw new Error(`upload ${id} still ${body.data.state}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function upload(bytes: Uint8Array | string, name: string, fields: Record<string, string> = {}) {
    const sent = await send(bytes, name, fields);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.message).toBe(STOCK_UPLOAD_MESSAGES.received);
    return finished(sent.body.data.id);
  }

  async function rows(id: string, filter: BodyIn<typeof STOCK_UPLOAD_ENDPOINTS.rows>['filter'] = {}) {
    const response = await server
      .client()
      .call(STOCK_UPLOAD_ENDPOINTS.rows, { limit: 100, filter }, { token, params: { id } });
    expect(response.status).toBe(200);
    return response.body.data.list;
  }

  async function stone(stockNumber: string) {
    const response = await server
      .client()
      .call(stoneEndpoints.paginate, { search: stockNumber, limit: 10 }, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.list.find((record) => record.stockNumber === stockNumber);
  }

  const liveStones = () => liveStoneCount(server.database.db);

  it('refuses a file with bad rows as a whole, and says which rows and why', async () => {
    const job = await upload(RAPNET_CSV, 'rapnet.csv');
    // Sent without a duplicate policy: both rows of R-1 are set aside, neither merged into the other.
    expect(job).toMatchObject({ state: 'refused', rowsRead: 5, rejected: 2, merged: 2, accepted: 0 });
    expect(job.message).toBe(STOCK_UPLOAD_MESSAGES.refused(2) + STOCK_UPLOAD_MESSAGES.duplicatesLeftOut(1));
    expect(job.duplicates).toEqual([{ stockNumbers: ['R-1', 'r-1'], rowNumbers: [2, 6] }]);
    expect(job.duplicatePolicy).toBeNull();
    expect(job.columns).toContainEqual({ header: 'Shp', column: 'Shape' });
    expect(job.columns).toContainEqual({ header: 'Member Comment', column: null });
    const rejected = await rows(job.id, { outcome: 'rejected' });
    expect(rejected).toEqual([
      {
        rowNumber: 4,
        stockNumber: 'R-3',
        outcome: 'rejected',
        reasons: [STOCK_UPLOAD_MESSAGES.unknownValue('Shape', 'XYZ')],
      },
      { rowNumber: 5, stockNumber: 'R-4', outcome: 'rejected', reasons: ['Carat "abc" is not a number.'] },
    ]);
    expect((await rows(job.id, { outcome: 'skipped' })).map((row) => row.stockNumber)).toEqual(['R-2']);
    expect((await rows(job.id, { outcome: 'duplicate' })).map((row) => row.stockNumber)).toEqual([
      'R-1',
      'r-1',
    ]);
    expect(await liveStones()).toBe(0);

    const report = await fetch(`${server.url}/${pathOf(STOCK_UPLOAD_ENDPOINTS.report, { id: job.id })}`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(report.headers.get('content-disposition')).toContain('rapnet-report.csv');
    const text = await report.text();
    expect(text).toContain('Row,Stock #,Outcome,Reasons');
    expect(text).toContain(
      `4,R-3,Rejected,"${STOCK_UPLOAD_MESSAGES.unknownValue('Shape', 'XYZ').replaceAll('"', '""')}"`,
    );
    // A reason holding a comma is quoted.
    expect(text).toContain(`2,R-1,Duplicate,"${STOCK_UPLOAD_MESSAGES.duplicateUnchosen([2, 6])}"`);
  });

  it('keeps the good rows when asked: prices, measurements, the last of a duplicate, history and audit', async () => {
    const job = await upload(RAPNET_CSV, 'rapnet.csv', {
      keepGoodRows: 'true',
      duplicatePolicy: 'keep-last',
    });
    expect(job).toMatchObject({
      state: 'completed',
      accepted: 2,
      updated: 0,
      merged: 1,
      rejected: 2,
      duplicatePolicy: 'keep-last',
      duplicates: [{ stockNumbers: ['R-1', 'r-1'], rowNumbers: [2, 6] }],
    });
    expect(await rows(job.id, { outcome: 'duplicate' })).toEqual([
      {
        rowNumber: 2,
        stockNumber: 'R-1',
        outcome: 'duplicate',
        reasons: [STOCK_UPLOAD_MESSAGES.duplicateLeftOut(6)],
      },
    ]);
    const round = await stone('r-1');
    expect(round).toMatchObject({
      shapeTitle: 'Round',
      colorTitle: 'G',
      carat: 1.02,
      symmetryTitle: 'Excellent',
      marketingPricePerCarat: 7100,
      marketingBack: -29,
      rapPrice: 10_000,
      amount: 7242,
      length: 6.42,
      width: 6.46,
      depth: 3.99,
      ratio: 0.99,
      status: 'A',
      certificateNumber: '1111',
      labTitle: 'GIA',
    });
    const pear = await stone('R-2');
    expect(pear).toMatchObject({
      shapeTitle: 'Pear',
      status: 'M',
      length: 7.9,
      width: 5.1,
      depth: 3.2,
      rapPrice: 2500,
    });
    expect(pear?.cutId).toBeNull();

    const history = await server
      .client()
      .call(stoneEndpoints.history, undefined, { token, params: { id: String(round?.id) } });
    expect(history.body.data[0]).toMatchObject({
      action: 'diamond.create',
      after: { stockUploadId: job.id },
    });
    const audit = await server
      .client()
      .call(AUDIT_ENDPOINTS.paginate, { filter: { entityId: job.id } }, { token });
    expect(audit.body.data.list).toHaveLength(1);
    expect(audit.body.data.list[0]?.after).toMatchObject({ state: 'completed', accepted: 2, rejected: 2 });
  });

  it('reads a Nivoda-style workbook: updates by stock #, keeps the last row of a certificate, reports the bad row', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    sheet.addRow(['Nivoda export']);
    sheet.addRow([
      'Stock #',
      'Shape',
      'Size',
      'Cut',
      'Color',
      'Clarity',
      'Polish',
      'Symmetry',
      'Fluorescence Intensity',
      'Measurements',
      'Depth %',
      'Table %',
      'Lab',
      'Certificate #',
      'Location',
      'Final Price',
      'Availability',
      'Image',
    ]);
    sheet.addRow([
      'R-2',
      'Pear',
      0.71,
      '',
      'H',
      'SI1',
      'VG',
      'G',
      'Faint',
      '7.91-5.12*3.2',
      62,
      58,
      'IGI',
      '2222',
      'Mumbai',
      1420,
      'G',
      'https://img.example/r2.jpg',
    ]);
    sheet.addRow([
      'N-1',
      'Oval',
      0.9,
      '',
      'D',
      'IF',
      'EX',
      'EX',
      'None',
      '7.1x5.2x3.3',
      61,
      57,
      'HRD',
      5555,
      'Antwerp',
      9000,
      'NA',
      '',
    ]);
    sheet.addRow([
      'N-2',
      'Oval',
      0.91,
      '',
      'D',
      'IF',
      'EX',
      'EX',
      'None',
      '7.1x5.2x3.3',
      61,
      57,
      'HRD',
      5555,
      'Antwerp',
      9100,
      'G',
      '',
    ]);
    sheet.addRow([
      'N-3',
      'Heart',
      1.5,
      '',
      'E',
      'VS2',
      'EX',
      'EX',
      'None',
      '',
      61,
      57,
      'EGL',
      6666,
      'Dubai',
      9000,
      'G',
      '',
    ]);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());

    const job = await upload(bytes, 'nivoda.xlsx', {
      keepGoodRows: 'on',
      mode: 'add-update',
      duplicatePolicy: 'keep-last',
    });
    expect(job).toMatchObject({
      state: 'completed',
      updated: 1,
      accepted: 1,
      merged: 1,
      rejected: 1,
      rowsRead: 4,
    });
    expect(await rows(job.id, { outcome: 'rejected' })).toEqual([
      {
        rowNumber: 6,
        stockNumber: 'N-3',
        outcome: 'rejected',
        reasons: [STOCK_UPLOAD_MESSAGES.unknownValue('Lab', 'EGL')],
      },
    ]);
    const pear = await stone('R-2');
    expect(pear).toMatchObject({
      carat: 0.71,
      amount: 1420,
      marketingPricePerCarat: 2000,
      status: 'A',
      locationTitle: 'Mumbai',
      imageUrl: 'https://img.example/r2.jpg',
      width: 5.12,
    });
    const history = await server
      .client()
      .call(stoneEndpoints.history, undefined, { token, params: { id: String(pear?.id) } });
    expect(history.body.data[0]).toMatchObject({
      action: 'diamond.update',
      before: { carat: 0.7, status: 'M' },
      after: { carat: 0.71, status: 'A', stockUploadId: job.id },
    });
    expect(await stone('N-2')).toMatchObject({
      marketingPricePerCarat: 10_000,
      isActive: true,
      labTitle: 'HRD',
    });
    expect(await stone('N-1')).toBeUndefined();
  });

  it('replaces all: stones absent from the file are removed, and only those, but those in use', async () => {
    expect(await liveStones()).toBe(3);
    // r-1 is featured: the file replaces the stock, not what the house does with its stones.
    const featured = await server
      .client()
      .post<{ id: string }>(
        'apis/featuredStone/create',
        { stoneId: (await stone('r-1'))?.id, kind: 'best', sequence: 1 },
        token,
      );
    expect(featured.status, JSON.stringify(featured.body)).toBe(200);
    const csv =
      'Stock #,Shape,Carat,Color,Clarity,Price/Ct\nR-2,Pear,0.71,H,SI1,2000\nZ-9,Round,0.3,D,FL,4000\n';
    const job = await upload(csv, 'replace.csv', { mode: 'replace-all' });
    expect(job).toMatchObject({ state: 'completed', accepted: 1, updated: 1, removed: 1 });
    expect(job.message).toBe(
      STOCK_UPLOAD_MESSAGES.completed(2, 0) +
        STOCK_UPLOAD_MESSAGES.removedAbsent(1) +
        STOCK_UPLOAD_MESSAGES.keptInUse(1),
    );
    expect(await stone('r-1')).toBeDefined();
    expect(await stone('R-2')).toMatchObject({ amount: 1420, locationTitle: 'Mumbai' });
    expect(await liveStones()).toBe(3);

    // No longer featured, it goes with the next replace-all.
    const unfeatured = await server
      .client()
      .post('apis/featuredStone/destroy', { id: featured.body.data.id }, token);
    expect(unfeatured.status).toBe(200);
    const again = await upload(csv, 'replace.csv', { mode: 'replace-all' });
    expect(again).toMatchObject({ state: 'completed', removed: 1 });
    expect(await stone('r-1')).toBeUndefined();
    expect(await liveStones()).toBe(2);
  });

  it('refuses malformed files with a clear message and leaves the stock alone', async () => {
    const garbage = new Uint8Array(4096).map((_, index) => (index * 37 + 11) % 256);
    expect((await send(garbage, 'stock.csv')).body).toMatchObject({ message: STOCK_UPLOAD_MESSAGES.notText });
    expect((await send('', 'stock.csv')).body).toMatchObject({ message: STOCK_UPLOAD_MESSAGES.emptyFile });
    expect((await send('Stock #,Carat\n', 'stock.txt')).body).toMatchObject({
      message: STOCK_UPLOAD_MESSAGES.wrongType,
    });
    expect((await send('a,b\n1,2\n', 'stock.csv', { mode: 'merge' })).body).toMatchObject({
      message: STOCK_UPLOAD_MESSAGES.unknownMode,
    });
    const headersOnly = await upload('Stock #,Shape,Carat\n', 'headers.csv', { mode: 'replace-all' });
    expect(headersOnly).toMatchObject({ state: 'failed', message: STOCK_UPLOAD_MESSAGES.noRows });
    const noStock = await upload('Name,Price\nfoo,1\n', 'other.csv');
    expect(noStock).toMatchObject({ state: 'failed', message: STOCK_UPLOAD_MESSAGES.noHeader });
    expect(await liveStones()).toBe(2);
  });

  it('refuses a .xlsx that is not a readable workbook, saying so rather than asking for a .xlsx', async () => {
    const before = await liveStones();
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Stock').addRows([
      ['Stock #', 'Carat'],
      ['T-1', 0.5],
    ]);
    const whole = new Uint8Array(await workbook.xlsx.writeBuffer());
    const notAWorkbook = [
      { title: 'a CSV renamed .xlsx', bytes: 'Stock #,Carat\nA,1\n' as Uint8Array | string },
      { title: 'a workbook cut short', bytes: whole.subarray(0, Math.floor(whole.length / 2)) },
      { title: 'a zip that holds no workbook', bytes: zipSync({ 'notes.txt': strToU8('Stock #,Carat\n') }) },
    ];
    for (const { title, bytes } of notAWorkbook) {
      const answer = await send(bytes, 'stock.xlsx');
      expect(answer.status, title).toBe(400);
      expect(answer.body, title).toMatchObject({
        code: 'E_BAD_REQUEST',
        message: STOCK_UPLOAD_MESSAGES.notAWorkbook,
        errors: [{ field: 'file', message: STOCK_UPLOAD_MESSAGES.notAWorkbook }],
      });
    }
    // The whole workbook is read: the refusals above are about the bytes, not the name.
    expect(await upload(whole, 'stock.xlsx')).toMatchObject({ state: 'completed', accepted: 1 });
    expect(await liveStones()).toBe(before + 1);
  });

  it('needs the UploadStock permission: view to read, insert to upload', async () => {
    const viewer = await createUser(server, {
      password: 'Viewer#Pass1',
      permissions: [
        {
          id: UPLOAD_STOCK_MODULE_ID,
          module: 'UploadStock',
          title: 'Upload stock',
          permissions: { view: true, insert: false, update: false, delete: false },
        },
      ],
    });
    const viewerToken = (await signIn(server, server.client(), viewer.username, 'Viewer#Pass1')).token.jwt;
    expect((await send('Stock #,Carat\nA,1\n', 'a.csv', {}, viewerToken)).status).toBe(403);
    const list = await server.client().call(STOCK_UPLOAD_ENDPOINTS.paginate, {}, { token: viewerToken });
    expect(list.status).toBe(200);

    const outsider = await createUser(server, { password: 'Outsider#Pass1' });
    const outsiderToken = (await signIn(server, server.client(), outsider.username, 'Outsider#Pass1')).token
      .jwt;
    const refused = await server.client().call(STOCK_UPLOAD_ENDPOINTS.paginate, {}, { token: outsiderToken });
    expect(refused.status).toBe(403);
  });

  it('fails, on the next start, a job its instance left unfinished', async () => {
    const [admin] = await server.database.db
      .select({ id: stockUploads.createdBy })
      .from(stockUploads)
      .limit(1);
    const [orphan] = await server.database.db
      .insert(stockUploads)
      .values({
        fileName: 'lost.csv',
        fileSize: 10,
        fileFormat: 'csv',
        sha256: 'x',
        storageKey: 'none',
        mode: 'add-update',
        state: 'reading',
        instanceKey: instanceKeyOf(server.config),
        createdBy: admin?.id ?? null,
      })
      .returning();
    const restarted = await buildApp(server.config, { database: server.database });
    await restarted.close();
    const [after] = await server.database.db
      .select()
      .from(stockUploads)
      .where(eq(stockUploads.id, orphan?.id ?? ''));
    expect(after).toMatchObject({ state: 'failed', message: STOCK_UPLOAD_MESSAGES.interrupted });
  });

  async function reportText(id: string): Promise<string> {
    const report = await fetch(`${server.url}/${pathOf(STOCK_UPLOAD_ENDPOINTS.report, { id })}`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(report.status).toBe(200);
    return report.text();
  }

  /** A failed job's answer, rows and report file: nothing applied, no row accepted or updated. */
  async function expectNothingApplied(job: StockUploadJob, stockNumbers: string[]) {
    expect(job).toMatchObject({ state: 'failed', accepted: 0, updated: 0, removed: 0 });
    const listed = await server.client().call(STOCK_UPLOAD_ENDPOINTS.paginate, { limit: 100 }, { token });
    expect(listed.body.data.list.find((entry) => entry.id === job.id)).toMatchObject({
      state: 'failed',
      accepted: 0,
      updated: 0,
      removed: 0,
    });
    const report = await rows(job.id);
    expect(report.map((row) => [row.stockNumber, row.outcome])).toEqual(
      stockNumbers.map((stockNumber) => [stockNumber, 'skipped']),
    );
    for (const row of report) expect(row.reasons[0]).toBe(STOCK_UPLOAD_MESSAGES.notApplied);
    expect(await rows(job.id, { outcome: ['accepted', 'updated'] })).toEqual([]);
    expect(await rows(job.id, { outcome: 'skipped' })).toHaveLength(stockNumbers.length);
    const text = await reportText(job.id);
    expect(STOCK_UPLOAD_OUTCOME_LABELS.skipped).toBe('Not applied');
    expect(text).not.toMatch(/,(Accepted|Updated),/);
    expect(text).toContain(`,${stockNumbers[0]},Not applied,"${STOCK_UPLOAD_MESSAGES.notApplied}"`);
  }

  it('fails an upload whose apply breaks part way: the stock is unchanged and the report says so', async () => {
    const stonesBefore = await liveStones();
    const pearBefore = await stone('R-2');
    // A rule the rows are not checked against while read: it bites only when the stones are written,
    // after this replace-all has removed the absent stones and updated R-2 in its transaction.
    await server.database.db.execute(
      sql`alter table stones add constraint test_refuses_boom check (stock_number <> 'BOOM-1') not valid`,
    );
    try {
      const csv =
        'Stock #,Shape,Carat,Color,Clarity,Price/Ct\nR-2,Pear,0.74,H,SI1,2100\nNEW-1,Round,0.3,D,FL,4000\nBOOM-1,Round,0.4,D,FL,4000\n';
      const job = await upload(csv, 'boom.csv', { mode: 'replace-all' });
      expect(job).toMatchObject({ message: STOCK_UPLOAD_MESSAGES.serverError, rowsRead: 3 });
      await expectNothingApplied(job, ['R-2', 'NEW-1', 'BOOM-1']);
    } finally {
      await server.database.db.execute(sql`alter table stones drop constraint test_refuses_boom`);
    }
    expect(await liveStones()).toBe(stonesBefore);
    expect(await stone('R-2')).toEqual(pearBefore);
    expect(await stone('NEW-1')).toBeUndefined();
  });

  it('after a restart, a job the stopped server left half-read reports that nothing was applied', async () => {
    const stonesBefore = await liveStones();
    const [admin] = await server.database.db
      .select({ id: stockUploads.createdBy })
      .from(stockUploads)
      .limit(1);
    // What a server killed while reading leaves: the job with its progress, its good rows staged.
    const [orphan] = await server.database.db
      .insert(stockUploads)
      .values({
        fileName: 'killed.csv',
        fileSize: 100,
        fileFormat: 'csv',
        sha256: 'x',
        storageKey: 'none',
        mode: 'add-update',
        state: 'reading',
        rowsRead: 2,
        accepted: 1,
        updated: 1,
        instanceKey: instanceKeyOf(server.config),
        createdBy: admin?.id ?? null,
      })
      .returning();
    const jobId = orphan?.id ?? '';
    await server.database.db.insert(stockUploadRows).values([
      {
        jobId,
        rowNumber: 2,
        stockNumber: 'KILL-1',
        stockKey: 'kill-1',
        outcome: 'accepted',
        values: { stockNumber: 'KILL-1', carat: 0.3 },
      },
      {
        jobId,
        rowNumber: 3,
        stockNumber: 'R-2',
        stockKey: 'r-2',
        outcome: 'updated',
        values: { carat: 0.8 },
      },
    ]);
    const restarted = await buildApp(server.config, { database: server.database });
    await restarted.ready();
    await restarted.close();
    const { body } = await server
      .client()
      .call(STOCK_UPLOAD_ENDPOINTS.byId, undefined, { token, params: { id: jobId } });
    expect(body.data.message).toBe(STOCK_UPLOAD_MESSAGES.interrupted);
    await expectNothingApplied(body.data, ['KILL-1', 'R-2']);
    expect(await liveStones()).toBe(stonesBefore);
    expect(await stone('KILL-1')).toBeUndefined();
  });

  /** A workbook naming one stock # twice (in two spellings) beside a stock # named once. */
  async function twiceWorkbook(prefix: string) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    sheet.addRow(['Stock #', 'Shape', 'Carat', 'Color', 'Clarity', 'Price/Ct']);
    sheet.addRow([`${prefix}-TWICE`, 'Round', 0.5, 'D', 'IF', 4000]);
    sheet.addRow([`${prefix.toLowerCase()}-twice`, 'Round', 0.52, 'D', 'IF', 4100]);
    sheet.addRow([`${prefix}-ONCE`, 'Oval', 0.7, 'E', 'VS1', 3000]);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  const outcomes = async (id: string) =>
    (await rows(id)).map((row) => [row.rowNumber, row.stockNumber, row.outcome, row.reasons]);

  it('a stock # twice in one file and no choice: reported with its rows, nothing applied, nothing merged', async () => {
    const job = await upload(await twiceWorkbook('ASK'), 'twice.xlsx');
    expect(job).toMatchObject({
      state: 'refused',
      rowsRead: 3,
      merged: 2,
      accepted: 0,
      rejected: 0,
      duplicatePolicy: null,
      duplicates: [{ stockNumbers: ['ASK-TWICE', 'ask-twice'], rowNumbers: [2, 3] }],
      message: STOCK_UPLOAD_MESSAGES.refusedDuplicates(1),
    });
    const unchosen = STOCK_UPLOAD_MESSAGES.duplicateUnchosen([2, 3]);
    expect(await outcomes(job.id)).toEqual([
      [2, 'ASK-TWICE', 'duplicate', [unchosen]],
      [3, 'ask-twice', 'duplicate', [unchosen]],
      [4, 'ASK-ONCE', 'skipped', []],
    ]);
    expect(await stone('ASK-ONCE')).toBeUndefined();

    // Keeping the good rows applies the rest, and still none of the duplicates.
    const kept = await upload(await twiceWorkbook('ASK'), 'twice.xlsx', { keepGoodRows: 'true' });
    expect(kept).toMatchObject({ state: 'completed', accepted: 1, merged: 2 });
    expect(kept.message).toBe(
      STOCK_UPLOAD_MESSAGES.completed(1, 0) + STOCK_UPLOAD_MESSAGES.duplicatesLeftOut(1),
    );
    expect(await stone('ASK-ONCE')).toMatchObject({ carat: 0.7 });
    expect(await stone('ask-twice')).toBeUndefined();
    expect(await stone('ASK-TWICE')).toBeUndefined();
  });

  it('keep-last applies the later row as the file writes it, and sets the earlier one aside', async () => {
    const job = await upload(await twiceWorkbook('LAST'), 'twice.xlsx', { duplicatePolicy: 'keep-last' });
    expect(job).toMatchObject({ state: 'completed', merged: 1, accepted: 2, duplicatePolicy: 'keep-last' });
    expect(await outcomes(job.id)).toEqual([
      [2, 'LAST-TWICE', 'duplicate', [STOCK_UPLOAD_MESSAGES.duplicateLeftOut(3)]],
      [3, 'last-twice', 'accepted', []],
      [4, 'LAST-ONCE', 'accepted', []],
    ]);
    // The file gives no arrival date: a new stone arrives on the day of its upload.
    expect(await stone('last-twice')).toMatchObject({
      carat: 0.52,
      marketingPricePerCarat: 4100,
      marketingIssueDate: job.createdAt.slice(0, 10),
    });
  });

  it('keep-first applies the earlier row and sets the later one aside', async () => {
    const job = await upload(await twiceWorkbook('FIRST'), 'twice.xlsx', { duplicatePolicy: 'keep-first' });
    expect(job).toMatchObject({ state: 'completed', merged: 1, accepted: 2, duplicatePolicy: 'keep-first' });
    expect(await outcomes(job.id)).toEqual([
      [2, 'FIRST-TWICE', 'accepted', []],
      [3, 'first-twice', 'duplicate', [STOCK_UPLOAD_MESSAGES.duplicateLeftOut(2)]],
      [4, 'FIRST-ONCE', 'accepted', []],
    ]);
    expect(await stone('FIRST-TWICE')).toMatchObject({ carat: 0.5, marketingPricePerCarat: 4000 });
  });

  it('skip applies neither row of a duplicated stock #, and the rest of the file', async () => {
    const job = await upload(await twiceWorkbook('SKIP'), 'twice.xlsx', { duplicatePolicy: 'skip' });
    expect(job).toMatchObject({ state: 'completed', merged: 2, accepted: 1, duplicatePolicy: 'skip' });
    const skipped = STOCK_UPLOAD_MESSAGES.duplicateSkipped([2, 3]);
    expect(await outcomes(job.id)).toEqual([
      [2, 'SKIP-TWICE', 'duplicate', [skipped]],
      [3, 'skip-twice', 'duplicate', [skipped]],
      [4, 'SKIP-ONCE', 'accepted', []],
    ]);
    expect(await stone('SKIP-TWICE')).toBeUndefined();
    expect(await stone('skip-twice')).toBeUndefined();
    expect(await stone('SKIP-ONCE')).toMatchObject({ carat: 0.7 });
  });

  it('refuses a duplicate policy it does not know or sent twice, on its field, and a file without duplicates needs none', async () => {
    const refused = await send(await twiceWorkbook('BAD'), 'twice.xlsx', { duplicatePolicy: 'merge' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'E_BAD_REQUEST',
      errors: [{ field: 'duplicatePolicy', message: STOCK_UPLOAD_MESSAGES.unknownDuplicatePolicy }],
    });
    const twice = await send(await twiceWorkbook('TWO'), 'twice.xlsx', [
      ['duplicatePolicy', 'keep-first'],
      ['duplicatePolicy', 'skip'],
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body).toMatchObject({
      code: 'E_BAD_REQUEST',
      errors: [{ field: 'duplicatePolicy', message: STOCK_UPLOAD_MESSAGES.repeatedOption }],
    });
    const single = await upload(
      'Stock #,Shape,Carat,Color,Clarity,Price/Ct\nSOLO-1,Round,0.4,F,VS2,3000\n',
      'solo.csv',
    );
    expect(single).toMatchObject({
      state: 'completed',
      accepted: 1,
      merged: 0,
      duplicates: [],
      duplicatePolicy: null,
    });
  });
});
