import { randomUUID } from 'node:crypto';
import {
  accountResource,
  bannerResource,
  cityResource,
  countryResource,
  MASTER_ENDPOINTS,
  masterResource,
  RESOURCES,
  type ResourceRecord,
  resourcePaths,
  STOCK_UPLOAD_MESSAGES,
  sizeResource,
  stateResource,
  stoneResource,
  USER_ENDPOINTS,
} from '@facet/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/sql-rows.ts';
import { stockUploadRows, stockUploads } from '../src/stock-upload/stock-upload-tables.ts';
import { applyStagedUpload } from '../src/stock-upload/upload-apply.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createUserViaApi } from './user-admin.ts';

const country = resourcePaths(countryResource);
const state = resourcePaths(stateResource);
const city = resourcePaths(cityResource);
const account = resourcePaths(accountResource);
const master = resourcePaths(masterResource);
const stone = resourcePaths(stoneResource);
const size = resourcePaths(sizeResource);
const banner = resourcePaths(bannerResource);

/**
 * Records in use (a country with companies, a master value with stones) are not deleted, and the answer
 * names what uses them; ranges whose end is below their start are refused on the end's field.
 */
describe.skipIf(!(await databaseAvailable()))('records in use and ranges', () => {
  let server: TestServer;
  let token: string;
  const client = () => server.client();
  const post = (path: string, body: unknown) => client().post<ResourceRecord>(path, body, token);
  const put = (path: string, body: unknown) => client().request<ResourceRecord>('PUT', path, { body, token });
  const remove = (path: string) => client().request<{ id: string }>('DELETE', path, { token });
  const created = async (path: string, body: Record<string, unknown>) => {
    const response = await post(path, body);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  const deleted = async (path: string) => {
    const response = await remove(path);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };
  const liveCount = async (table: string) => {
    const result = await server.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where deleted_at is null`,
    );
    return rowsOf<{ n: number }>(result)[0]?.n;
  };

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, client());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses to delete a country its companies, states and cities use, naming them, until they are gone', async () => {
    const testland = await created(country.create, { name: 'Testland', code: '9T' });
    const north = await created(state.create, { name: 'North Testland', countryId: testland.id });
    const south = await created(state.create, { name: 'South Testland', countryId: testland.id });
    const port = await created(city.create, { name: 'Port Test', stateId: north.id, countryId: testland.id });
    const company = await created(account.create, {
      name: 'Testland Traders',
      code: 'TT-USAGE',
      countryId: testland.id,
    });

    const refused = await remove(country.byId(testland.id));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'E_CONFLICT',
      message: "Country 'Testland' is used by 2 states, 1 city and 1 company. Remove or move them first.",
    });
    const kept = await client().get<ResourceRecord>(country.byId(testland.id), token);
    expect(kept.status).toBe(200);
    expect(kept.body.data.name).toBe('Testland');

    await deleted(account.byId(company.id));
    expect((await remove(country.byId(testland.id))).body.message).toBe(
      "Country 'Testland' is used by 2 states and 1 city. Remove or move them first.",
    );
    // A state is in use by its cities as well.
    expect((await remove(state.byId(north.id))).body.message).toBe(
      "State 'North Testland' is used by 1 city. Remove or move it first.",
    );
    await deleted(city.byId(port.id));
    await deleted(state.byId(north.id));
    await deleted(state.byId(south.id));
    await deleted(country.byId(testland.id));
    expect((await client().get(country.byId(testland.id), token)).status).toBe(404);
  });

  it('refuses to delete the sales person of a live company, naming the companies', async () => {
    const seller = await createUserViaApi(client(), token, { name: 'Sales Usage' });
    const company = await created(account.create, {
      name: 'Seller Traders',
      code: 'TT-SELLER',
      salesPersonId: seller.id,
    });
    const refused = await client().call(USER_ENDPOINTS.remove, undefined, {
      token,
      params: { id: seller.id },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'E_CONFLICT',
      message: "User 'Sales Usage' is used by 1 company. Remove or move it first.",
    });
    await deleted(account.byId(company.id));
    const gone = await client().call(USER_ENDPOINTS.remove, undefined, { token, params: { id: seller.id } });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
  });

  it('refuses to delete a master value a stone uses, and a main master that has values', async () => {
    const codes = await client().call(MASTER_ENDPOINTS.listByCode, { code: ['SHAPE'] }, { token });
    const round = codes.body.data.SHAPE?.find((value) => value.name === 'Round');
    const shapeMaster = (await client().get<ResourceRecord>(master.byId(round?.id ?? ''), token)).body.data;
    const parentId = shapeMaster.parentId as string;
    const trial = await created(master.create, { name: 'Trial cut', code: 'TRIAL', parentId });
    const used = await created(stone.create, {
      stockNumber: 'USAGE-1',
      carat: 1.01,
      status: 'A',
      shapeId: trial.id,
    });

    const refused = await remove(master.byId(trial.id));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('E_CONFLICT');
    expect(refused.body.message).toBe(
      "Master value 'Trial cut' is used by 1 stone. Remove or move it first.",
    );

    const main = await remove(master.byId(parentId));
    expect(main.status).toBe(409);
    // The seeded shapes and the trial one.
    expect(main.body.message).toBe("Main master 'Shape' is used by 23 values. Remove or move them first.");

    await deleted(stone.byId(used.id));
    await deleted(master.byId(trial.id));
  });

  it('rejects the rows of an upload naming a master value deleted before the upload was applied', async () => {
    const codes = await client().call(MASTER_ENDPOINTS.listByCode, { code: ['SHAPE'] }, { token });
    const round = codes.body.data.SHAPE?.find((value) => value.name === 'Round');
    const shapeMaster = (await client().get<ResourceRecord>(master.byId(round?.id ?? ''), token)).body.data;
    const late = await created(master.create, {
      name: 'Late cut',
      code: 'LATE',
      parentId: shapeMaster.parentId,
    });
    const { db } = server.database;
    const [admin] = rowsOf<{ id: string }>(
      await db.execute(sql`select id from users where type = 1 limit 1`),
    );
    const [job] = await db
      .insert(stockUploads)
      .values({
        fileName: 'late.csv',
        fileSize: 1,
        fileFormat: 'csv',
        sha256: 'late',
        storageKey: 'late',
        mode: 'add-update',
        state: 'applying',
        instanceKey: 'test',
      })
      .returning({ id: stockUploads.id });
    const jobId = job?.id as string;
    const staged = (rowNumber: number, stockNumber: string, shapeId: string | undefined) => ({
      jobId,
      rowNumber,
      stockNumber,
      stockKey: stockNumber.toLowerCase(),
      outcome: 'accepted' as const,
      values: { stockNumber, carat: 0.5, shapeId },
      stoneId: randomUUID(),
    });
    await db.insert(stockUploadRows).values([staged(2, 'LATE-1', late.id), staged(3, 'LATE-2', round?.id)]);

    // The shape goes while the file is being read: nothing uses it yet.
    await deleted(master.byId(late.id));
    const applied = await db.transaction((tx) =>
      applyStagedUpload(
        tx,
        jobId,
        'add-update',
        { userId: admin?.id as string, ip: '', userAgent: '' },
        { db, resources: RESOURCES, tableRows: new Map() },
      ),
    );
    expect(applied).toMatchObject({ accepted: 1, rejected: 1 });
    const rows = await db
      .select({
        stockNumber: stockUploadRows.stockNumber,
        outcome: stockUploadRows.outcome,
        reasons: stockUploadRows.reasons,
      })
      .from(stockUploadRows)
      .where(eq(stockUploadRows.jobId, jobId))
      .orderBy(stockUploadRows.rowNumber);
    expect(rows).toEqual([
      { stockNumber: 'LATE-1', outcome: 'rejected', reasons: [STOCK_UPLOAD_MESSAGES.valueDeleted] },
      { stockNumber: 'LATE-2', outcome: 'accepted', reasons: [] },
    ]);
    const stones = rowsOf<{ stock_number: string }>(
      await db.execute(
        sql`select stock_number from stones where stock_number like 'LATE-%' and deleted_at is null`,
      ),
    );
    expect(stones.map((row) => row.stock_number)).toEqual(['LATE-2']);
  });

  it('never leaves a live company on a deleted country when the delete and the company are written at once', async () => {
    const rounds = 12;
    for (let round = 0; round < rounds; round += 1) {
      const place = await created(country.create, {
        name: `Raceland ${round}`,
        code: `${String.fromCharCode(65 + round)}7`,
      });
      const [removal, creation] = await Promise.all([
        remove(country.byId(place.id)),
        post(account.create, { name: `Racer ${round}`, code: `RACE-${round}`, countryId: place.id }),
      ]);
      // Either the company came first and the country stays, or the country went and the company is refused.
      if (creation.status === 200) {
        expect(removal.status, JSON.stringify(removal.body)).toBe(409);
        await deleted(account.byId(creation.body.data.id));
      } else {
        expect(removal.status, JSON.stringify(removal.body)).toBe(200);
        expect(creation.status, JSON.stringify(creation.body)).toBe(400);
        expect(creation.body.errors?.map((error) => error.field)).toEqual(['countryId']);
      }
    }
    const orphans = await server.database.db.execute(
      sql`select count(*)::int as n from accounts a join countries c on c.id = a.country_id
          where a.deleted_at is null and c.deleted_at is not null`,
    );
    expect(rowsOf<{ n: number }>(orphans)[0]?.n).toBe(0);
  });

  it("refuses a size whose 'to' carat is below its 'from' carat, on the field, and changes nothing", async () => {
    const before = await liveCount('sizes');
    const backwards = await post(size.create, { name: 'Backwards', fromCarat: 2, toCarat: 1.5 });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({ code: 'E_BAD_REQUEST' });
    expect(backwards.body.errors).toEqual([
      { field: 'toCarat', message: 'Enter a to carat that is not below the from carat.' },
    ]);
    expect(await liveCount('sizes')).toBe(before);

    const one = await created(size.create, { name: 'Test 1.00-1.49', fromCarat: 1, toCarat: 1.49 });
    // One end sent alone is held to the other end as stored, and refused on the field sent.
    for (const body of [{ toCarat: 0.5 }, { fromCarat: 2 }]) {
      const refused = await put(size.byId(one.id), body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors).toEqual([
        { field: Object.keys(body)[0], message: 'Enter a to carat that is not below the from carat.' },
      ]);
    }
    const stored = (await client().get<ResourceRecord>(size.byId(one.id), token)).body.data;
    expect(stored).toMatchObject({ fromCarat: 1, toCarat: 1.49 });
    // A one-carat bracket (from = to) is a range.
    expect((await put(size.byId(one.id), { fromCarat: 1.49 })).status).toBe(200);
  });

  it('refuses a banner shown until a time before it is shown from', async () => {
    const backwards = await post(banner.create, {
      name: 'Backwards banner',
      type: bannerResource.fields.type.options[0].value,
      fromDate: '2026-12-02T10:00:00.000Z',
      toDate: '2026-12-01T10:00:00.000Z',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([
      { field: 'toDate', message: 'Choose a shown until date that is not before the shown from date.' },
    ]);
  });
});
