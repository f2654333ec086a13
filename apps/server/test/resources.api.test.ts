import {
  type AuditEntry,
  cityResource,
  countryResource,
  GRID_ENDPOINTS,
  type GridColumnsData,
  MASTER_ENDPOINTS,
  masterResource,
  type PaginateResult,
  RESOURCE_ENDPOINTS,
  RESOURCE_MESSAGES,
  RESOURCES,
  type ResourceRecord,
  resourcePaths,
  sizeResource,
  stateResource,
  USER_TYPES,
} from '@facet/contract';
import { eq, inArray, like } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../src/db/resource-tables.ts';
import { seedState } from '../src/db/seed-state-table.ts';
import { seedCities } from '../src/seeds/cities.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { userWithRole } from './user-admin.ts';

const country = resourcePaths(countryResource);
const state = resourcePaths(stateResource);
const city = resourcePaths(cityResource);
const size = resourcePaths(sizeResource);
const master = resourcePaths(masterResource);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Page = PaginateResult<ResourceRecord>;

/** The engine over real HTTP: master data, geography and sizes, on both databases. */
describe.skipIf(!(await databaseAvailable()))('resource engine', () => {
  let server: TestServer;
  let token: string;
  const post = <T = ResourceRecord>(path: string, body: unknown, as = token) =>
    server.client().post<T>(path, body, as);
  const page = async (path: string, body: unknown) => {
    const response = await post<Page>(path, body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  const countryByCode = async (code: string) => {
    const { list } = await page(country.paginate, { search: code, limit: 500 });
    const found = list.find((row) => row.code === code);
    if (!found) throw new Error(`no country ${code}`);
    return found;
  };

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, server.client());
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('seeds', () => {
    it('seeds the masters, carat brackets, day terms, countries and states on first start', async () => {
      const mains = await page(master.paginate, { filter: { parentId: null }, limit: 500 });
      expect(mains.list.map((row) => row.code)).toEqual(
        expect.arrayContaining(['SHAPE', 'COLOR', 'CLARITY', 'LAB', 'BLACK_INCLUSION_TABLE', 'BILL_TYPE']),
      );
      const shape = mains.list.find((row) => row.code === 'SHAPE') as ResourceRecord;
      const shapes = await page(master.paginate, { filter: { parentId: shape.id }, limit: 500 });
      expect(shapes.count).toBe(22);
      expect(shapes.list[0]).toMatchObject({ name: 'Round', sequence: 1, parentTitle: 'Shape' });
      expect(shapes.list[0]?.aliases).toEqual(['B', 'BR', 'RB', 'RD', 'RBC', 'RND']);

      const sizes = await page(size.paginate, { limit: 500 });
      expect(sizes.count).toBe(18);
      expect(sizes.list[6]).toMatchObject({ name: '0.30-0.39', fromCarat: 0.3, toCarat: 0.39 });

      expect((await page(country.paginate, {})).count).toBe(250);
      const india = await countryByCode('IN');
      const indianStates = await page(state.paginate, { filter: { countryId: india.id }, limit: 100 });
      expect(indianStates.count).toBeGreaterThan(30);
      expect(indianStates.list[0]?.countryTitle).toBe('India');
      const day = await server
        .client()
        .get<ResourceRecord>(
          `apis/day-term/${(await page('apis/day-term/paginate', {})).list[0]?.id}`,
          token,
        );
      expect(day.body.data).toMatchObject({ name: 'Cash', days: 0, currency: 'USD' });
    });

    it('answers the active values of masters by code, in sequence', async () => {
      const response = await post<Record<string, ResourceRecord[]>>(MASTER_ENDPOINTS.listByCode.path, {
        code: ['COLOR', 'clarity', 'NOPE'],
      });
      expect(response.status).toBe(200);
      expect(response.body.data.COLOR?.map((row) => row.name).join('')).toBe('DEFGHIJKLMNOPQRSTUVWXYZ');
      expect(response.body.data.clarity?.map((row) => row.name)).toEqual([
        'FL',
        'IF',
        'VVS1',
        'VVS2',
        'VS1',
        'VS2',
        'SI1',
        'SI2',
        'SI3',
        'I1',
        'I2',
        'I3',
      ]);
      expect(response.body.data.NOPE).toEqual([]);
      const single = await post<Record<string, ResourceRecord[]>>(MASTER_ENDPOINTS.listByCode.path, {
        code: 'LAB',
      });
      expect(single.body.data.LAB).toHaveLength(7);
      expect((await post(MASTER_ENDPOINTS.listByCode.path, { code: [] })).status).toBe(400);
    });
  });

  describe('paginate', () => {
    it('filters, searches, sorts and pages, counting every match', async () => {
      const search = await page(country.paginate, { search: 'land', sort: { name: 'asc' }, limit: 5 });
      expect(search.count).toBeGreaterThan(10);
      expect(search.list).toHaveLength(5);
      for (const row of search.list) expect(String(row.name).toLowerCase()).toContain('land');
      const names = search.list.map((row) => String(row.name));
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
      const second = await page(country.paginate, {
        search: 'land',
        sort: { name: 'asc' },
        limit: 5,
        page: 2,
      });
      expect(second.list.map((row) => row.id)).not.toContain(search.list[0]?.id);

      const desc = await page(country.paginate, { sort: { code: 'DESC' }, limit: 1 });
      expect(desc.list[0]?.code).toBe('ZW');
      const euro = await page(country.paginate, { filter: { currency: ['EUR'] }, limit: 100 });
      expect(euro.count).toBeGreaterThan(15);
      expect(euro.list.every((row) => row.currency === 'EUR')).toBe(true);

      const range = await page(size.paginate, { filter: { fromCarat: { from: 1, to: 5 } } });
      expect(range.list.map((row) => row.name)).toEqual([
        '1.00-1.49',
        '1.50-1.99',
        '2.00-2.99',
        '3.00-3.99',
        '4.00-4.99',
        '5.00-5.99',
      ]);
      const aliases = await page(master.paginate, { search: 'rbc' });
      expect(aliases.list.map((row) => row.name)).toEqual(['Round']);
    });

    it('refuses hostile bodies with clear E_BAD_REQUEST answers and changes nothing', async () => {
      const before = await page(country.paginate, {});
      const hostile: unknown[] = [
        { filter: { 'name; drop table countries': 'x' } },
        { filter: { password: 'x' } },
        { sort: { 'name desc; delete from countries': 'asc' } },
        { sort: { name: 'asc; drop table countries' } },
        { limit: 100_000 },
        { page: 0 },
        { page: 'one' },
        { filter: { isActive: 'yes' } },
        { filter: 'isActive = true' },
        { search: 'x'.repeat(201) },
      ];
      for (const resource of RESOURCES) {
        const path = resourcePaths(resource).paginate;
        for (const body of hostile) {
          const response = await post(path, body);
          expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
          expect(response.body.code).toBe('E_BAD_REQUEST');
          expect(response.body.message).toBeTruthy();
        }
        const malformed = await server.client().request('POST', path, { rawBody: '{"filter":', token });
        expect(malformed.body.code).toBe('E_BAD_REQUEST');
      }
      const wrongTypes = [
        [state.paginate, { filter: { countryId: "' or 1=1 --" } }],
        [size.paginate, { filter: { fromCarat: { from: 'a' } } }],
        [size.paginate, { filter: { fromCarat: { from: 3, to: 1 } } }],
        ['apis/day-term/paginate', { filter: { days: { from: 10, to: 1 } } }],
      ] as const;
      for (const [path, body] of wrongTypes) {
        const response = await post(path, body);
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(response.body.errors?.[0]?.field).toMatch(/^filter\./);
      }
      const injection = await page(country.paginate, { search: "'; drop table countries; --" });
      expect(injection.count).toBe(0);
      const percent = await page(country.paginate, { search: '%' });
      expect(percent.count).toBe(0);
      expect((await page(country.paginate, {})).count).toBe(before.count);
    });

    it('answers 404 for unknown and malformed ids', async () => {
      for (const id of [UNKNOWN_ID, 'not-a-uuid', "1' or '1'='1"]) {
        const response = await server.client().get(country.byId(encodeURIComponent(id)), token);
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('E_NOT_FOUND');
      }
      const put = await server
        .client()
        .request('PUT', country.byId(UNKNOWN_ID), { body: { name: 'X' }, token });
      expect(put.status).toBe(404);
    });
  });

  describe('writes', () => {
    it('creates with an invalid then a valid form, applies defaults, and updates', async () => {
      const invalid = await post(size.create, { fromCarat: 'big', toCarat: 2000, extra: 1 });
      expect(invalid.status).toBe(400);
      const fields = invalid.body.errors?.map((error) => error.field);
      expect(fields).toEqual(expect.arrayContaining(['name', 'fromCarat', 'toCarat']));
      expect(invalid.body.errors?.find((error) => error.field === 'name')?.message).toBe('Enter a name.');

      const created = await post(size.create, { name: '6.00-6.99', fromCarat: 6, toCarat: 6.99 });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.message).toBe("Size '6.00-6.99' created.");
      expect(created.body.data).toMatchObject({
        name: '6.00-6.99',
        fromCarat: 6,
        toCarat: 6.99,
        isActive: true,
        sequence: 0,
      });
      const id = created.body.data.id;

      const updated = await server.client().request<ResourceRecord>('PUT', size.byId(id), {
        body: { name: '6.00-6.49', toCarat: 6.49 },
        token,
      });
      expect(updated.status).toBe(200);
      expect(updated.body.message).toBe("Size '6.00-6.49' saved.");
      expect(updated.body.data).toMatchObject({ name: '6.00-6.49', toCarat: 6.49, fromCarat: 6 });
      const refused = await server.client().request('PUT', size.byId(id), { body: { name: '' }, token });
      expect(refused.status).toBe(400);
      expect((await server.client().get<ResourceRecord>(size.byId(id), token)).body.data.name).toBe(
        '6.00-6.49',
      );
    });

    it('refuses a duplicate unique value, ignoring case, with 409 on the field', async () => {
      const response = await post(country.create, { name: 'Belgium again', code: 'be' });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        code: 'E_CONFLICT',
        errors: [{ field: 'code', message: RESOURCE_MESSAGES.duplicate('ISO code') }],
      });
      const kenya = await countryByCode('KE');
      const renamed = await server
        .client()
        .request('PUT', country.byId(kenya.id), { body: { code: 'UG' }, token });
      expect(renamed.status).toBe(409);
    });

    it('refuses references to unknown or deleted rows on the field', async () => {
      const unknown = await post(state.create, { name: 'Nowhere', countryId: UNKNOWN_ID });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual([
        { field: 'countryId', message: 'Choose a country from the list.' },
      ]);

      const gone = await post(country.create, {
        name: 'Atlantis',
        code: 'QA1'.slice(0, 2).replace('A', 'Z'),
      });
      expect(gone.status, JSON.stringify(gone.body)).toBe(200);
      const removed = await server.client().request('DELETE', country.byId(gone.body.data.id), { token });
      expect(removed.status).toBe(200);
      const orphan = await post(state.create, { name: 'Lost', countryId: gone.body.data.id });
      expect(orphan.status).toBe(400);
      expect(orphan.body.errors?.[0]?.field).toBe('countryId');
    });

    it('soft-deletes: hidden from lists and reads, unique value free again, history kept', async () => {
      const created = await post(country.create, { name: 'Zembla', code: 'XZ', currency: 'ZMB' });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data.id;
      expect((await page(country.paginate, { search: 'Zembla' })).count).toBe(1);
      expect((await server.client().request('DELETE', country.byId(id), { token })).status).toBe(200);
      expect((await page(country.paginate, { search: 'Zembla' })).count).toBe(0);
      expect((await server.client().get(country.byId(id), token)).status).toBe(404);
      expect((await server.client().request('DELETE', country.byId(id), { token })).status).toBe(404);
      expect((await post(country.create, { name: 'Zembla', code: 'xz' })).status).toBe(200);
      const history = await server.client().get<AuditEntry[]>(country.history(id), token);
      expect(history.body.data.map((entry) => entry.action)).toEqual(['country.delete', 'country.create']);
    });
  });

  describe('boolean status and sequence', () => {
    it('toggles a declared toggle field and refuses others', async () => {
      const target = await countryByCode('NZ');
      const toggled = await post(RESOURCE_ENDPOINTS.booleanStatusUpdate.path, {
        id: target.id,
        model: 'country',
        fieldName: 'isActive',
        status: false,
      });
      expect(toggled.status, JSON.stringify(toggled.body)).toBe(200);
      expect(toggled.body.data.isActive).toBe(false);
      expect(
        (await page(country.paginate, { filter: { isActive: false } })).list.map((row) => row.code),
      ).toContain('NZ');

      const notToggle = await post(RESOURCE_ENDPOINTS.booleanStatusUpdate.path, {
        id: target.id,
        model: 'country',
        fieldName: 'name',
        status: true,
      });
      expect(notToggle.status).toBe(400);
      expect(notToggle.body.errors).toEqual([
        { field: 'fieldName', message: RESOURCE_MESSAGES.fieldNotToggleable },
      ]);
      const wrongModel = await post(RESOURCE_ENDPOINTS.booleanStatusUpdate.path, {
        id: target.id,
        model: 'countries',
        fieldName: 'isActive',
        status: true,
      });
      expect(wrongModel.status).toBe(400);
      expect(wrongModel.body.errors?.[0]?.field).toBe('model');
      const notBoolean = await post(RESOURCE_ENDPOINTS.booleanStatusUpdate.path, {
        id: target.id,
        model: 'country',
        fieldName: 'isActive',
        status: 'no',
      });
      expect(notBoolean.status).toBe(400);
    });

    it("checks the model's module: a Country viewer may read but not toggle a country", async () => {
      const viewer = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
        { id: 21, permissions: { view: true } },
        { id: 17, permissions: { view: true, update: true } },
      ]);
      const target = await countryByCode('FR');
      expect((await post(country.paginate, {}, viewer.token)).status).toBe(200);
      const toggle = await post(
        RESOURCE_ENDPOINTS.booleanStatusUpdate.path,
        { id: target.id, model: 'country', fieldName: 'isActive', status: false },
        viewer.token,
      );
      expect(toggle.status).toBe(403);
      expect(toggle.body.code).toBe('E_FORBIDDEN');
      const put = await server
        .client()
        .request('PUT', country.byId(target.id), { body: { name: 'X' }, token: viewer.token });
      expect(put.status).toBe(403);
      expect(
        (await server.client().get<ResourceRecord>(country.byId(target.id), token)).body.data,
      ).toMatchObject({
        name: 'France',
        isActive: true,
      });
      // The same user may toggle what their other module allows.
      const aSize = (await page(size.paginate, { limit: 1 })).list[0] as ResourceRecord;
      const sizeToggle = await post(
        RESOURCE_ENDPOINTS.booleanStatusUpdate.path,
        { id: aSize.id, model: 'size', fieldName: 'isActive', status: true },
        viewer.token,
      );
      expect(sizeToggle.status).toBe(200);
    });

    it('saves a new order in one transaction, or nothing when an id is unknown', async () => {
      const before = (await page(size.paginate, { limit: 3 })).list;
      const reversed = before.map((row, index) => ({ id: row.id, sequence: 100 - index }));
      const refused = await post(size.bulkSequence, { list: [...reversed, { id: UNKNOWN_ID, sequence: 1 }] });
      expect(refused.status).toBe(404);
      const unchanged = (await page(size.paginate, { limit: 3 })).list;
      expect(unchanged.map((row) => [row.id, row.sequence])).toEqual(
        before.map((row) => [row.id, row.sequence]),
      );

      const saved = await post(size.bulkSequence, { list: reversed });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const last = (await page(size.paginate, { sort: { sequence: 'desc' }, limit: 3 })).list;
      expect(last.map((row) => row.id)).toEqual(before.map((row) => row.id));
      const history = await server.client().get<AuditEntry[]>(size.history(before[0]?.id as string), token);
      expect(history.body.data[0]).toMatchObject({
        action: 'size.sequence',
        before: { sequence: before[0]?.sequence },
        after: { sequence: 100 },
      });
      expect((await post(size.bulkSequence, { list: [] })).status).toBe(400);
    });
  });

  describe('history', () => {
    it('records create, update and toggle with the changed fields only, newest first', async () => {
      const created = await post(master.create, { name: 'Moissanite', code: 'MOISSANITE' });
      const id = created.body.data.id;
      await server.client().request('PUT', master.byId(id), {
        body: { description: 'Not a diamond', name: 'Moissanite' },
        token,
      });
      await post(RESOURCE_ENDPOINTS.booleanStatusUpdate.path, {
        id,
        model: 'master',
        fieldName: 'showOnWeb',
        status: false,
      });
      const history = await server.client().get<AuditEntry[]>(master.history(id), token);
      expect(history.status).toBe(200);
      const [toggle, update, create] = history.body.data;
      expect(history.body.data).toHaveLength(3);
      expect(toggle).toMatchObject({
        action: 'master.status',
        before: { showOnWeb: true },
        after: { showOnWeb: false },
      });
      expect(update).toMatchObject({
        action: 'master.update',
        before: { description: null },
        after: { description: 'Not a diamond' },
      });
      expect(create).toMatchObject({
        action: 'master.create',
        entityType: 'master',
        before: null,
        actorName: 'Super Admin',
      });
      expect(create?.after).toMatchObject({ name: 'Moissanite', isActive: true, sequence: 0 });
      expect((await server.client().get(master.history(UNKNOWN_ID), token)).status).toBe(404);
    });
  });

  describe('export', () => {
    let countryId: string;
    beforeAll(async () => {
      const created = await post(country.create, { name: 'Exportland', code: 'XE' });
      countryId = created.body.data.id;
      // 1,234 rows: more than one keyset batch of 1,000.
      const rows = Array.from({ length: 1234 }, (_, index) => ({
        name: `Town ${String(index % 617).padStart(4, '0')}`,
        countryId,
        isActive: index % 5 !== 0,
      }));
      await server.database.db.insert(cities).values(rows);
      await server.database.db
        .insert(cities)
        .values({ name: 'Elsewhere', countryId: (await countryByCode('BE')).id });
    });

    const filtered = async (body: object) => {
      const rows: ResourceRecord[] = [];
      for (let pageNumber = 1; ; pageNumber += 1) {
        const { list } = await page(city.paginate, { ...body, page: pageNumber, limit: 500 });
        rows.push(...list);
        if (list.length < 500) return rows;
      }
    };

    it('streams the filtered, sorted list as XLSX across batches, reference titles included', async () => {
      const body = { filter: { countryId, isActive: true }, sort: { name: 'desc' } };
      const expected = await filtered(body);
      expect(expected.length).toBeGreaterThan(980);
      const response = await fetch(`${server.url}/${city.export}`, {
        method: 'POST',
        headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, format: 'xlsx' }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="city-\d{8}\.xlsx"$/,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
      const values = sheet
        .getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1));
      expect(values[0]).toEqual(['Name', 'State', 'Country', 'Active']);
      expect(values.slice(1)).toEqual(
        expected.map((row) => [row.name, row.stateTitle ?? '—', 'Exportland', 'Yes']),
      );
    });

    it('streams CSV with the same rows, and the whole list with no cap', async () => {
      const body = { filter: { countryId }, sort: { name: 'asc' } };
      const expected = await filtered(body);
      expect(expected).toHaveLength(1234);
      const response = await fetch(`${server.url}/${city.export}`, {
        method: 'POST',
        headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ...body, format: 'csv', columns: ['name', 'countryId', 'isActive'] }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="city-\d{8}\.csv"$/);
      const lines = (await response.text())
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\n');
      expect(lines[0]).toBe('Name,Country,Active');
      expect(lines.slice(1)).toEqual(
        expected.map((row) => `${row.name},Exportland,${row.isActive ? 'Yes' : 'No'}`),
      );
    });

    it('refuses unknown columns, filters and formats before sending anything', async () => {
      for (const body of [{ columns: ['password'] }, { filter: { secret: 1 } }, { format: 'docx' }]) {
        const response = await post(city.export, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.code).toBe('E_BAD_REQUEST');
      }
    });
  });

  describe('grid columns', () => {
    it("keeps each user's column choices apart", async () => {
      const other = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
        { id: 21, permissions: { view: true } },
      ]);
      const columns = [
        { key: 'name', visible: true, width: 200 },
        { key: 'phoneCode', visible: false },
      ];
      const empty = await post<GridColumnsData>(GRID_ENDPOINTS.getColumns.path, { grid: 'country' });
      expect(empty.body.data).toEqual({ grid: 'country', columns: null });
      expect((await post(GRID_ENDPOINTS.upsert.path, { grid: 'country', columns })).status).toBe(200);
      expect(
        (await post(GRID_ENDPOINTS.upsert.path, { grid: 'country', columns: columns.slice(0, 1) })).status,
      ).toBe(200);
      expect(
        (await post<GridColumnsData>(GRID_ENDPOINTS.getColumns.path, { grid: 'country' })).body.data.columns,
      ).toEqual(columns.slice(0, 1));
      const theirs = await post<GridColumnsData>(
        GRID_ENDPOINTS.getColumns.path,
        { grid: 'country' },
        other.token,
      );
      expect(theirs.body.data.columns).toBeNull();
      await post(GRID_ENDPOINTS.upsert.path, { grid: 'state', columns }, other.token);
      expect((await post<GridColumnsData[]>(GRID_ENDPOINTS.list.path, {}, other.token)).body.data).toEqual([
        { grid: 'state', columns },
      ]);
      expect(
        (await post<GridColumnsData[]>(GRID_ENDPOINTS.list.path, {})).body.data.map((entry) => entry.grid),
      ).toEqual(['country']);
      expect(
        (
          await post(GRID_ENDPOINTS.upsert.path, {
            grid: 'country',
            columns: [{ key: 'name', visible: 'yes' }],
          })
        ).status,
      ).toBe(400);
    });
  });
});

