import {
  BLOCK_SORT_KEYS,
  type BodyIn,
  CUSTOMER_ACTIVITY_ENDPOINTS as C,
  DEMAND_SORT_KEYS,
  type EndpointSpec,
  STOCK_SUMMARY_MESSAGES as M,
  pathOf,
  type ResourceRecord,
  STOCK_SUMMARY_ENDPOINTS as S,
  STONE_BLOCK_KINDS,
  STONE_BLOCK_STATES,
  STORED_TRACK_TYPES,
  stockSummaryModule,
  TRACK_SORT_KEYS,
  TRACK_TYPES,
  USER_TYPES,
  type UserRecord,
} from '@facet/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_BATCH_SIZE } from '../src/resources/export-route.ts';
import { blockBatches } from '../src/stock-summary/block-queries.ts';
import { demandBatches } from '../src/stock-summary/demand-store.ts';
import { diamondTracks, stoneBlocks, stoneDemands } from '../src/stock-summary/stock-summary-tables.ts';
import { trackBatches } from '../src/stock-summary/track-queries.ts';
import { companyViaApi, customerViaApi } from './customers.ts';
import { hoursFromNow } from './eventually.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createStones, gradeIds } from './test-stones.ts';
import { userWithRole } from './user-admin.ts';

const EVERYTHING = ['cart', 'watchlist', 'reminder', 'enquiry', 'offer', 'hold', 'demand'] as const;
/** A moment as the panel writes it (and every export with it). */
const MOMENT = /^\d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}$/;
const permissionOf = (module: string) => {
  const found = stockSummaryModule.permissions?.find((permission) => permission.module === module);
  if (!found) throw new Error(`no permission module ${module}`);
  return found.id;
};

/**
 * The staff lists of customer activity read in a spreadsheet and opened: each list's export has the
 * columns its screen shows, with numbers and dates a sheet reads as values; a demand opens on the
 * stones it matches now. Through HTTP on both databases.
 */
