import {
  ADMIN_MODULE_BY_NAME,
  type AuditEntry,
  type BodyIn,
  DIAMOND_JOURNEY_ENDPOINTS,
  diamondJourneyEventResource,
  JOURNEY_MESSAGES,
  pathOf,
  type ResourceRecord,
  resourcePaths,
  STONE_LOOKUP_ENDPOINTS,
  stoneResource,
  USER_TYPES,
} from '@facet/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diamondJourneyEvents } from '../src/db/resource-tables.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createStones } from './test-stones.ts';
import { userWithRole } from './user-admin.ts';

const events = resourcePaths(diamondJourneyEventResource);
const JOURNEY_MODULE = ADMIN_MODULE_BY_NAME.get('Diamond Journey')?.id as number;

/** A stone's way from the mine: `POST admin/diamond-origin` and its events, on both databases. */
describe.skipIf(!(await databaseAvailable()))('diamond journey', () => {
  let server: TestServer;
  let token: string;
  let stone: ResourceRecord;
  const post = <T = ResourceRecord>(path: string, body: unknown, as = token) =>
    server.client().post<T>(path, body, as);
  const origin = (body: BodyIn<typeof DIAMOND_JOURNEY_ENDPOINTS.origin>, as = token) =>
    server.client().call(DIAMOND_JOURNEY_ENDPOINTS.origin, body, { token: as });
  const eventRows = async () =>
    (await server.database.db.select({ value: count() }).from(diamondJourneyEvents))[0]?.value;

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, server.client());
    [stone] = (await createStones(server.client(), token, [
      {
        stockNumber: 'DJ-501',
        carat: 1.52,
        shape: 'Oval',
        color: 'E',
        clarity: 'VVS2',
        lab: 'GIA',
        certificateNumber: '6452011187',
        origin: 'Botswana',
        mine: 'Jwaneng',
        rapPrice: 20_000,
        discount: -25,
      },
    ])) as [ResourceRecord];
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers the stone, by id or stock number, with its events in date order', async () => {
    // Recorded out of order: the journey sorts them by date, then by stage on the same day.
    const steps = [
      { stage: 'polished', eventDate: '2025-09-20', place: 'Surat', description: 'Facets polished.' },
      { stage: 'mined', eventDate: '2025-03-02', place: 'Jwaneng, Botswana', mediaUrl: '/files/rough.jpg' },
      { stage: 'certified', eventDate: '2025-10-15', place: 'GIA, Mumbai' },
      { stage: 'graded', eventDate: '2025-10-15', place: 'GIA, Mumbai' },
      {
        stage: 'cut',
        eventDate: '2025-08-01',
        place: 'Surat',
        mediaUrl: 'https://videos.example.com/cut.mp4',
      },
    ];
    for (const step of steps) {
      const created = await post(events.create, { stoneId: stone.id, ...step });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
    const byId = await origin({ stoneId: stone.id });
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    expect(byId.body.data.stone).toMatchObject({
      id: stone.id,
      stockNumber: 'DJ-501',
      certificateNumber: '6452011187',
      lab: 'GIA',
      shape: 'Oval',
      carat: 1.52,
      color: 'E',
      clarity: 'VVS2',
      roughOrigin: 'Botswana',
      mine: 'Jwaneng',
      pricePerCarat: 15_000,
      amount: 22_800,
    });
    expect(byId.body.data.events.map((event) => [event.eventDate, event.stage])).toEqual([
      ['2025-03-02', 'mined'],
      ['2025-08-01', 'cut'],
      ['2025-09-20', 'polished'],
      ['2025-10-15', 'graded'],
      ['2025-10-15', 'certified'],
    ]);
    expect(byId.body.data.events[0]).toMatchObject({
      place: 'Jwaneng, Botswana',
      mediaUrl: '/files/rough.jpg',
    });

    const byNumber = await origin({ stockNumber: 'dj-501' });
    expect(byNumber.status).toBe(200);
    expect(byNumber.body.data).toEqual(byId.body.data);
  });

  it('edits and deletes events, each change in the event history', async () => {
    const created = await post(events.create, {
      stoneId: stone.id,
      stage: 'planned',
      eventDate: '2025-07-01',
    });
    const id = created.body.data.id;
    const edited = await server.client().request<ResourceRecord>('PUT', events.byId(id), {
      body: { place: 'Surat', description: 'Planned on a Sarine scanner.' },
      token,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data).toMatchObject({ stage: 'planned', place: 'Surat' });
    const removed = await server.client().request('DELETE', events.byId(id), { token });
    expect(removed.status).toBe(200);
    const journey = await origin({ stoneId: stone.id });
    expect(journey.body.data.events.map((event) => event.id)).not.toContain(id);

    const history = await server.client().get<AuditEntry[]>(events.history(id), token);
    expect(history.body.data.map((entry) => entry.action)).toEqual([
      'diamondJourneyEvent.delete',
      'diamondJourneyEvent.update',
      'diamondJourneyEvent.create',
    ]);
    expect(history.body.data[1]).toMatchObject({
      actorName: 'Super Admin',
      before: { place: null, description: null },
      after: { place: 'Surat', description: 'Planned on a Sarine scanner.' },
    });
  });

  it('refuses hostile bodies with a clear error and changes nothing', async () => {
    const before = await eventRows();
    const refusedEvents: [unknown, string][] = [
      [
        { stoneId: stone.id, stage: 'mined', eventDate: '2025-01-01', mediaUrl: 'javascript:alert(1)' },
        'mediaUrl',
      ],
      [
        { stoneId: stone.id, stage: 'mined', eventDate: '2025-01-01', mediaUrl: '//evil.example/x.jpg' },
        'mediaUrl',
      ],
      [{ stoneId: stone.id, stage: 'teleported', eventDate: '2025-01-01' }, 'stage'],
      [{ stoneId: stone.id, stage: 'mined', eventDate: '01/02/2025' }, 'eventDate'],
      [{ stoneId: stone.id, stage: 'mined' }, 'eventDate'],
      [
        { stoneId: '00000000-0000-4000-8000-000000000000', stage: 'mined', eventDate: '2025-01-01' },
        'stoneId',
      ],
      [{ stoneId: stone.id, stage: 'mined', eventDate: '2025-01-01', id: stone.id }, ''],
    ];
    for (const [body, field] of refusedEvents) {
      const response = await post(events.create, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('E_BAD_REQUEST');
      if (field) expect(response.body.errors?.map((error) => error.field)).toContain(field);
    }
    const [first] = (await origin({ stoneId: stone.id })).body.data.events;
    const sneaky = await server.client().request('PUT', events.byId(first?.id ?? ''), {
      body: { mediaUrl: 'data:text/html,<script>alert(1)</script>' },
      token,
    });
    expect(sneaky.status).toBe(400);
    expect(sneaky.body.errors).toEqual([{ field: 'mediaUrl', message: JOURNEY_MESSAGES.mediaUrl }]);
    expect(await eventRows()).toBe(before);

    for (const body of [
      {},
      { stoneId: stone.id, stockNumber: 'DJ-501' },
      { stoneId: 'DJ-501' },
      { stockNumber: '' },
      { stockNumber: { $ne: null } },
      { stockNumber: 'DJ-501', filter: {} },
    ]) {
      const response = await post(pathOf(DIAMOND_JOURNEY_ENDPOINTS.origin), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('E_BAD_REQUEST');
    }
    const missing = await origin({ stockNumber: 'NO-SUCH' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'E_NOT_FOUND', message: JOURNEY_MESSAGES.stoneNotFound });
  });

  it('is the Diamond Journey module: view reads, insert adds, other modules see nothing', async () => {
    const viewer = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: JOURNEY_MODULE, permissions: { view: true } },
    ]);
    expect((await origin({ stockNumber: 'DJ-501' }, viewer.token)).status).toBe(200);
    const refused = await post(
      events.create,
      { stoneId: stone.id, stage: 'in_stock', eventDate: '2025-11-01' },
      viewer.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('E_FORBIDDEN');
    // Picking a stone is open to the journey's users, the stock list is not.
    const lookup = await server
      .client()
      .call(STONE_LOOKUP_ENDPOINTS.lookup, { search: 'DJ' }, { token: viewer.token });
    expect(lookup.status).toBe(200);
    expect((await post(resourcePaths(stoneResource).paginate, {}, viewer.token)).status).toBe(403);

    const writer = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: JOURNEY_MODULE, permissions: { view: true, insert: true } },
    ]);
    const added = await post(
      events.create,
      { stoneId: stone.id, stage: 'in_stock', eventDate: '2025-11-01', place: 'Antwerp' },
      writer.token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(
      (await server.client().request('DELETE', events.byId(added.body.data.id), { token: writer.token }))
        .status,
    ).toBe(403);

    const other = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: ADMIN_MODULE_BY_NAME.get('Banner')?.id as number, permissions: { view: true } },
    ]);
    expect((await origin({ stockNumber: 'DJ-501' }, other.token)).status).toBe(403);
    expect((await post(events.paginate, {}, other.token)).status).toBe(403);
    expect(
      (await server.client().call(DIAMOND_JOURNEY_ENDPOINTS.origin, { stockNumber: 'DJ-501' })).status,
    ).toBe(401);
  });
});
