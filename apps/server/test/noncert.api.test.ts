import {
  ADMIN_MODULE_BY_NAME,
  type AuditEntry,
  type CriteriaRowPayload,
  MASTER_ENDPOINTS,
  NONCERT_ENDPOINTS,
  nonCertDiamondResource,
  nonCertResource,
  type PaginateResult,
  pathOf,
  type ResourceRecord,
  resourcePaths,
  sizeResource,
  USER_TYPES,
} from '@facet/contract';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nonCertCriteria } from '../src/noncert/criteria-table.ts';
import { auditLogs } from '../src/resources/audit-table.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { unique, userWithRole } from './user-admin.ts';

const lots = resourcePaths(nonCertResource);
const diamonds = resourcePaths(nonCertDiamondResource);
const NONCERT_MODULE_ID = ADMIN_MODULE_BY_NAME.get('NonCert')?.id as number;
const BANNER_MODULE_ID = ADMIN_MODULE_BY_NAME.get('Banner')?.id as number;
const MISSING = '00000000-0000-4000-8000-000000000000';

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

type Page = PaginateResult<ResourceRecord> & { nonCert?: { id: string; number: string } };

/**
 * Non-certified goods over real HTTP: lots (`admin/cert/*`), their toggle, their criteria saved as one
 * set and exported, their stones (`admin/details/*`), the permissions and hostile bodies, on both
 * databases.
 */