describe.skipIf(!(await databaseAvailable()))('customer activity lists', () => {
  let server: TestServer;
  let staff: string;
  let anna: { user: UserRecord; token: string };
  let stones: ResourceRecord[];
  const call = <E extends EndpointSpec>(endpoint: E, body: BodyIn<E>, token = staff) =>
    server.client().call(endpoint, body, { token });
  const send = (endpoint: EndpointSpec, body: unknown, token = staff) =>
    server.client().request(endpoint.method, pathOf(endpoint), { body, token });
  const file = (endpoint: EndpointSpec, body: unknown, token = staff) =>
    fetch(`${server.url}/${pathOf(endpoint)}`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  /** A CSV's rows as cells. */
  const csvRows = async (response: Response): Promise<string[][]> => {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    return parse(await response.text(), { bom: true });
  };
  const id = (index: number) => stones[index]?.id as string;

  beforeAll(async () => {
    // No background job changes the lists while a test compares two reads of them (the demand job
    // recounts matches); a demand's count is the one stored when it was saved.
    server = await startServer({ JOBS_INTERVAL_SECONDS: '3600' }, { seed: { referenceData: true } });
    staff = await adminToken(server, server.client());
    const company = await companyViaApi(server, staff, 'Lists Brilliants');
    anna = await customerViaApi(server, staff, company.id as string, EVERYTHING);
    stones = await createStones(server.client(), staff, [
      {
        stockNumber: 'CL-1',
        carat: 1.01,
        shape: 'Round',
        color: 'F',
        clarity: 'VS2',
        rapPrice: 10000,
        discount: -20,
      },
      {
        stockNumber: 'CL-2',
        carat: 2.02,
        shape: 'Cushion',
        color: 'H',
        clarity: 'SI1',
        rapPrice: 8000,
        discount: -30,
      },
      {
        stockNumber: 'CL-3',
        carat: 0.5,
        shape: 'Round',
        color: 'D',
        clarity: 'IF',
        rapPrice: 6000,
        discount: -10,
      },
      {
        stockNumber: 'CL-4',
        carat: 1.5,
        shape: 'Oval',
        color: 'G',
        clarity: 'VS1',
        rapPrice: 9000,
        discount: -25,
      },
      {
        stockNumber: 'CL-5',
        carat: 1.2,
        shape: 'Oval',
        color: 'E',
        clarity: 'VVS2',
        rapPrice: 9500,
        discount: -15,
      },
    ]);
    expect((await call(C.trackAdd, { list: 'cart', stoneIds: [id(0)] }, anna.token)).status).toBe(200);
    const offer = await call(C.offerCreate, { stoneId: id(1), pricePerCarat: 4500 }, anna.token);
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    const hold = await call(C.holdCreate, { stoneId: id(2), hours: 24 }, anna.token);
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("exports a cart with the cart's columns, written as the panel writes them", async () => {
    const [header, ...rows] = await csvRows(
      await file(S.trackExport, { format: 'csv', filter: { trackType: TRACK_TYPES.cart } }),
    );
    expect(header).toEqual([
      'Stock #',
      'Shape',
      'Color',
      'Clarity',
      'Carat',
      'Customer',
      'Username',
      'Company',
      'Price/ct',
      'Disc %',
      'Amount',
      'Amount now',
      'Date',
    ]);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.slice(0, 12)).toEqual([
      'CL-1',
      'Round',
      'F',
      'VS2',
      '1.01',
      anna.user.name,
      anna.user.username,
      'Lists Brilliants',
      'USD 8,000.00',
      '-20.00%',
      'USD 8,080.00',
      'USD 8,080.00',
    ]);
    expect(row?.[12]).toMatch(MOMENT);
  });

  it("exports offers with the offer's price, status and dates, as numbers and dates in a sheet too", async () => {
    const body = { filter: { trackType: [TRACK_TYPES.offer] } };
    const [header, row] = await csvRows(await file(S.trackExport, { ...body, format: 'csv' }));
    const cell = (label: string) => row?.[header?.indexOf(label) ?? -1];
    for (const label of ['Status', 'Offer price/ct', 'Offer amount', 'Offer date', 'Valid until']) {
      expect(header).toContain(label);
    }
    expect(cell('Stock #')).toBe('CL-2');
    expect(cell('Status')).toBe('Pending');
    expect(cell('Offer price/ct')).toBe('USD 4,500.00');
    expect(cell('Offer amount')).toBe('USD 9,090.00');
    expect(cell('Offer date')).toMatch(MOMENT);
    expect(cell('Valid until')).toMatch(MOMENT);
    // A reminder's or an enquiry's columns are not an offer's.
    expect(header).not.toContain('Reminder');
    expect(header).not.toContain('Enquiry #');

    const response = await file(S.trackExport, { ...body, format: 'xlsx' });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const labels = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(labels).toEqual(header);
    const offerPrice = sheet.getRow(2).getCell(labels.indexOf('Offer price/ct') + 1).value;
    expect(offerPrice).toBe(4500);

    // Every kind's list (a company's tab) names the kind of each row.
    const [mixed] = await csvRows(await file(S.trackExport, { format: 'csv' }));
    expect(mixed?.slice(0, 2)).toEqual(['Stock #', 'Kind']);
  });

  it('exports holds and demands with the columns their lists show, for who may view them only', async () => {
    const [blockHeader, ...blocks] = await csvRows(await file(S.blockExport, { format: 'csv' }));
    expect(blockHeader).toEqual([
      'Stock #',
      'Kind',
      'State',
      'Until',
      'Shape',
      'Color',
      'Clarity',
      'Carat',
      'Customer',
      'Company',
      'Confirmed by',
      'Confirmed at',
      'Ended',
      'Ended by',
      'Created',
    ]);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]?.slice(0, 3)).toEqual(['CL-3', 'Hold', 'Requested']);
    expect(blocks[0]?.[3]).toMatch(MOMENT);
    expect(blocks[0]?.slice(4, 10)).toEqual(['Round', 'D', 'IF', '0.50', anna.user.name, 'Lists Brilliants']);

    const idOf = await gradeIds(server.client(), staff);
    const demand = await call(
      C.demandCreate,
      { name: 'Ovals', filter: { shapeId: [idOf('SHAPE', 'Oval')] }, expiresAt: hoursFromNow(24 * 7) },
      anna.token,
    );
    expect(demand.status, JSON.stringify(demand.body)).toBe(200);
    const [demandHeader, ...demands] = await csvRows(await file(S.demandExport, { format: 'csv' }));
    expect(demandHeader).toEqual([
      'Name',
      'Matches now',
      'Customer',
      'Company',
      'Stone criteria',
      'Expires',
      'Customer last told',
      'Created',
    ]);
    const ovals = demands.find((row) => row[0] === 'Ovals');
    expect(ovals?.slice(0, 5)).toEqual(['Ovals', '2', anna.user.name, 'Lists Brilliants', 'Shape Oval']);
    expect(ovals?.[5]).toMatch(MOMENT);

    // A filter refused before the file starts, in the envelope.
    const backwards = await send(S.demandExport, {
      format: 'csv',
      filter: { createdAt: { from: '2026-02-01', to: '2026-01-01' } },
    });
    expect(backwards.status).toBe(400);

    const holdsOnly = await userWithRole(server, staff, USER_TYPES.EMPLOYEE, 'admin', [
      { id: permissionOf('Hold'), permissions: { view: true } },
    ]);
    expect((await file(S.blockExport, { format: 'csv' }, holdsOnly.token)).status).toBe(200);
    expect((await send(S.demandExport, { format: 'csv' }, holdsOnly.token)).status).toBe(403);
    expect((await send(S.trackExport, { format: 'csv' }, holdsOnly.token)).status).toBe(403);
  });

  it('opens a demand on the stones it matches now, a page at a time, for who may view demands', async () => {
    const idOf = await gradeIds(server.client(), staff);
    const demand = await call(
      C.demandCreate,
      { name: 'Oval stones', filter: { shapeId: [idOf('SHAPE', 'Oval')] }, expiresAt: hoursFromNow(48) },
      anna.token,
    );
    expect(demand.status, JSON.stringify(demand.body)).toBe(200);
    const demandId = demand.body.data.id;

    const all = await call(S.demandStones, { id: demandId, page: 1, limit: 20 });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data.count).toBe(2);
    const byNumber = new Map(all.body.data.list.map((stone) => [stone.stockNumber, stone]));
    expect([...byNumber.keys()].sort()).toEqual(['CL-4', 'CL-5']);
    expect(byNumber.get('CL-4')).toMatchObject({
      shapeTitle: 'Oval',
      colorTitle: 'G',
      clarityTitle: 'VS1',
      carat: 1.5,
      marketingPricePerCarat: 6750,
    });
    const first = await call(S.demandStones, { id: demandId, page: 1, limit: 1 });
    const second = await call(S.demandStones, { id: demandId, page: 2, limit: 1 });
    expect(first.body.data.count).toBe(2);
    expect(
      [...first.body.data.list, ...second.body.data.list].map((stone) => stone.stockNumber).sort(),
    ).toEqual(['CL-4', 'CL-5']);

    // A held stone is not one the customer can buy now.
    expect((await call(C.holdCreate, { stoneId: id(4), hours: 24 }, anna.token)).status).toBe(200);
    const held = await call(S.demandStones, { id: demandId, page: 1, limit: 20 });
    expect(held.body.data.list.map((stone) => stone.stockNumber)).toEqual(['CL-4']);

    const unknown = await send(S.demandStones, { id: crypto.randomUUID(), page: 1, limit: 20 });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'E_NOT_FOUND', message: M.demandNotFound });
    const notAnId = await send(S.demandStones, { id: 'oval', page: 1, limit: 20 });
    expect(notAnId.status).toBe(400);
    expect(JSON.stringify(notAnId.body)).toContain(M.demandNotFound);

    expect((await call(C.demandRemove, { id: demandId }, anna.token)).status).toBe(200);
    expect((await send(S.demandStones, { id: demandId, page: 1, limit: 20 })).status).toBe(404);

    const holdsOnly = await userWithRole(server, staff, USER_TYPES.EMPLOYEE, 'admin', [
      { id: permissionOf('Hold'), permissions: { view: true } },
    ]);
    const refused = await send(S.demandStones, { id: demandId, page: 1, limit: 20 }, holdsOnly.token);
    expect(refused.status).toBe(403);
  });

  it('reads each demand criterion by its names: grade runs as ranges, carats as written, never an id', async () => {
    const idOf = await gradeIds(server.client(), staff);
    const removed = crypto.randomUUID();
    const demand = await call(
      C.demandCreate,
      {
        name: 'White fine',
        filter: {
          colorId: [idOf('COLOR', 'E'), idOf('COLOR', 'D'), idOf('COLOR', 'F')],
          clarityId: [idOf('CLARITY', 'VS1'), removed],
          carat: { from: 0.5, to: 0.99 },
        },
        expiresAt: hoursFromNow(48),
      },
      anna.token,
    );
    expect(demand.status, JSON.stringify(demand.body)).toBe(200);
    expect(demand.body.data.criteria).toBe('Carat 0.50 – 0.99 · Color D – F · Clarity VS1, a removed value');
    const listed = await call(S.demandDetails, { filter: { userId: anna.user.id } });
    const row = listed.body.data.list.find((item) => item.id === demand.body.data.id);
    expect(row?.criteria).toBe(demand.body.data.criteria);
    expect(row?.criteria).not.toContain(removed);
    // Two grades are a list, not a range.
    const two = await call(
      C.demandCreate,
      {
        name: 'Two colours',
        filter: { colorId: [idOf('COLOR', 'D'), idOf('COLOR', 'E')] },
        expiresAt: hoursFromNow(48),
      },
      anna.token,
    );
    expect(two.body.data.criteria).toBe('Color D, E');
  });

  describe('an export longer than one batch', () => {
    /** Enough enquiries for two batches of the export. */
    const ROWS = EXPORT_BATCH_SIZE + 50;
    const MINUTE = 60 * 1000;
    let bulk: UserRecord;
    let accountId: string;
    const numbers = (rows: readonly string[][], header: readonly string[] | undefined) =>
      rows.map((row) => row[header?.indexOf('Enquiry #') ?? -1]);
    /** All the batches of a list, with `between` run after each one (the writes of other users). */
    const drain = async <R extends { id: string }>(
      batches: AsyncIterable<readonly R[]>,
      between: (batch: number) => Promise<unknown>,
    ) => {
      const ids: string[] = [];
      let batch = 0;
      for await (const rows of batches) {
        ids.push(...rows.map((row) => row.id));
        batch += 1;
        await between(batch);
      }
      return ids;
    };
    const enquiry = (number: string, createdAt: Date, reminderDate: Date | null = null) => ({
      trackType: TRACK_TYPES.enquiry,
      userId: bulk.id,
      accountId,
      stoneId: id(3),
      enquiryNumber: number,
      reminderDate,
      createdAt,
    });

    beforeAll(async () => {
      const company = await companyViaApi(server, staff, 'Bulk Brilliants');
      accountId = company.id as string;
      bulk = (await customerViaApi(server, staff, accountId, EVERYTHING)).user;
      // Three to a moment, so the id orders ties; one in four without a reminder, the rest sharing a
      // few dozen reminders, so a sort by reminder has nulls and ties across the batch boundary.
      const start = Date.now();
      await server.database.db
        .insert(diamondTracks)
        .values(
          Array.from({ length: ROWS }, (_, n) =>
            enquiry(
              `BULK-${n}`,
              new Date(start - Math.floor(n / 3) * MINUTE),
              n % 4 === 0 ? null : new Date(start + (n % 37) * 60 * MINUTE),
            ),
          ),
        );
    });

    it('lists every row once, in the order of the list, whichever sort is asked', async () => {
      const wanted = Array.from({ length: ROWS }, (_, n) => `BULK-${n}`).sort();
      for (const sort of [undefined, { reminderDate: 'desc' as const }, { reminderDate: 'asc' as const }]) {
        const filter = { trackType: TRACK_TYPES.enquiry, userId: bulk.id };
        const [header, ...rows] = await csvRows(await file(S.trackExport, { format: 'csv', filter, sort }));
        const exported = numbers(rows, header);
        expect([...exported].sort()).toEqual(wanted);
        // The list's own pages, in the same order.
        const listed: string[] = [];
        for (let page = 1; listed.length < ROWS; page += 1) {
          const answer = await call(S.trackPaginate, { filter, sort, page, limit: 500 });
          expect(answer.status).toBe(200);
          listed.push(...answer.body.data.list.map((row) => row.enquiryNumber as string));
        }
        expect(exported).toEqual(listed);
      }
    });

    it('lists each row once while rows are written between its batches', async () => {
      const db = server.database.db;
      const types = STORED_TRACK_TYPES;
      const filter = { trackType: TRACK_TYPES.enquiry, userId: bulk.id };
      const before = await drain(trackBatches(db, { filter }, types, 100), async () => undefined);
      expect(before).toHaveLength(ROWS);
      // Newest first: a row added meanwhile lands ahead of where the export is (an offset would then
      // read the last row again); a row dated long ago lands behind it and is listed, once.
      const late = (batch: number) =>
        db
          .insert(diamondTracks)
          .values([
            enquiry(`NEW-${batch}`, new Date()),
            enquiry(`OLD-${batch}`, new Date(Date.now() - (5000 + batch) * 60 * MINUTE)),
          ])
          .returning({ id: diamondTracks.id, number: diamondTracks.enquiryNumber });
      const added: { id: string; number: string | null }[] = [];
      const during = await drain(trackBatches(db, { filter }, types, 100), async (batch) => {
        added.push(...(await late(batch)));
      });
      // The last one was written after the final batch, once the export was over.
      const old = added
        .filter((row) => row.number?.startsWith('OLD-'))
        .map((row) => row.id)
        .slice(0, -1);
      expect(new Set(during).size).toBe(during.length);
      expect([...during].sort()).toEqual([...before, ...old].sort());

      // Sorted by reminder, descending (nulls first): rows land on both sides of the export's place.
      const byReminder = { filter, sort: { reminderDate: 'desc' as const } };
      const listed = await drain(trackBatches(db, byReminder, types, 100), async (batch) =>
        db
          .insert(diamondTracks)
          .values([
            enquiry(`NULL-${batch}`, new Date()),
            enquiry(`SOON-${batch}`, new Date(), new Date(Date.now() - batch * MINUTE)),
          ]),
      );
      expect(new Set(listed).size).toBe(listed.length);
      const present = [...before, ...added.map((row) => row.id)];
      expect(listed.filter((rowId) => present.includes(rowId)).sort()).toEqual(present.sort());
    });

    it('lists each hold and demand once while others are written between batches', async () => {
      const db = server.database.db;
      const now = Date.now();
      const ended = (at: number) => ({
        kind: STONE_BLOCK_KINDS.hold,
        state: STONE_BLOCK_STATES.released,
        userId: bulk.id,
        accountId,
        stoneId: id(3),
        previousStatus: 'A',
        expiresAt: new Date(at + 60 * MINUTE),
        endedAt: new Date(at + MINUTE),
        createdAt: new Date(at),
      });
      const blocks = await db
        .insert(stoneBlocks)
        .values([0, 0, 1, 2, 2, 3].map((minutes) => ended(now - minutes * MINUTE)))
        .returning({ id: stoneBlocks.id });
      const blockIds = await drain(
        blockBatches(db, { filter: { live: false, userId: bulk.id } }, 2),
        async () => db.insert(stoneBlocks).values(ended(Date.now())),
      );
      expect(blockIds).toEqual(expect.arrayContaining(blocks.map((row) => row.id)));
      expect(new Set(blockIds).size).toBe(blockIds.length);

      const demand = (name: string, matches: number | null) => ({
        userId: bulk.id,
        accountId,
        name,
        filter: {},
        expiresAt: new Date(now + 24 * 60 * MINUTE),
        lastMatchCount: matches,
      });
      const demands = await db
        .insert(stoneDemands)
        .values([demand('A', 3), demand('B', null), demand('C', 3), demand('D', null), demand('E', 1)])
        .returning({ id: stoneDemands.id });
      const demandIds = await drain(
        demandBatches(db, { filter: { userId: bulk.id }, sort: { matches: 'desc' } }, 2),
        async (batch) => db.insert(stoneDemands).values([demand(`New ${batch}`, null), demand('More', 9)]),
      );
      expect(demandIds).toEqual(expect.arrayContaining(demands.map((row) => row.id)));
      expect(new Set(demandIds).size).toBe(demandIds.length);
    });

    it("pages an export by each of the list's sorts, either way, in the order of its pages", async () => {
      const db = server.database.db;
      const ways = <K extends string>(keys: readonly K[]) =>
        keys.flatMap((key) =>
          (['asc', 'desc'] as const).map((way) => ({ [key]: way }) as Record<K, 'asc' | 'desc'>),
        );
      const ids = (list: readonly { id: string }[]) => list.map((row) => row.id);
      const tracks = { trackType: TRACK_TYPES.enquiry, userId: bulk.id };
      // The stone, customer and company are one for every row: those sorts are ties the id decides.
      for (const sort of ways(TRACK_SORT_KEYS)) {
        const exported = await drain(
          trackBatches(db, { filter: tracks, sort }, STORED_TRACK_TYPES, 400),
          async () => undefined,
        );
        const listed: string[] = [];
        for (let page = 1; listed.length < exported.length; page += 1) {
          const answer = await call(S.trackPaginate, { filter: tracks, sort, page, limit: 500 });
          expect(answer.body.data.list).not.toHaveLength(0);
          listed.push(...ids(answer.body.data.list));
        }
        expect(exported, JSON.stringify(sort)).toEqual(listed);
      }
      for (const sort of ways(BLOCK_SORT_KEYS)) {
        const filter = { live: false, userId: bulk.id };
        const exported = await drain(blockBatches(db, { filter, sort }, 2), async () => undefined);
        const page = await call(S.blockPaginate, { filter, sort, page: 1, limit: 500 });
        expect(exported, JSON.stringify(sort)).toEqual(ids(page.body.data.list));
      }
      for (const sort of ways(DEMAND_SORT_KEYS)) {
        const filter = { userId: bulk.id };
        const exported = await drain(demandBatches(db, { filter, sort }, 2), async () => undefined);
        const page = await call(S.demandDetails, { filter, sort, page: 1, limit: 500 });
        expect(exported, JSON.stringify(sort)).toEqual(ids(page.body.data.list));
      }
    });

    it('answers a filter refused before any query in the envelope, as the list does', async () => {
      // Year 0 is a well-formed day that PostgreSQL has no year for: refused as the filter is built.
      const filter = { createdAt: { from: '0000-01-01' } };
      for (const [list, exported] of [
        [S.trackPaginate, S.trackExport],
        [S.blockPaginate, S.blockExport],
        [S.demandDetails, S.demandExport],
      ] as const) {
        const page = await send(list, { filter, page: 1, limit: 20 });
        expect(page.status).toBe(400);
        const answer = await send(exported, { format: 'csv', filter });
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual(page.body);
      }
    });

    it('answers a first query that fails in the envelope, not with a cut file', async () => {
      // No input valid enough to pass the checks fails in the database, so the database fails instead:
      // the list's table is renamed away for the moment of the request.
      const db = server.database.db;
      for (const [table, list, exported] of [
        ['diamond_tracks', S.trackPaginate, S.trackExport],
        ['stone_blocks', S.blockPaginate, S.blockExport],
        ['stone_demands', S.demandDetails, S.demandExport],
      ] as const) {
        await db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
        try {
          const page = await send(list, { page: 1, limit: 20 });
          expect(page.status).toBe(500);
          const answer = await file(exported, { format: 'csv' });
          expect(answer.status).toBe(500);
          expect(answer.headers.get('content-type')).toContain('application/json');
          expect(await answer.json()).toEqual(page.body);
        } finally {
          await db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
        }
      }
      // The turn the failed exports held is given back: the next export runs.
      expect((await file(S.blockExport, { format: 'csv' })).status).toBe(200);
    });
  });
});
