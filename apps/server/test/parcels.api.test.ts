import {
  AUDIT_ENDPOINTS,
  type BodyIn,
  CUSTOMER_PARCEL_ENDPOINTS as C,
  type EndpointSpec,
  PARCEL_MESSAGES as M,
  notificationSettingResource,
  PARCEL_ORDER_ENDPOINTS as O,
  PARCEL_PRICE_ENDPOINTS as P,
  PARCEL_ORDER_STATUSES,
  type ParcelSheet,
  pathOf,
  resourcePaths,
  USER_TYPES,
  type UserRecord,
} from '@facet/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parcelOrderLines } from '../src/parcels/parcel-tables.ts';
import { companyViaApi, customerViaApi } from './customers.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { userWithRole } from './user-admin.ts';
import { repeatedDeflate, SHEET_HEAD, SHEET_TAIL, stockWorkbookParts, zipOf } from './xlsx-bombs.ts';

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** Melee price sheets and parcel orders through HTTP, on both databases. */
describe.skipIf(!(await databaseAvailable()))('parcels', () => {
  let server: TestServer;
  let staff: string;
  let anna: { user: UserRecord; token: string };
  let bram: { user: UserRecord; token: string };
  let clerk: { token: string };
  let sheet: ParcelSheet;
  const call = <E extends EndpointSpec>(
    endpoint: E,
    body?: BodyIn<E>,
    token = staff,
    params?: Record<string, string>,
  ) => server.client().call(endpoint, body, { token, params });
  const send = (endpoint: EndpointSpec, body: unknown, token = staff) =>
    server.client().request(endpoint.method, pathOf(endpoint), { body, token });
  const groupId = (name: string) => sheet.sieveGroups.find((group) => group.name === name)?.id as string;
  const bandId = (name: string) => sheet.qualityBands.find((band) => band.name === name)?.id as string;
  /** A full sheet: dearer for bigger sizes and better bands. */
  const fullSheet = (base: number) =>
    sheet.sieveGroups.flatMap((group, row) =>
      sheet.qualityBands.map((band, column) => ({
        sieveGroupId: group.id,
        qualityBandId: band.id,
        pricePerCarat: base + row * 100 - column * 10,
      })),
    );
  const fetchFile = async (endpoint: EndpointSpec, body: unknown) => {
    const response = await fetch(`${server.url}/${pathOf(endpoint)}`, {
      method: 'POST',
      headers: { authorization: `JWT ${staff}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      bytes: await response.arrayBuffer(),
    };
  };
  const upload = async (bytes: ArrayBuffer | Uint8Array, token = staff) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), 'prices.xlsx');
    const response = await fetch(`${server.url}/${pathOf(P.import)}`, {
      method: 'POST',
      body: form,
      headers: { authorization: `JWT ${token}` },
    });
    return {
      status: response.status,
      body: (await response.json()) as {
        code: string;
        message: string;
        data: { cells: { sieveGroupId: string; qualityBandId: string; pricePerCarat: number }[] };
        errors?: { field: string; message: string }[];
      },
    };
  };

  beforeAll(async () => {
    server = await startServer();
    staff = await adminToken(server, server.client());
    const company = await companyViaApi(server, staff, 'Surat Melee House');
    anna = await customerViaApi(server, staff, company.id, ['parcel', 'parcelOrder']);
    const pendingCompany = await companyViaApi(server, staff, 'Unapproved Melee', { approved: false });
    bram = await customerViaApi(server, staff, pendingCompany.id, ['parcel', 'parcelOrder']);
    clerk = await userWithRole(server, staff, USER_TYPES.EMPLOYEE, 'admin', []);
    const empty = await call(P.paginate, { date: today() });
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    sheet = empty.body.data;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('seeds the seven sieve groups of the domain reference and the quality bands, in order', () => {
    expect(sheet.sieveGroups.map((group) => group.name)).toEqual([
      '-2',
      'Stars',
      'Melee',
      '+11',
      '+14',
      '1/5',
      '1/4',
    ]);
    expect(sheet.sieveGroups.find((group) => group.name === 'Melee')).toMatchObject({
      fromSieve: '+6.5',
      toSieve: '-11',
      fromCarat: 0.021,
      toCarat: 0.07,
    });
    expect(sheet.qualityBands.length).toBeGreaterThanOrEqual(5);
    expect(sheet.qualityBands[0]?.name).toBe('D-F IF-VVS');
    expect(sheet.exists).toBe(false);
    expect(sheet.cells).toHaveLength(sheet.sieveGroups.length * sheet.qualityBands.length);
    expect(sheet.cells.every((cell) => cell.pricePerCarat === null)).toBe(true);
  });

  it('saves sheets, lists their dates, reads a sheet against the one before, and a cell over time', async () => {
    const first = await call(P.upsert, { date: daysAgo(14), prices: fullSheet(400) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ date: daysAgo(14), cells: fullSheet(400).length });
    const prices = fullSheet(400);
    const changedCell = prices.find(
      (cell) => cell.sieveGroupId === groupId('Melee') && cell.qualityBandId === bandId('G-H SI'),
    );
    if (changedCell) changedCell.pricePerCarat = 555.5;
    const second = await call(P.upsert, { date: today(), prices });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    // A new date changes every cell it prices; a save of the same date counts what it changed there.
    expect(second.body.data.changed).toBe(prices.length);
    const resaved = await call(P.upsert, {
      date: today(),
      prices: prices.map((entry) => (entry === changedCell ? { ...entry, pricePerCarat: 555.5 } : entry)),
    });
    expect(resaved.body.data.changed).toBe(0);

    const dates = await call(P.getDates, {});
    expect(dates.status).toBe(200);
    expect(dates.body.data.map((entry) => entry.date).slice(0, 2)).toEqual([today(), daysAgo(14)]);
    expect(dates.body.data[0]?.cells).toBe(prices.length);
    expect(dates.body.data[0]?.updatedByName).toBeTruthy();

    const read = await call(P.paginate, { date: today() });
    expect(read.status).toBe(200);
    expect(read.body.data.exists).toBe(true);
    expect(read.body.data.previousDate).toBe(daysAgo(14));
    const cell = read.body.data.cells.find(
      (entry) => entry.sieveGroupId === groupId('Melee') && entry.qualityBandId === bandId('G-H SI'),
    );
    expect(cell).toMatchObject({ pricePerCarat: 555.5, previousPricePerCarat: 400 + 2 * 100 - 3 * 10 });

    const history = await call(P.history, {
      sieveGroupId: groupId('Melee'),
      qualityBandId: bandId('G-H SI'),
    });
    expect(history.status).toBe(200);
    expect(history.body.data).toMatchObject({
      sieveGroupName: 'Melee',
      qualityBandName: 'G-H SI',
      points: [
        { date: daysAgo(14), pricePerCarat: 570 },
        { date: today(), pricePerCarat: 555.5 },
      ],
    });

    const trail = await call(AUDIT_ENDPOINTS.paginate, {
      page: 1,
      limit: 20,
      filter: { entityType: 'parcelPriceSheet' },
    } as never);
    expect(trail.status, JSON.stringify(trail.body)).toBe(200);
    expect(JSON.stringify(trail.body.data)).toContain(`"changed":${prices.length}`);
  });

  it('removes the cells a save leaves out, and refuses bad sheets with field messages, changing nothing', async () => {
    const date = daysAgo(7);
    const all = fullSheet(300);
    expect((await call(P.upsert, { date, prices: all })).status).toBe(200);
    const fewer = all.slice(0, 5);
    expect((await call(P.upsert, { date, prices: fewer })).status).toBe(200);
    const read = await call(P.paginate, { date });
    expect(read.body.data.cells.filter((cell) => cell.pricePerCarat !== null)).toHaveLength(5);

    const [cell] = fewer;
    if (!cell) throw new Error('no cell');
    const refusals: [unknown, string, string][] = [
      [{ date, prices: [cell, { ...cell }] }, 'prices.1', M.duplicateCell],
      [{ date, prices: [{ ...cell, pricePerCarat: -1 }] }, 'prices.0.pricePerCarat', M.negativePrice],
      [
        { date, prices: [{ ...cell, sieveGroupId: crypto.randomUUID() }] },
        'prices.0.sieveGroupId',
        M.unknownSieveGroup,
      ],
      [{ date, prices: [{ ...cell, qualityBandId: 'x' }] }, 'prices.0.qualityBandId', M.unknownQualityBand],
      [{ date: '0000-01-01', prices: [cell] }, 'date', M.chooseDate],
      [{ date, prices: [{ ...cell, pricePerCarat: '12' }] }, 'prices.0.pricePerCarat', M.negativePrice],
      [{ date, prices: null }, 'prices', ''],
      [{ date: null, prices: [cell] }, 'date', M.chooseDate],
    ];
    for (const [body, field, message] of refusals) {
      const refused = await send(P.upsert, body);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      const error = refused.body.errors?.find((entry) => entry.field === field);
      expect(error, `${field}: ${JSON.stringify(refused.body)}`).toBeDefined();
      if (message) expect(error?.message).toBe(message);
    }
    const after = await call(P.paginate, { date });
    expect(after.body.data.cells.filter((entry) => entry.pricePerCarat !== null)).toHaveLength(5);

    // Saved empty, the date has no sheet any more.
    const emptied = await call(P.upsert, { date, prices: [] });
    expect(emptied.body.data).toMatchObject({ cells: 0, changed: 5 });
    const dates = await call(P.getDates, {});
    expect(dates.body.data.map((entry) => entry.date)).not.toContain(date);
  });

  it('keeps parallel saves of one date whole: the sheet is one of them, not a mix', async () => {
    const date = daysAgo(3);
    const saves = await Promise.all([
      call(P.upsert, { date, prices: fullSheet(100) }),
      call(P.upsert, { date, prices: fullSheet(200) }),
      call(P.upsert, { date, prices: fullSheet(300) }),
    ]);
    for (const save of saves) expect(save.status, JSON.stringify(save.body)).toBe(200);
    const read = await call(P.paginate, { date });
    const bases = new Set(
      read.body.data.cells.map((cell) => {
        const row = sheet.sieveGroups.findIndex((group) => group.id === cell.sieveGroupId);
        const column = sheet.qualityBands.findIndex((band) => band.id === cell.qualityBandId);
        return (cell.pricePerCarat ?? 0) - row * 100 + column * 10;
      }),
    );
    expect(bases.size).toBe(1);
  });

  it('exports a sheet as XLSX that imports back to the same prices, and names bad cells', async () => {
    const file = await fetchFile(P.export, { date: today() });
    expect(file.status).toBe(200);
    expect(file.type).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes);
    const worksheet = workbook.worksheets[0];
    if (!worksheet) throw new Error('no sheet');
    expect(String(worksheet.getCell('A1').value)).toContain('Parcel prices');
    expect(worksheet.getCell('A2').value).toBe('Sieve group');
    expect(worksheet.getCell('B2').value).toBe('D-F IF-VVS');
    expect(worksheet.getCell('A5').value).toBe('Melee');
    expect(worksheet.getCell('E5').value).toBe(555.5);

    const back = await upload(file.bytes);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const today_ = await call(P.paginate, { date: today() });
    const expected = today_.body.data.cells
      .filter((cell) => cell.pricePerCarat !== null)
      .map(({ sieveGroupId, qualityBandId, pricePerCarat }) => ({
        sieveGroupId,
        qualityBandId,
        pricePerCarat,
      }));
    expect(back.body.data.cells).toEqual(expect.arrayContaining(expected));
    expect(back.body.data.cells).toHaveLength(expected.length);

    // Spaces and case in names are forgiven; an unknown size and a bad number are named by cell.
    worksheet.getCell('A5').value = '  melee ';
    worksheet.getCell('B2').value = 'd-f  if-vvs';
    const forgiving = await upload(await workbook.xlsx.writeBuffer());
    expect(forgiving.status, JSON.stringify(forgiving.body)).toBe(200);
    worksheet.getCell('C4').value = 'cheap';
    const badNumber = await upload(await workbook.xlsx.writeBuffer());
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.message).toBe(M.badNumber('C4'));
    worksheet.getCell('C4').value = 10;
    worksheet.getCell('A6').value = '+99';
    const badRow = await upload(await workbook.xlsx.writeBuffer());
    expect(badRow.status).toBe(400);
    expect(badRow.body.message).toBe(M.unknownRow('A6', '+99'));
    const notXlsx = await upload(new TextEncoder().encode('not a workbook'));
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.errors?.[0]?.field).toBe('file');
  });

  it('refuses hostile import files by the file field, never a 500', async () => {
    const parts = await stockWorkbookParts();
    const row = '<row><c t="inlineStr"><is><t>Melee</t></is></c><c><v>1</v></c></row>';
    // About 200 MB of rows unpacked from a few hundred kilobytes, the size declared honestly.
    const times = Math.floor((200 * 1024 * 1024) / row.length);
    const sheetXml = repeatedDeflate(SHEET_HEAD, row, times, SHEET_TAIL);
    const bomb = await zipOf(parts, {
      'xl/worksheets/sheet1.xml': {
        data: sheetXml,
        declaredSize: SHEET_HEAD.length + row.length * times + SHEET_TAIL.length,
      },
    });
    expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024);
    const refused = await upload(bomb);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.errors?.[0]?.field).toBe('file');
    const tooLarge = await upload(new Uint8Array(3 * 1024 * 1024));
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toBe(M.fileTooLarge);
    const withoutFile = await fetch(`${server.url}/${pathOf(P.import)}`, {
      method: 'POST',
      body: new FormData(),
      headers: { authorization: `JWT ${staff}` },
    });
    expect(withoutFile.status).toBe(400);
  });

  it("prices a customer's order from today's sheet, and staff see, export and finish it; the customer is told", async () => {
    await server.client().post(
      resourcePaths(notificationSettingResource).create,
      {
        action: 'order-status',
        title: 'Order',
        template: '',
        email: true,
        inApp: true,
        push: false,
        isActive: true,
      },
      staff,
    );
    const current = await call(C.currentPrices, {}, anna.token);
    expect(current.status, JSON.stringify(current.body)).toBe(200);
    expect(current.body.data?.date).toBe(today());

    const placed = await call(
      C.orderCreate,
      {
        lines: [
          { sieveGroupId: groupId('Melee'), qualityBandId: bandId('G-H SI'), carats: 10.5 },
          { sieveGroupId: groupId('+11'), qualityBandId: bandId('D-F IF-VVS'), pieces: 120 },
        ],
        notes: 'For a tennis bracelet.',
      },
      anna.token,
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = placed.body.data;
    expect(order.orderNumber).toMatch(/^PO-\d{6}$/);
    expect(order).toMatchObject({
      status: PARCEL_ORDER_STATUSES.pending,
      orderDate: today(),
      priceDate: today(),
    });
    expect(order.lines[0]).toMatchObject({
      sieveGroupName: 'Melee',
      qualityBandName: 'G-H SI',
      pricePerCarat: 555.5,
      amount: 5832.75,
    });
    expect(order.lines[1]).toMatchObject({ pieces: 120, carats: null, amount: null, pricePerCarat: 700 });
    expect(order).toMatchObject({ totalAmount: 5832.75, totalCarats: 10.5, totalPieces: 120, lineCount: 2 });

    const list = await call(O.paginate, {
      page: 1,
      limit: 10,
      filter: { status: 1 },
      search: order.orderNumber,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.list).toHaveLength(1);
    expect(list.body.data.list[0]).toMatchObject({
      userName: anna.user.name,
      accountName: 'Surat Melee House',
      lineCount: 2,
    });
    const opened = await call(O.get, undefined, staff, { id: order.id });
    expect(opened.status).toBe(200);
    expect(opened.body.data.lines).toHaveLength(2);

    const file = await fetchFile(O.export, { filter: { status: 1 } });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes);
    const rows = workbook.worksheets[0]?.getSheetValues() ?? [];
    expect(JSON.stringify(rows)).toContain(order.orderNumber);

    server.mailbox.unread();
    const done = await call(
      O.updateStatus,
      { status: PARCEL_ORDER_STATUSES.done, remarks: 'Shipped today.' },
      staff,
      { id: order.id },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.data).toMatchObject({ status: 2 });
    expect(done.body.data.statusChangedByName).toBeTruthy();
    const mail = await server.mailbox.next(8000);
    expect(mail.text).toContain(order.orderNumber);
    expect(mail.to).toContain(anna.user.username);

    const again = await call(O.updateStatus, { status: PARCEL_ORDER_STATUSES.cancelled }, staff, {
      id: order.id,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.orderClosed);

    const own = await call(C.orderPaginate, { page: 1, limit: 10 }, anna.token);
    expect(own.status).toBe(200);
    expect(own.body.data.list.map((entry) => entry.id)).toContain(order.id);
    expect(own.body.data.list[0]?.lines.length).toBeGreaterThan(0);
  });

  it('lets one of two parallel status moves win', async () => {
    const placed = await call(
      C.orderCreate,
      { lines: [{ sieveGroupId: groupId('Stars'), qualityBandId: bandId('G-H SI'), carats: 2 }] },
      anna.token,
    );
    expect(placed.status).toBe(200);
    const moves = await Promise.all([
      call(O.updateStatus, { status: 2 }, staff, { id: placed.body.data.id }),
      call(O.updateStatus, { status: 3 }, staff, { id: placed.body.data.id }),
    ]);
    expect(moves.map((move) => move.status).sort()).toEqual([200, 409]);
    // The database itself keeps a line from having neither pieces nor carats.
    await expect(
      server.database.db.insert(parcelOrderLines).values({
        orderId: placed.body.data.id,
        position: 9,
        sieveGroupId: groupId('Stars'),
        qualityBandId: bandId('G-H SI'),
        pieces: null,
        carats: null,
        pricePerCarat: 1,
      }),
    ).rejects.toThrow();
  });

  it('refuses bad orders with field messages and stores nothing', async () => {
    const before = await call(O.paginate, { page: 1, limit: 1 });
    const line = { sieveGroupId: groupId('Melee'), qualityBandId: bandId('G-H SI') };
    const refusals: [unknown, string][] = [
      [{ lines: [line] }, 'lines.0.pieces'],
      [{ lines: [] }, 'lines'],
      [{ lines: [{ ...line, carats: -1 }] }, 'lines.0.carats'],
      [{ lines: [{ ...line, pieces: 1.5 }] }, 'lines.0.pieces'],
      [{ lines: [{ ...line, sieveGroupId: crypto.randomUUID(), carats: 1 }] }, 'lines.0.sieveGroupId'],
      [{ lines: null }, 'lines'],
      [{ lines: [{ ...line, carats: '1' }] }, 'lines.0.carats'],
    ];
    for (const [body, field] of refusals) {
      const refused = await send(C.orderCreate, body, anna.token);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(
        refused.body.errors?.map((error) => error.field),
        JSON.stringify(refused.body),
      ).toContain(field);
    }
    const neither = await send(C.orderCreate, { lines: [line] }, anna.token);
    expect(neither.body.errors?.[0]?.message).toBe(M.lineEmpty);
    const after = await call(O.paginate, { page: 1, limit: 1 });
    expect(after.body.data.count).toBe(before.body.data.count);
    const badStatus = await call(O.updateStatus, { status: 1 } as never, staff, { id: crypto.randomUUID() });
    expect(badStatus.status).toBe(400);
    const unknown = await call(O.updateStatus, { status: 2 }, staff, { id: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    const notAnId = await call(O.get, undefined, staff, { id: 'nope' });
    expect(notAnId.status).toBe(404);
  });

  it('refuses a customer of an unapproved company, and staff without the parcel modules', async () => {
    const line = { sieveGroupId: groupId('Melee'), qualityBandId: bandId('G-H SI'), carats: 1 };
    const refused = await call(C.orderCreate, { lines: [line] }, bram.token);
    expect(refused.status).toBe(403);
    expect((await call(C.currentPrices, {}, bram.token)).status).toBe(403);

    for (const [endpoint, body] of [
      [P.getDates, {}],
      [P.paginate, { date: today() }],
      [P.upsert, { date: today(), prices: [] }],
      [O.paginate, { page: 1, limit: 10 }],
    ] as const) {
      const denied = await send(endpoint, body, clerk.token);
      expect(denied.status, endpoint.path).toBe(403);
    }
    expect((await call(C.orderCreate, { lines: [line] }, staff)).status).toBe(403);
  });
});