describe.skipIf(!(await databaseAvailable()))('city seed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('inserts in resumable batches, once, even when two runs overlap', async () => {
    const source = Array.from({ length: 25 }, (_, index) => ({
      name: `Seedville ${index}`,
      countryCode: index % 2 ? 'IN' : 'BE',
      stateCode: index % 2 ? 'GJ' : 'VAN',
    }));
    const db = server.database.db;
    const seeded = async () =>
      (await db
        .select()
        .from(cities)
        .where(like(cities.name as never, 'Seedville %'))) as Record<string, unknown>[];
    const stop = new AbortController();
    const log = server.app.log;
    // Aborted after its first batch, as when the server stops during the seed.
    const first = seedCities(db, log, { source, batchSize: 10, signal: stop.signal });
    stop.abort();
    await first;
    expect((await seeded()).length).toBe(10);
    await Promise.all([
      seedCities(db, log, { source, batchSize: 10 }),
      seedCities(db, log, { source, batchSize: 10 }),
    ]);
    const rows = await seeded();
    expect(rows).toHaveLength(25);
    expect(new Set(rows.map((row) => row.name)).size).toBe(25);
    expect(rows.every((row) => row.stateId)).toBe(true);
    await seedCities(db, log, { source, batchSize: 10 });
    expect(await seeded()).toHaveLength(25);
  });

  it("goes on where a version counting batches of 5,000 stopped, and closes that version's row", async () => {
    const db = server.database.db;
    const log = server.app.log;
    const source = Array.from({ length: 5003 }, (_, index) => ({
      name: `Legacyville ${index}`,
      countryCode: 'BE',
      stateCode: 'VAN',
    }));
    const legacyRow = async () => (await db.select().from(seedState).where(eq(seedState.name, 'cities')))[0];
    // A database of an older version, stopped after its first batch of 5,000.
    await db.delete(seedState).where(inArray(seedState.name, ['cities', 'city-rows']));
    await db.insert(seedState).values({ name: 'cities', progress: 1 });
    await seedCities(db, log, { source, batchSize: 2 });
    const rows = (await db
      .select()
      .from(cities)
      .where(like(cities.name as never, 'Legacyville %'))) as Record<string, unknown>[];
    expect(rows.map((row) => row.name).sort()).toEqual([
      'Legacyville 5000',
      'Legacyville 5001',
      'Legacyville 5002',
    ]);
    expect((await legacyRow())?.completedAt).toBeInstanceOf(Date);

    // A new database: the older version's row is written closed, so that version would not seed again.
    await db.delete(seedState).where(inArray(seedState.name, ['cities', 'city-rows']));
    await seedCities(db, log, { source: source.slice(0, 1).map((city) => ({ ...city, name: 'Newville' })) });
    expect((await legacyRow())?.completedAt).toBeInstanceOf(Date);
    expect(
      await db
        .select()
        .from(cities)
        .where(eq(cities.name as never, 'Newville')),
    ).toHaveLength(1);
  });
});