describe.skipIf(!(await databaseAvailable()))('non-certified goods', () => {
  let server: TestServer;
  let token: string;
  const masters = new Map<string, string>();
  const sizes = new Map<string, string>();
  const client = () => server.client();
  const post = <T = ResourceRecord>(path: string, body: unknown, as = token) =>
    client().post<T>(path, body, as);
  const get = <T = ResourceRecord>(path: string, as = token) => client().get<T>(path, as);
  const put = <T = ResourceRecord>(path: string, body: unknown, as = token) =>
    client().request<T>('PUT', path, { body, token: as });
  const master = (code: string, name: string) => {
    const id = masters.get(`${code}:${name}`);
    if (!id) throw new Error(`no ${code} value ${name}`);
    return id;
  };
  const size = (name: string) => {
    const id = sizes.get(name);
    if (!id) throw new Error(`no size ${name}`);
    return id;
  };

  async function createLot(fields: Record<string, unknown> = {}): Promise<ResourceRecord> {
    const created = await post(lots.create, {
      number: unique('NC-'),
      name: 'Melee parcel, Surat',
      date: '2026-05-04',
      ...fields,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data;
  }

  const criteriaCount = async (lotId: string) =>
    (
      await server.database.db
        .select({ n: count() })
        .from(nonCertCriteria)
        .where(eq(nonCertCriteria.nonCertId, lotId))
    )[0]?.n;
  const auditCount = async () => (await server.database.db.select({ n: count() }).from(auditLogs))[0]?.n;

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, client());
    const byCode = await client().call(
      MASTER_ENDPOINTS.listByCode,
      { code: ['SHAPE', 'COLOR', 'CLARITY', 'CUT'] },
      { token },
    );
    for (const [code, values] of Object.entries(byCode.body.data)) {
      for (const value of values) masters.set(`${code}:${value.name}`, value.id);
    }
    const brackets = await post<PaginateResult<ResourceRecord>>(resourcePaths(sizeResource).paginate, {
      limit: 100,
    });
    for (const row of brackets.body.data.list) sizes.set(String(row.name), row.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('lots (admin/cert)', () => {
    it('creates, views, updates, lists and deletes a lot, each change in its history', async () => {
      const number = unique('NC-2026-');
      const created = await post(lots.create, {
        number,
        name: 'Cape goods',
        shapeId: master('SHAPE', 'Round'),
        date: '2026-05-04',
        description: 'Mixed round melee from the Surat office.',
        gradingNote: 'Graded under daylight lamp against the house master set.',
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const lot = created.body.data;
      expect(lot).toMatchObject({ number, name: 'Cape goods', shapeTitle: 'Round', isActive: true });
      expect(lot.totalCarats).toBeNull();

      const viewed = await client().call(NONCERT_ENDPOINTS.view, undefined, {
        token,
        params: { id: lot.id },
      });
      expect(viewed.status).toBe(200);
      expect(viewed.body.data).toEqual((await get(lots.byId(lot.id))).body.data);

      const updated = await put(lots.byId(lot.id), { name: 'Cape goods, resorted' });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body.data.name).toBe('Cape goods, resorted');

      const listed = await post<Page>(lots.paginate, { search: number });
      expect(listed.body.data.list.map((row) => row.id)).toEqual([lot.id]);

      const duplicate = await post(lots.create, { number: number.toLowerCase(), name: 'Copy' });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.code).toBe('E_CONFLICT');

      const history = await get<AuditEntry[]>(lots.history(lot.id));
      expect(history.body.data.map((entry) => entry.action)).toEqual(['nonCert.update', 'nonCert.create']);

      expect((await client().request('DELETE', lots.byId(lot.id), { token })).status).toBe(200);
      expect(
        (await client().call(NONCERT_ENDPOINTS.view, undefined, { token, params: { id: lot.id } })).status,
      ).toBe(404);
    });

    it('refuses totals written by a client, and an unknown or malformed lot', async () => {
      const refused = await post(lots.create, { number: unique('NC-'), name: 'X', totalCarats: 99 });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('E_BAD_REQUEST');
      expect(
        (await client().call(NONCERT_ENDPOINTS.view, undefined, { token, params: { id: MISSING } })).status,
      ).toBe(404);
      expect(
        (await client().call(NONCERT_ENDPOINTS.view, undefined, { token, params: { id: 'not-a-uuid' } })).body
          .code,
      ).toBe('E_NOT_FOUND');
    });

    it('toggles a lot through admin/noncert/toggle, recorded in its history', async () => {
      const lot = await createLot();
      const off = await client().call(NONCERT_ENDPOINTS.toggle, { id: lot.id, isActive: false }, { token });
      expect(off.status, JSON.stringify(off.body)).toBe(200);
      expect(off.body.message).toBe('Lot deactivated.');
      expect(off.body.data.isActive).toBe(false);
      const listed = await post<Page>(lots.paginate, { filter: { isActive: false }, limit: 500 });
      expect(listed.body.data.list.map((row) => row.id)).toContain(lot.id);

      const on = await client().call(NONCERT_ENDPOINTS.toggle, { id: lot.id, isActive: true }, { token });
      expect(on.body.data.isActive).toBe(true);
      const history = await get<AuditEntry[]>(lots.history(lot.id));
      const statuses = history.body.data.filter((entry) => entry.action === 'nonCert.status');
      expect(statuses.map((entry) => entry.after)).toEqual([{ isActive: true }, { isActive: false }]);

      expect(
        (await client().call(NONCERT_ENDPOINTS.toggle, { id: MISSING, isActive: false }, { token })).status,
      ).toBe(404);
    });

    it('refuses hostile toggle bodies and changes nothing', async () => {
      const lot = await createLot();
      const before = await auditCount();
      for (const hostile of [
        {},
        { id: 'x', isActive: false },
        { id: lot.id, isActive: 'false' },
        { id: lot.id, isActive: 0 },
        { id: lot.id, isActive: false, name: 'renamed' },
        { id: [lot.id], isActive: false },
        { id: { $ne: null }, isActive: false },
      ]) {
        const response = await post(pathOf(NONCERT_ENDPOINTS.toggle), hostile);
        expect(response.status, JSON.stringify(hostile)).toBe(400);
        expect(response.body.code).toBe('E_BAD_REQUEST');
      }
      expect((await get(lots.byId(lot.id))).body.data).toEqual(lot);
      expect(await auditCount()).toBe(before);
    });
  });

  describe('criteria', () => {
    /** Three bands: a carat range, a size bracket priced by its total, and one without grades. */
    const bands = (): CriteriaRowPayload[] => [
      {
        shapeId: master('SHAPE', 'Round'),
        caratFrom: 0.3,
        caratTo: 0.39,
        colorFromId: master('COLOR', 'D'),
        colorToId: master('COLOR', 'F'),
        clarityFromId: master('CLARITY', 'VS1'),
        clarityToId: master('CLARITY', 'VS2'),
        pieces: 10,
        carats: 3.456,
        pricePerCarat: 1250,
        remarks: 'Top colours',
      },
      {
        shapeId: master('SHAPE', 'Pear'),
        sizeId: size('0.50-0.69'),
        colorFromId: master('COLOR', 'G'),
        clarityFromId: master('CLARITY', 'SI1'),
        clarityToId: master('CLARITY', 'SI2'),
        pieces: 4,
        carats: 2.345,
        amount: 2000,
      },
      {
        shapeId: master('SHAPE', 'Oval'),
        caratFrom: 1,
        caratTo: 1.49,
        carats: 5.5,
        pricePerCarat: 3100.5,
      },
    ];

    it('saves a set with its prices by the rule, answers it, and sets the lot totals', async () => {
      const lot = await createLot();
      const saved = await client().call(
        NONCERT_ENDPOINTS.criteriaCreate,
        {
          nonCertId: lot.id,
          criteria: bands(),
        },
        { token },
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.message).toBe('Criteria saved.');

      // 2000 / 2.345 = 852.878...: the price per carat to the cent, then the amount it makes.
      const pearPrice = round(2000 / 2.345, 2);
      expect(pearPrice).toBe(852.88);
      const amounts = [4320, round(pearPrice * 2.345, 2), 17_052.75];
      expect(amounts[1]).toBe(2000);
      const view = await client().call(NONCERT_ENDPOINTS.criteriaView, undefined, {
        token,
        params: { id: lot.id },
      });
      expect(view.status).toBe(200);
      expect(view.body.data).toEqual(saved.body.data);
      const { criteria, totals, nonCert } = view.body.data;
      expect(nonCert).toEqual({ id: lot.id, number: lot.number, name: lot.name, isActive: true });
      expect(criteria).toMatchObject([
        {
          lineNumber: 1,
          shapeTitle: 'Round',
          sizeId: null,
          caratFrom: 0.3,
          caratTo: 0.39,
          colorFromTitle: 'D',
          colorToTitle: 'F',
          clarityFromTitle: 'VS1',
          clarityToTitle: 'VS2',
          pieces: 10,
          carats: 3.456,
          pricePerCarat: 1250,
          amount: 4320,
          remarks: 'Top colours',
        },
        {
          lineNumber: 2,
          shapeTitle: 'Pear',
          sizeTitle: '0.50-0.69',
          caratFrom: 0.5,
          caratTo: 0.69,
          // A one-grade range is stored with both ends.
          colorFromTitle: 'G',
          colorToTitle: 'G',
          clarityFromTitle: 'SI1',
          clarityToTitle: 'SI2',
          pieces: 4,
          carats: 2.345,
          pricePerCarat: pearPrice,
          amount: amounts[1],
          remarks: null,
        },
        {
          lineNumber: 3,
          shapeTitle: 'Oval',
          caratFrom: 1,
          caratTo: 1.49,
          colorFromId: null,
          clarityFromId: null,
          pieces: null,
          carats: 5.5,
          pricePerCarat: 3100.5,
          amount: 17_052.75,
        },
      ]);
      const carats = round(3.456 + 2.345 + 5.5, 3);
      const amount = round(4320 + 2000 + 17_052.75, 2);
      expect(totals).toEqual({
        pieces: 14,
        carats,
        amount,
        averagePricePerCarat: round(amount / carats, 2),
      });
      expect(totals).toEqual({ pieces: 14, carats: 11.301, amount: 23_372.75, averagePricePerCarat: 2068.2 });

      const stored = (await get(lots.byId(lot.id))).body.data;
      expect(stored).toMatchObject({ totalPieces: 14, totalCarats: 11.301, totalAmount: 23_372.75 });
      const history = await get<AuditEntry[]>(lots.history(lot.id));
      const [entry] = history.body.data;
      expect(entry?.action).toBe('nonCert.criteria');
      expect(entry?.after?.criteria).toEqual([
        'Round 0.30-0.39 D-F VS1-VS2: 10 pcs 3.456 ct × USD 1,250.00 = USD 4,320.00',
        'Pear 0.50-0.69 G SI1-SI2: 4 pcs 2.345 ct × USD 852.88 = USD 2,000.00',
        'Oval 1.00-1.49: 5.50 ct × USD 3,100.50 = USD 17,052.75',
      ]);
      expect(entry?.after).toMatchObject({ totalPieces: 14, totalCarats: 11.301, totalAmount: 23_372.75 });
    });

    it('replaces the whole set on the next save, and empties it', async () => {
      const lot = await createLot();
      await client().call(
        NONCERT_ENDPOINTS.criteriaCreate,
        { nonCertId: lot.id, criteria: bands() },
        { token },
      );
      const [, , oval] = bands();
      const replaced = await client().call(
        NONCERT_ENDPOINTS.criteriaCreate,
        {
          nonCertId: lot.id,
          criteria: [{ ...oval, pricePerCarat: 3000 }],
        },
        { token },
      );
      expect(replaced.status).toBe(200);
      expect(replaced.body.data.criteria).toHaveLength(1);
      expect(replaced.body.data.criteria[0]).toMatchObject({ lineNumber: 1, amount: 16_500 });
      expect(await criteriaCount(lot.id)).toBe(1);
      expect((await get(lots.byId(lot.id))).body.data).toMatchObject({
        totalPieces: null,
        totalCarats: 5.5,
        totalAmount: 16_500,
      });

      const emptied = await client().call(
        NONCERT_ENDPOINTS.criteriaCreate,
        {
          nonCertId: lot.id,
          criteria: [],
        },
        { token },
      );
      expect(emptied.body.data).toMatchObject({
        criteria: [],
        totals: { pieces: null, carats: 0, amount: 0, averagePricePerCarat: null },
      });
      expect(await criteriaCount(lot.id)).toBe(0);
    });

    it('refuses a set with one bad row, naming the row, and keeps the stored set', async () => {
      const lot = await createLot();
      await client().call(
        NONCERT_ENDPOINTS.criteriaCreate,
        { nonCertId: lot.id, criteria: bands() },
        { token },
      );
      const stored = (
        await client().call(NONCERT_ENDPOINTS.criteriaView, undefined, { token, params: { id: lot.id } })
      ).body.data;
      const storedLot = (await get(lots.byId(lot.id))).body.data;
      const before = await auditCount();
      const [round_, pear, oval] = bands() as [CriteriaRowPayload, CriteriaRowPayload, CriteriaRowPayload];

      const cases: [CriteriaRowPayload[], string, string][] = [
        // Checked by the contract's schema.
        [
          [round_, { ...pear, sizeId: null, caratFrom: 0.69, caratTo: 0.5 }],
          'criteria.1.caratTo',
          'Row 2: Carat to must not be below carat from.',
        ],
        [
          [round_, pear, { ...oval, caratFrom: null, caratTo: null }],
          'criteria.2.caratFrom',
          'Row 3: Enter a carat range or choose a size.',
        ],
        [
          [{ ...round_, pricePerCarat: null }],
          'criteria.0.pricePerCarat',
          'Row 1: Enter a price per carat or an amount.',
        ],
        [
          [{ ...round_, carats: 5 }],
          'criteria.0.carats',
          'Row 1: 5.000 ct in 10 pieces averages 0.500 ct, outside 0.3-0.39 ct.',
        ],
        [
          [{ ...round_, colorFromId: null }],
          'criteria.0.colorFromId',
          'Row 1: Choose the color the range starts from.',
        ],
        [
          [round_, { ...pear, carats: -1 }],
          'criteria.1.carats',
          'Row 2: Enter carats between 0.001 and 1000000.',
        ],
        // Checked against the masters and sizes.
        [
          [round_, pear, { ...oval, colorFromId: master('COLOR', 'F'), colorToId: master('COLOR', 'D') }],
          'criteria.2.colorToId',
          'Row 3: The color range must run from the better grade to the lower one (D-F, not F-D).',
        ],
        [
          [{ ...round_, clarityFromId: master('CLARITY', 'SI2'), clarityToId: master('CLARITY', 'VVS1') }],
          'criteria.0.clarityToId',
          'Row 1: The clarity range must run from the better grade to the lower one (VVS1-VS2, not VS2-VVS1).',
        ],
        [
          [round_, { ...pear, shapeId: master('COLOR', 'D') }],
          'criteria.1.shapeId',
          'Row 2: Choose a shape from the list.',
        ],
        [[round_, { ...pear, sizeId: MISSING }], 'criteria.1.sizeId', 'Row 2: Choose a size from the list.'],
        [
          [round_, { ...pear, carats: 4.5 }],
          'criteria.1.carats',
          'Row 2: 4.500 ct in 4 pieces averages 1.125 ct, outside 0.5-0.69 ct.',
        ],
      ];
      for (const [rows, field, message] of cases) {
        const refused = await client().call(
          NONCERT_ENDPOINTS.criteriaCreate,
          { nonCertId: lot.id, criteria: rows },
          { token },
        );
        expect(refused.status, field).toBe(400);
        expect(refused.body.code).toBe('E_BAD_REQUEST');
        expect(refused.body.message).toBe(message);
        expect(refused.body.errors).toContainEqual({ field, message });
      }

      // Every bad row is named at once.
      const two = await client().call(
        NONCERT_ENDPOINTS.criteriaCreate,
        {
          nonCertId: lot.id,
          criteria: [
            { ...round_, pricePerCarat: null },
            pear,
            { ...oval, shapeId: master('CUT', 'Excellent') },
          ],
        },
        { token },
      );
      expect(two.body.errors?.map((error) => error.field)).toEqual(['criteria.0.pricePerCarat']);
      const both = await client().call(
        NONCERT_ENDPOINTS.criteriaCreate,
        {
          nonCertId: lot.id,
          criteria: [
            { ...round_, colorToId: master('COLOR', 'D'), colorFromId: master('COLOR', 'E') },
            pear,
            { ...oval, shapeId: master('CUT', 'Excellent') },
          ],
        },
        { token },
      );
      expect(both.body.errors?.map((error) => error.field)).toEqual([
        'criteria.0.colorToId',
        'criteria.2.shapeId',
      ]);

      expect(
        (await client().call(NONCERT_ENDPOINTS.criteriaView, undefined, { token, params: { id: lot.id } }))
          .body.data,
      ).toEqual(stored);
      expect((await get(lots.byId(lot.id))).body.data).toEqual(storedLot);
      expect(await auditCount()).toBe(before);
    });

    it('refuses hostile criteria bodies and an unknown lot, and changes nothing', async () => {
      const lot = await createLot();
      await client().call(
        NONCERT_ENDPOINTS.criteriaCreate,
        { nonCertId: lot.id, criteria: bands() },
        { token },
      );
      const stored = (
        await client().call(NONCERT_ENDPOINTS.criteriaView, undefined, { token, params: { id: lot.id } })
      ).body.data;
      const before = await auditCount();
      const [good] = bands() as [CriteriaRowPayload];
      for (const hostile of [
        {},
        { nonCertId: lot.id },
        { nonCertId: "' or 1=1 --", criteria: [] },
        { nonCertId: lot.id, criteria: 'all rows' },
        { nonCertId: lot.id, criteria: [null] },
        { nonCertId: lot.id, criteria: [{ ...good, lineNumber: 1 }] },
        { nonCertId: lot.id, criteria: [{ ...good, shapeId: 'Round' }] },
        { nonCertId: lot.id, criteria: [{ ...good, carats: '3.456' }] },
        { nonCertId: lot.id, criteria: [{ ...good, pieces: 2.5 }] },
        { nonCertId: lot.id, criteria: [{ ...good, pricePerCarat: 1e9 }] },
        { nonCertId: lot.id, criteria: [{ ...good, remarks: 'x'.repeat(501) }] },
        { nonCertId: lot.id, criteria: Array.from({ length: 501 }, () => good) },
      ]) {
        const response = await post(pathOf(NONCERT_ENDPOINTS.criteriaCreate), hostile);
        expect(response.status, JSON.stringify(hostile).slice(0, 200)).toBe(400);
        expect(response.body.code).toBe('E_BAD_REQUEST');
      }
      const unknown = await client().call(
        NONCERT_ENDPOINTS.criteriaCreate,
        { nonCertId: MISSING, criteria: [good] },
        { token },
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Lot not found.');
      expect(
        (await client().call(NONCERT_ENDPOINTS.criteriaView, undefined, { token, params: { id: MISSING } }))
          .status,
      ).toBe(404);
      expect(
        (await client().call(NONCERT_ENDPOINTS.criteriaView, undefined, { token, params: { id: lot.id } }))
          .body.data,
      ).toEqual(stored);
      expect(await auditCount()).toBe(before);
    });

    it('exports the criteria as an Excel workbook and as CSV', async () => {
      const number = unique('NC/Export ');
      const lot = await createLot({ number });
      await client().call(
        NONCERT_ENDPOINTS.criteriaCreate,
        { nonCertId: lot.id, criteria: bands() },
        { token },
      );
      const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      const safe = number.replace(/[^A-Za-z0-9._-]+/g, '-');

      const xlsx = await fetch(`${server.url}/${pathOf(NONCERT_ENDPOINTS.criteriaExport, { id: lot.id })}`, {
        headers: { authorization: `JWT ${token}` },
      });
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(xlsx.headers.get('content-disposition')).toBe(
        `attachment; filename="criteria-${safe}-${today}.xlsx"`,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await xlsx.arrayBuffer()) as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      expect(sheet?.name).toBe(number.replace('/', '-'));
      const rows: unknown[][] = [];
      sheet?.eachRow((row) => {
        const values = row.values as unknown[];
        rows.push(Array.from({ length: 12 }, (_, index) => values[index + 1] ?? null));
      });
      expect(rows).toEqual([
        [
          '#',
          'Shape',
          'Size',
          'Carat from',
          'Carat to',
          'Color',
          'Clarity',
          'Pieces',
          'Carats',
          'Price/ct',
          'Amount',
          'Remarks',
        ],
        [1, 'Round', null, 0.3, 0.39, 'D-F', 'VS1-VS2', 10, 3.456, 1250, 4320, 'Top colours'],
        [2, 'Pear', '0.50-0.69', 0.5, 0.69, 'G', 'SI1-SI2', 4, 2.345, 852.88, 2000, null],
        [3, 'Oval', null, 1, 1.49, null, null, null, 5.5, 3100.5, 17_052.75, null],
        ['Total', null, null, null, null, null, null, 14, 11.301, 2068.2, 23_372.75, null],
      ]);
      // Numbers stay numbers, written as the screen writes them.
      expect(sheet?.getCell('K2').numFmt).toBe('"USD "#,##0.00');
      expect(sheet?.getCell('I2').numFmt).toBe('#,##0.00#');

      const csv = await fetch(
        `${server.url}/${pathOf(NONCERT_ENDPOINTS.criteriaExport, { id: lot.id })}?format=csv`,
        {
          headers: { authorization: `JWT ${token}` },
        },
      );
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toBe(
        `attachment; filename="criteria-${safe}-${today}.csv"`,
      );
      const lines = (await csv.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines).toEqual([
        '#,Shape,Size,Carat from,Carat to,Color,Clarity,Pieces,Carats,Price/ct,Amount,Remarks',
        '1,Round,—,0.30,0.39,D-F,VS1-VS2,10,3.456,"USD 1,250.00","USD 4,320.00",Top colours',
        '2,Pear,0.50-0.69,0.50,0.69,G,SI1-SI2,4,2.345,USD 852.88,"USD 2,000.00",—',
        '3,Oval,—,1.00,1.49,—,—,—,5.50,"USD 3,100.50","USD 17,052.75",—',
        'Total,,,,,,,14,11.301,"USD 2,068.20","USD 23,372.75",',
      ]);

      const bad = await client().call(NONCERT_ENDPOINTS.criteriaExport, undefined, {
        token,
        params: { id: lot.id },
        query: { format: 'pdf' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ code: 'E_BAD_REQUEST', errors: [{ field: 'format' }] });
      expect(
        (await client().call(NONCERT_ENDPOINTS.criteriaExport, undefined, { token, params: { id: MISSING } }))
          .status,
      ).toBe(404);
    });
  });

  describe('details (admin/details)', () => {
    it('adds, reads, updates and lists the stones of a lot, the amount kept by the rule', async () => {
      const lot = await createLot();
      const other = await createLot();
      const stone = (fields: Record<string, unknown>) =>
        post(diamonds.create, {
          nonCertId: lot.id,
          stockNumber: unique('NCD-'),
          shapeId: master('SHAPE', 'Round'),
          colorId: master('COLOR', 'E'),
          clarityId: master('CLARITY', 'VS1'),
          ...fields,
        });
      const created = await stone({ carat: 0.512, pricePerCarat: 2150 });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data.id;
      expect(created.body.data).toMatchObject({
        carat: 0.512,
        pricePerCarat: 2150,
        amount: 1100.8,
        nonCertTitle: lot.number,
      });
      expect((await stone({ carat: 1.02 })).body.data).toMatchObject({
        carat: 1.02,
        pricePerCarat: null,
        amount: null,
      });
      expect((await stone({ carat: 0.3, pricePerCarat: 900, amount: 1 })).status).toBe(400);
      await post(diamonds.create, {
        nonCertId: other.id,
        stockNumber: unique('NCD-'),
        shapeId: master('SHAPE', 'Pear'),
        carat: 0.7,
        pricePerCarat: 1000,
      });

      const read = await client().call(NONCERT_ENDPOINTS.diamond, undefined, { token, params: { id } });
      expect(read.body.data).toEqual(created.body.data);
      const recarated = await client().call(
        NONCERT_ENDPOINTS.updateDiamond,
        { carat: 0.6 },
        { token, params: { id } },
      );
      expect(recarated.status, JSON.stringify(recarated.body)).toBe(200);
      expect(recarated.body.data).toMatchObject({ carat: 0.6, pricePerCarat: 2150, amount: 1290 });
      const repriced = await client().call(
        NONCERT_ENDPOINTS.updateDiamond,
        {
          pricePerCarat: 2000.55,
          remarks: 'Slight brown',
        },
        { token, params: { id } },
      );
      expect(repriced.body.data).toMatchObject({ amount: 1200.33, remarks: 'Slight brown' });
      expect(
        (await client().call(NONCERT_ENDPOINTS.updateDiamond, { amount: 5 }, { token, params: { id } }))
          .status,
      ).toBe(400);
      expect(
        (
          await client().call(
            NONCERT_ENDPOINTS.updateDiamond,
            { carat: 1 },
            { token, params: { id: MISSING } },
          )
        ).status,
      ).toBe(404);
      const history = await get<AuditEntry[]>(diamonds.history(id));
      expect(history.body.data.map((entry) => entry.action)).toEqual([
        'nonCertDiamond.update',
        'nonCertDiamond.update',
        'nonCertDiamond.create',
      ]);

      const page = await client().call(
        NONCERT_ENDPOINTS.detailsView,
        {
          id: lot.id,
          page: 1,
          limit: 10,
          sort: { carat: 'desc' },
        },
        { token },
      );
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      expect(page.body.data.list.map((row) => row.carat)).toEqual([1.02, 0.6]);
      expect(page.body.data).toMatchObject({
        count: 2,
        totals: { stones: 2, carats: 1.62, amount: 1200.33, averagePricePerCarat: 2000.55 },
        nonCert: { id: lot.id, number: lot.number },
      });
      const searched = await client().call(
        NONCERT_ENDPOINTS.detailsView,
        {
          id: lot.id,
          search: String(created.body.data.stockNumber),
        },
        { token },
      );
      expect(searched.body.data.list.map((row) => row.id)).toEqual([id]);
      // A filter naming another lot does not reach out of this one.
      const pinned = await client().call(
        NONCERT_ENDPOINTS.detailsView,
        {
          id: lot.id,
          filter: { nonCertId: other.id },
        },
        { token },
      );
      expect(pinned.body.data.count).toBe(2);
      expect((await client().call(NONCERT_ENDPOINTS.detailsView, { id: MISSING }, { token })).status).toBe(
        404,
      );
    });

    it('refuses hostile details bodies', async () => {
      const lot = await createLot();
      for (const hostile of [
        {},
        { id: 'lot' },
        { id: lot.id, filter: { 'carat; drop table users': 1 } },
        { id: lot.id, sort: { 'created_at desc; delete from users': 'asc' } },
        { id: lot.id, limit: 1_000_000 },
        { id: lot.id, search: { $ne: null } },
      ]) {
        const response = await post(pathOf(NONCERT_ENDPOINTS.detailsView), hostile);
        expect(response.status, JSON.stringify(hostile)).toBe(400);
        expect(response.body.code).toBe('E_BAD_REQUEST');
      }
      const created = await post(diamonds.create, {
        nonCertId: lot.id,
        stockNumber: unique('NCD-'),
        shapeId: master('SHAPE', 'Round'),
        carat: 0.5,
      });
      const id = created.body.data.id;
      for (const hostile of [
        { carat: 'heavy' },
        { nonCertId: 'x' },
        { shapeId: master('COLOR', 'D') },
        { id: MISSING },
      ]) {
        const response = await put(pathOf(NONCERT_ENDPOINTS.updateDiamond, { id }), hostile);
        expect(response.status, JSON.stringify(hostile)).toBe(400);
      }
      expect(
        (await client().call(NONCERT_ENDPOINTS.diamond, undefined, { token, params: { id } })).body.data,
      ).toEqual(created.body.data);
    });
  });

  describe('permissions', () => {
    it('refuses every non-certified call without the NonCert module', async () => {
      const { token: banner } = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
        { id: BANNER_MODULE_ID, permissions: { view: true, insert: true, update: true, delete: true } },
      ]);
      const lot = await createLot();
      const calls: [string, string, unknown?][] = [
        ['POST', lots.paginate, {}],
        ['POST', lots.create, { number: unique('NC-'), name: 'X' }],
        ['PUT', lots.byId(lot.id), { name: 'X' }],
        ['GET', pathOf(NONCERT_ENDPOINTS.view, { id: lot.id })],
        ['POST', pathOf(NONCERT_ENDPOINTS.toggle), { id: lot.id, isActive: false }],
        ['POST', pathOf(NONCERT_ENDPOINTS.criteriaCreate), { nonCertId: lot.id, criteria: [] }],
        ['GET', pathOf(NONCERT_ENDPOINTS.criteriaView, { id: lot.id })],
        ['GET', pathOf(NONCERT_ENDPOINTS.criteriaExport, { id: lot.id })],
        ['POST', pathOf(NONCERT_ENDPOINTS.detailsView), { id: lot.id }],
        ['GET', pathOf(NONCERT_ENDPOINTS.diamond, { id: MISSING })],
        ['PUT', pathOf(NONCERT_ENDPOINTS.updateDiamond, { id: MISSING }), { carat: 1 }],
        ['POST', diamonds.create, {}],
      ];
      for (const [method, path, body] of calls) {
        const response = await client().request(method, path, { body, token: banner });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.code).toBe('E_FORBIDDEN');
      }
      expect((await get(lots.byId(lot.id))).body.data).toEqual(lot);
    });

    it('lets a NonCert viewer read and export, but not save criteria or toggle', async () => {
      const { token: viewer } = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
        { id: NONCERT_MODULE_ID, permissions: { view: true } },
      ]);
      const lot = await createLot();
      expect(
        (await client().call(NONCERT_ENDPOINTS.view, undefined, { token: viewer, params: { id: lot.id } }))
          .status,
      ).toBe(200);
      expect(
        (
          await client().call(NONCERT_ENDPOINTS.criteriaView, undefined, {
            token: viewer,
            params: { id: lot.id },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await client().call(NONCERT_ENDPOINTS.criteriaExport, undefined, {
            token: viewer,
            params: { id: lot.id },
          })
        ).status,
      ).toBe(200);
      expect(
        (await client().call(NONCERT_ENDPOINTS.detailsView, { id: lot.id }, { token: viewer })).status,
      ).toBe(200);
      expect(
        (
          await client().call(
            NONCERT_ENDPOINTS.criteriaCreate,
            { nonCertId: lot.id, criteria: [] },
            { token: viewer },
          )
        ).status,
      ).toBe(403);
      expect(
        (await client().call(NONCERT_ENDPOINTS.toggle, { id: lot.id, isActive: false }, { token: viewer }))
          .status,
      ).toBe(403);
      expect((await put(lots.byId(lot.id), { name: 'Renamed' }, viewer)).status).toBe(403);
    });
  });
});
