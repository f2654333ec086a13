import {
  CUSTOMER_PARCEL_ENDPOINTS as C,
  type EndpointSpec,
  PARCEL_MESSAGES as M,
  PARCEL_ORDER_ENDPOINTS as O,
  PARCEL_PRICE_ENDPOINTS as P,
  type ParcelSheet,
  pathOf,
  qualityBandResource,
  RESOURCE_MESSAGES,
  resourcePaths,
  sieveGroupResource,
  type UserRecord,
} from '@facet/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyViaApi, customerViaApi } from './customers.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';

const today = () => new Date().toISOString().slice(0, 10);
/** zod's own wording, which no answer of these calls may carry. */
const RAW_ZOD =
  /Invalid input|Invalid UUID|Invalid option|Too small|Too big|expected (array|object|string|number)|Unrecognized key/;

/** The parcel findings of hostile review 15, each refused in plain words and changing nothing. */
describe.skipIf(!(await databaseAvailable()))('parcel edges', () => {
  let server: TestServer;
  let staff: string;
  let anna: { user: UserRecord; token: string };
  let sheet: ParcelSheet;
  const send = (endpoint: EndpointSpec, body: unknown, token = staff, params?: Record<string, string>) =>
    server.client().request(endpoint.method, pathOf(endpoint, params), { body, token });
  const groupId = (name: string) => sheet.sieveGroups.find((group) => group.name === name)?.id as string;
  const bandId = (name: string) => sheet.qualityBands.find((band) => band.name === name)?.id as string;
  const line = (group: string, band = 'G-H SI') => ({
    sieveGroupId: groupId(group),
    qualityBandId: bandId(band),
  });
  const orderCount = async () => {
    const page = await server.client().call(O.paginate, { page: 1, limit: 1 }, { token: staff });
    return page.body.data.count;
  };
  const upload = async (bytes: ArrayBuffer | Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'prices.xlsx');
    const response = await fetch(`${server.url}/${pathOf(P.import)}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `JWT ${staff}` },
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        message: string;
        data: { cells: unknown[] };
        errors?: { field: string; message: string }[];
      },
    };
  };
  /** Today's sheet as the export lays it out, in a workbook the test can change. */
  const exportedWorkbook = async () => {
    const response = await fetch(`${server.url}/${pathOf(P.export)}`, {
      method: 'POST',
      headers: { authorization: `JWT ${staff}`, 'content-type': 'application/json' },
      body: JSON.stringify({ date: today() }),
    });
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const worksheet = workbook.worksheets[0];
    if (!worksheet) throw new Error('no sheet');
    return { workbook, worksheet };
  };

  beforeAll(async () => {
    server = await startServer();
    staff = await adminToken(server, server.client());
    const company = await companyViaApi(server, staff, 'Edge Melee House');
    anna = await customerViaApi(server, staff, company.id, ['parcel', 'parcelOrder']);
    const empty = await server.client().call(P.paginate, { date: today() }, { token: staff });
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    sheet = empty.body.data;
    // Every cell of today priced; Melee × G-H SI at the highest price a sheet takes.
    const prices = sheet.sieveGroups.flatMap((group) =>
      sheet.qualityBands.map((band) => ({
        sieveGroupId: group.id,
        qualityBandId: band.id,
        pricePerCarat: group.name === 'Melee' && band.name === 'G-H SI' ? 10_000_000 : 500,
      })),
    );
    const saved = await server.client().call(P.upsert, { date: today(), prices }, { token: staff });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('refuses carats finer than a thousandth on the line, and stores a thousandth as it is (item 3)', async () => {
    const before = await orderCount();
    const stars = line('Stars');
    for (const carats of [0.0001, 1.0005, 0, 10_000.5]) {
      const refused = await send(C.orderCreate, { lines: [{ ...stars, carats }] }, anna.token);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'lines.0.carats', message: M.caratsInvalid }]);
    }
    expect(await orderCount()).toBe(before);
    const placed = await server
      .client()
      .call(C.orderCreate, { lines: [{ ...stars, carats: 0.001 }] }, { token: anna.token });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data.lines[0]).toMatchObject({ carats: 0.001, amount: 0.5 });
  });

  it('refuses an order past the line and order limits with field messages, never an overflow (item 4)', async () => {
    const before = await orderCount();
    const dearest = { sieveGroupId: groupId('Melee'), qualityBandId: bandId('G-H SI') };
    // The hostile order: the dearest cell on 200 lines of 100,000 ct each.
    const hostile = await send(
      C.orderCreate,
      { lines: Array.from({ length: 200 }, () => ({ ...dearest, carats: 100_000 })) },
      anna.token,
    );
    expect(hostile.status, JSON.stringify(hostile.body).slice(0, 500)).toBe(400);
    const fields = new Map(hostile.body.errors?.map((error) => [error.field, error.message]));
    expect(fields.get('lines.0.carats')).toBe(M.caratsInvalid);

    // One size and quality twice is refused on the second line, naming the first.
    const twice = await send(
      C.orderCreate,
      {
        lines: [
          { ...dearest, carats: 1 },
          { ...line('Stars'), pieces: 5 },
          { ...dearest, pieces: 3 },
        ],
      },
      anna.token,
    );
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual([{ field: 'lines.2', message: M.duplicateLine(3, 1) }]);
    expect(await orderCount()).toBe(before);

    // At the limits the amount fits its column: the most carats a line takes at the highest price.
    const atLimit = await server
      .client()
      .call(C.orderCreate, { lines: [{ ...dearest, carats: 10_000 }] }, { token: anna.token });
    expect(atLimit.status, JSON.stringify(atLimit.body)).toBe(200);
    expect(atLimit.body.data).toMatchObject({ totalAmount: 100_000_000_000, totalCarats: 10_000 });
  });

  it('names the cell of an imported price past the highest a sheet takes (item 6)', async () => {
    const { workbook, worksheet } = await exportedWorkbook();
    worksheet.getCell('C4').value = 99_999_999_999;
    const refused = await upload(await workbook.xlsx.writeBuffer());
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'file', message: M.priceTooHighAt('C4') }]);
    worksheet.getCell('C4').value = 10_000_000;
    const atMost = await upload(await workbook.xlsx.writeBuffer());
    expect(atMost.status, JSON.stringify(atMost.body)).toBe(200);
  });

  it('refuses an order of an inactive sieve group or quality band, which the customer cannot see (item 8)', async () => {
    const before = await orderCount();
    const groups = resourcePaths(sieveGroupResource);
    const bands = resourcePaths(qualityBandResource);
    const toggle = (path: string, isActive: boolean) =>
      server.client().request('PUT', path, { body: { isActive }, token: staff });
    expect((await toggle(groups.byId(groupId('1/4')), false)).status).toBe(200);
    expect((await toggle(bands.byId(bandId('D-F IF-VVS')), false)).status).toBe(200);
    try {
      const current = await server.client().call(C.currentPrices, {}, { token: anna.token });
      expect(current.body.data?.sieveGroups.map((group) => group.name)).not.toContain('1/4');
      const group = await send(C.orderCreate, { lines: [{ ...line('1/4'), carats: 1 }] }, anna.token);
      expect(group.status, JSON.stringify(group.body)).toBe(400);
      expect(group.body.errors).toEqual([{ field: 'lines.0.sieveGroupId', message: M.unknownSieveGroup }]);
      const band = await send(
        C.orderCreate,
        {
          lines: [
            { ...line('Stars'), pieces: 2 },
            { ...line('Melee', 'D-F IF-VVS'), carats: 1 },
          ],
        },
        anna.token,
      );
      expect(band.status, JSON.stringify(band.body)).toBe(400);
      expect(band.body.errors).toEqual([{ field: 'lines.1.qualityBandId', message: M.unknownQualityBand }]);
      expect(await orderCount()).toBe(before);
    } finally {
      await toggle(groups.byId(groupId('1/4')), true);
      await toggle(bands.byId(bandId('D-F IF-VVS')), true);
    }
  });

  it('shows customers no staff names or ids, while staff keep them (item 10)', async () => {
    const staffSheet = await server.client().call(P.paginate, { date: today() }, { token: staff });
    expect(staffSheet.body.data.updatedByName).toBeTruthy();
    const current = await server.client().call(C.currentPrices, {}, { token: anna.token });
    expect(current.status).toBe(200);
    expect(current.body.data?.date).toBe(today());
    expect(current.body.data).not.toHaveProperty('updatedByName');

    const placed = await server
      .client()
      .call(C.orderCreate, { lines: [{ ...line('+14'), pieces: 10 }] }, { token: anna.token });
    expect(placed.status).toBe(200);
    expect(placed.body.data).not.toHaveProperty('statusChangedByName');
    const moved = await server
      .client()
      .call(O.updateStatus, { status: 2 }, { token: staff, params: { id: placed.body.data.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.data.statusChangedByName).toBeTruthy();
    const staffName = moved.body.data.statusChangedByName as string;

    const own = await send(C.orderPaginate, { page: 1, limit: 50 }, anna.token);
    expect(own.status).toBe(200);
    const text = JSON.stringify(own.body.data);
    const mine = (own.body.data as { list: { id: string; statusChangedAt: string | null }[] }).list.find(
      (order) => order.id === placed.body.data.id,
    );
    expect(mine?.statusChangedAt).toBeTruthy();
    expect(text).not.toContain('statusChangedByName');
    expect(text).not.toContain(staffName);
    expect(JSON.stringify(current.body.data)).not.toContain(staffName);
  });

  it('refuses an order date range the wrong way round, and a status filter of no state (item 10)', async () => {
    const reversed = await send(O.paginate, {
      page: 1,
      limit: 10,
      filter: { orderDate: { from: '2026-11-20', to: '2026-11-10' } },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual([
      { field: 'filter.orderDate', message: RESOURCE_MESSAGES.rangeOrder },
    ]);
    const exported = await send(O.export, {
      filter: { orderDate: { from: '2026-11-20', to: '2026-11-10' } },
    });
    expect(exported.status).toBe(400);
    const sameDay = await send(O.paginate, {
      page: 1,
      limit: 10,
      filter: { orderDate: { from: today(), to: today() } },
    });
    expect(sameDay.status).toBe(200);

    for (const [endpoint, token] of [
      [O.paginate, staff],
      [C.orderPaginate, anna.token],
    ] as const) {
      for (const status of [0, 4, [], '1']) {
        const refused = await send(endpoint, { page: 1, limit: 10, filter: { status } }, token);
        expect(refused.status).toBe(400);
        expect(refused.body.errors).toEqual([{ field: 'filter.status', message: M.statusFilter }]);
      }
      const pending = await send(endpoint, { page: 1, limit: 10, filter: { status: [1, 2, 3] } }, token);
      expect(pending.status).toBe(200);
    }
    expect(M.statusFilter).toMatch(/pending/);
  });

  it('answers bad parcel bodies in plain words, never in zod wording (item 10)', async () => {
    const before = await orderCount();
    const dates = await server.client().call(P.getDates, {}, { token: staff });
    const cell = { sieveGroupId: groupId('Melee'), qualityBandId: bandId('G-H SI'), pricePerCarat: 1 };
    const cases: [EndpointSpec, unknown, string, string, string?][] = [
      [C.orderCreate, null, 'lines', M.noLines, anna.token],
      [C.orderCreate, {}, 'lines', M.noLines, anna.token],
      [C.orderCreate, { lines: 'x' }, 'lines', M.noLines, anna.token],
      [C.orderCreate, { lines: [null] }, 'lines.0', M.lineInvalid, anna.token],
      [
        C.orderCreate,
        { lines: [{ ...line('Melee'), carats: 1, colour: 'D' }] },
        'lines.0',
        M.unknownFields(['colour']),
        anna.token,
      ],
      [
        C.orderCreate,
        { lines: [{ ...line('Melee'), carats: 1 }], notes: 5 },
        'notes',
        M.notesTooLong,
        anna.token,
      ],
      [
        C.orderCreate,
        { lines: [{ sieveGroupId: 'x', qualityBandId: 'y', pieces: 1 }] },
        'lines.0.sieveGroupId',
        M.unknownSieveGroup,
        anna.token,
      ],
      [
        C.orderCreate,
        { lines: [{ ...line('Melee'), pieces: 'many' }] },
        'lines.0.pieces',
        M.piecesInvalid,
        anna.token,
      ],
      [C.currentPrices, { date: today() }, 'body', M.unknownFields(['date']), anna.token],
      [
        C.orderPaginate,
        { page: 1, limit: 10, sort: { orderDate: 'up' } },
        'sort.orderDate',
        M.sortInvalid,
        anna.token,
      ],
      [C.orderPaginate, { page: 1, limit: 10, filter: 'pending' }, 'filter', M.filterInvalid, anna.token],
      [P.upsert, null, 'date', M.chooseDate],
      [P.upsert, { date: today() }, 'prices', M.pricesMissing],
      [P.upsert, { date: today(), prices: [null] }, 'prices.0', M.cellInvalid],
      [P.upsert, { date: today(), prices: [{ ...cell, note: 1 }] }, 'prices.0', M.unknownFields(['note'])],
      [
        P.upsert,
        { date: today(), prices: [{ ...cell, pricePerCarat: 20_000_000 }] },
        'prices.0.pricePerCarat',
        M.priceTooHigh,
      ],
      [P.history, null, 'sieveGroupId', M.unknownSieveGroup],
      [
        P.history,
        { sieveGroupId: 'x', qualityBandId: bandId('G-H SI') },
        'sieveGroupId',
        M.unknownSieveGroup,
      ],
      [P.paginate, {}, 'date', M.chooseDate],
      [P.export, { date: today(), format: 'pdf' }, 'format', M.formatInvalid],
      [P.getDates, { all: true }, 'body', M.unknownFields(['all'])],
      [O.paginate, { page: 1, limit: 10, filter: { userId: 'anna' } }, 'filter.userId', M.chooseCustomer],
      [O.paginate, { page: 1, limit: 10, filter: { userId: [] } }, 'filter.userId', M.chooseCustomer],
      [
        O.paginate,
        { page: 1, limit: 10, filter: { accountId: ['x'] } },
        'filter.accountId.0',
        M.chooseCompany,
      ],
      [
        O.paginate,
        { page: 1, limit: 10, filter: { orderDate: '2026-11-01' } },
        'filter.orderDate',
        M.chooseDate,
      ],
      [
        O.paginate,
        { page: 1, limit: 10, filter: { orderDate: { since: '2026-11-01' } } },
        'filter.orderDate',
        M.unknownFields(['since']),
      ],
      [O.paginate, { page: 1, limit: 10, filter: { colour: 'D' } }, 'filter', M.unknownFields(['colour'])],
      [O.export, { format: 'pdf' }, 'format', M.formatInvalid],
    ];
    for (const [endpoint, body, field, message, token] of cases) {
      const refused = await send(endpoint, body, token ?? staff);
      const seen = JSON.stringify(refused.body);
      expect(refused.status, `${endpoint.path} ${JSON.stringify(body)}: ${seen}`).toBe(400);
      expect(refused.body.errors, `${endpoint.path} ${JSON.stringify(body)}`).toContainEqual({
        field,
        message,
      });
      expect(seen, endpoint.path).not.toMatch(RAW_ZOD);
    }
    const orders = await server.client().call(O.paginate, { page: 1, limit: 1 }, { token: staff });
    const id = orders.body.data.list[0]?.id as string;
    for (const body of [null, { status: 'done' }, { status: 2, remarks: 7 }, { status: 2, why: 'x' }]) {
      const refused = await send(O.updateStatus, body, staff, { id });
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(JSON.stringify(refused.body)).not.toMatch(RAW_ZOD);
    }
    expect(await orderCount()).toBe(before);
    expect((await server.client().call(P.getDates, {}, { token: staff })).body.data).toEqual(dates.body.data);
  });

  it('names the first 20 cells of a sheet priced twice and counts the rest, changing nothing (item 10)', async () => {
    const date = '2020-03-05';
    const cell = { sieveGroupId: groupId('Melee'), qualityBandId: bandId('G-H SI'), pricePerCarat: 10 };
    const refused = await send(P.upsert, { date, prices: Array.from({ length: 4000 }, () => cell) });
    expect(refused.status).toBe(400);
    const errors = refused.body.errors ?? [];
    expect(errors).toHaveLength(21);
    expect(errors.slice(0, 20)).toEqual(
      Array.from({ length: 20 }, (_, index) => ({ field: `prices.${index + 1}`, message: M.duplicateCell })),
    );
    expect(errors[20]).toEqual({ field: 'prices', message: '3,979 more cells are priced twice.' });
    expect(JSON.stringify(refused.body).length).toBeLessThan(5000);
    const read = await server.client().call(P.paginate, { date }, { token: staff });
    expect(read.body.data.exists).toBe(false);
  });

  it('says a sheet saved empty was removed, with its date as the panel writes it (item 10)', async () => {
    const date = '2020-03-05';
    const cell = { sieveGroupId: groupId('Melee'), qualityBandId: bandId('G-H SI'), pricePerCarat: 10 };
    const saved = await server.client().call(P.upsert, { date, prices: [cell] }, { token: staff });
    expect(saved.body.message).toBe(M.saved);
    const removed = await server.client().call(P.upsert, { date, prices: [] }, { token: staff });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe('The price sheet of 5 Mar 2020 was removed.');
    expect(removed.body.data).toMatchObject({ date, cells: 0, changed: 1 });
    const again = await server.client().call(P.upsert, { date, prices: [] }, { token: staff });
    expect(again.body.message).toBe('5 Mar 2020 has no price sheet; nothing changed.');
    expect(again.body.data).toMatchObject({ cells: 0, changed: 0 });
  });

  it('reads the used cells of a sheet whose range reaches XFD1048576, and names a far cell that holds a value (item 10)', async () => {
    const { workbook, worksheet } = await exportedWorkbook();
    // A formatted but empty cell far off widens the sheet's range, not its prices.
    worksheet.getCell('XFD1048576').style = { font: { bold: true } };
    worksheet.getCell('XFD1048576').value = null;
    const formatted = await upload(await workbook.xlsx.writeBuffer());
    expect(formatted.status, JSON.stringify(formatted.body)).toBe(200);
    expect(formatted.body.data.cells).toHaveLength(sheet.sieveGroups.length * sheet.qualityBands.length);

    worksheet.getCell('XFD1048576').value = 12;
    const bytes = await workbook.xlsx.writeBuffer();
    expect(bytes.byteLength).toBeLessThan(20_000);
    const far = await upload(bytes);
    expect(far.status, JSON.stringify(far.body)).toBe(400);
    expect(far.body.errors).toEqual([{ field: 'file', message: M.outsideGrid('XFD1048576') }]);

    // Rows past what a price sheet has are refused for the range, not as a file too large.
    const { workbook: long, worksheet: rows } = await exportedWorkbook();
    for (let row = 20; row <= 1100; row += 1) rows.getRow(row).getCell(2).style = { font: { italic: true } };
    rows.getRow(1100).commit();
    const tooLong = await upload(await long.xlsx.writeBuffer());
    expect(tooLong.status, JSON.stringify(tooLong.body)).toBe(400);
    expect(tooLong.body.errors).toEqual([{ field: 'file', message: M.rangeTooLarge }]);
  });
});
