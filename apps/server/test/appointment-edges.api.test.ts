import {
  APPOINTMENT_ENDPOINTS as A,
  APPOINTMENT_STATUSES,
  type AppointmentRecord,
  CUSTOMER_APPOINTMENT_ENDPOINTS as C,
  cabinResource,
  countryResource,
  type EndpointSpec,
  instantAt,
  locationResource,
  APPOINTMENT_MESSAGES as M,
  MEETING_TYPES,
  type PaginateResult,
  pathOf,
  type ResourceRecord,
  resourcePaths,
  type ScheduleAnswer,
  slotResource,
  wallClockOf,
} from '@facet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyViaApi, customerViaApi } from './customers.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';

const ZONE = 'Asia/Kolkata';
const INVALID_DATE = 'Choose a valid date.';
/** zod's own wording, which no answer of the feature may carry. */
const RAW = /Invalid (input|UUID|option)|expected|received|Too (small|big)/;

const dayAhead = (days: number) => wallClockOf(new Date(Date.now() + days * 86_400_000), ZONE).date;
const at = (date: string, time: string, zone = ZONE) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return instantAt(date, hours * 60 + minutes, zone).toISOString();
};

/** The edges of the appointments API found by a hostile review, on both databases. */
describe.skipIf(!(await databaseAvailable()))('appointment edges', () => {
  let server: TestServer;
  let staff: string;
  let anna: { token: string; userId: string };
  let countryId: string;
  let locationId: string;
  let cabinId: string;
  const send = <T = AppointmentRecord>(
    endpoint: EndpointSpec,
    body: unknown,
    token = staff,
    params?: Record<string, string>,
  ) => server.client().request<T>(endpoint.method, pathOf(endpoint, params), { body, token });
  const post = <T = ResourceRecord>(path: string, body: unknown, token = staff) =>
    server.client().post<T>(path, body, token);
  const location = async (name: string, timeZone: string) => {
    const created = await post(resourcePaths(locationResource).create, { name, countryId, timeZone });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data.id as string;
  };
  const cabin = (name: string, at: string) =>
    post(resourcePaths(cabinResource).create, { name, locationId: at, capacity: 2 });
  const everyDay = async (room: string, startTime: string, endTime: string, validFrom: string) => {
    for (const weekDay of [1, 2, 3, 4, 5, 6, 7]) {
      const created = await post(resourcePaths(slotResource).create, {
        cabinId: room,
        weekDay,
        startTime,
        endTime,
        slotMinutes: 30,
        validFrom,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
  };
  const book = (startsAt: string, room = cabinId) =>
    send(
      C.create,
      { cabinId: room, startsAt, purpose: 'See the pears', meetingType: MEETING_TYPES.inPerson },
      anna.token,
    );
  const decide = (id: string, status: 2 | 3) => send(A.updateStatus, { status }, staff, { id });
  /** Puts a booking's times `days` into the past, as if it had taken place. */
  const intoThePast = (id: string) =>
    server.database.db.execute(sql`update appointments
      set starts_at = now() - interval '2 days', ends_at = now() - interval '2 days' + interval '30 minutes'
      where id = ${id}`);

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    staff = await adminToken(server, server.client());
    const countries = await post<PaginateResult<ResourceRecord>>(resourcePaths(countryResource).paginate, {
      search: 'IN',
      limit: 500,
    });
    countryId = countries.body.data.list.find((row) => row.code === 'IN')?.id as string;
    locationId = await location('Surat Edge House', ZONE);
    const created = await cabin('Edge Room', locationId);
    cabinId = created.body.data.id as string;
    // Open since the first days the calendar holds, so that the edges of the calendar have windows.
    await everyDay(cabinId, '10:00', '12:00', '0001-01-02');
    const company = await companyViaApi(server, staff, 'Edge Buyers');
    const customer = await customerViaApi(server, staff, company.id as string, ['appointment']);
    anna = { token: customer.token, userId: customer.user.id };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses days at the end of the calendar and answers the last ones it can (item 1, 2)', async () => {
    for (const date of ['9999-12-31', '0001-01-01', '0000-12-31', '10000-01-01']) {
      const slots = await send(C.slots, { date }, anna.token);
      expect(slots.status, `${date}: ${JSON.stringify(slots.body)}`).toBe(400);
      expect(slots.body.errors).toEqual([{ field: 'date', message: INVALID_DATE }]);
    }
    for (const [from, to] of [
      ['9999-12-25', '9999-12-31'],
      ['0001-01-01', '0001-01-03'],
    ]) {
      const schedule = await send(A.schedule, { from, to });
      expect(schedule.status, `${from}: ${JSON.stringify(schedule.body)}`).toBe(400);
      expect(JSON.stringify(schedule.body)).toContain(INVALID_DATE);
    }
    // The last and first days with both neighbours in the calendar answer, and at once.
    for (const date of ['9999-12-30', '0001-01-02']) {
      const slots = await send<unknown[]>(C.slots, { date }, anna.token);
      expect(slots.status, `${date}: ${JSON.stringify(slots.body)}`).toBe(200);
      // Long past (year 1) or offered all the same (year 9999): never a failure.
      expect(Array.isArray(slots.body.data)).toBe(true);
    }
    const last = await send<ScheduleAnswer>(A.schedule, { from: '9999-12-29', to: '9999-12-30', locationId });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.data.windows.map((window) => window.date)).toEqual(['9999-12-29', '9999-12-30']);
    const first = await send<ScheduleAnswer>(A.schedule, {
      from: '0001-01-02',
      to: '0001-01-03',
      locationId,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.windows).toHaveLength(2);
  });

  it('keeps a schedule to six weeks, with a plain message', async () => {
    const long = await send(A.schedule, { from: '2027-01-01', to: '2027-03-31' });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'to', message: M.rangeTooLong }]);
    const backwards = await send(A.schedule, { from: '2027-01-02', to: '2027-01-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([{ field: 'to', message: M.toAfterFrom }]);
  });

  it('reads the years 0 to 99 as themselves (item 10)', async () => {
    const answer = await send<ScheduleAnswer>(A.schedule, {
      from: '0050-06-01',
      to: '0050-06-02',
      locationId,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.windows.map((window) => window.startsAt.slice(0, 10))).toEqual([
      '0050-06-01',
      '0050-06-02',
    ]);
  });

  it('answers an id that is no id as not found (item 5)', async () => {
    for (const id of ['abc', 'xyz', '1', `${'f'.repeat(36)}`]) {
      const status = await send(A.updateStatus, { status: 2 }, staff, { id });
      expect(status.status, JSON.stringify(status.body)).toBe(404);
      expect(status.body.message).toBe(M.notFound);
      const move = await send(A.move, { startsAt: at(dayAhead(3), '10:00') }, staff, { id });
      expect(move.status, JSON.stringify(move.body)).toBe(404);
      expect(move.body.message).toBe(M.notFound);
    }
    const cancel = await send(C.cancel, { id: 'abc' }, anna.token);
    expect(cancel.status).toBe(400);
    expect(cancel.body.errors).toEqual([{ field: 'id', message: M.notFound }]);
  });

  it('approves only a booking still open as it stands (item 7)', async () => {
    const created = await cabin('Closing Room', locationId);
    const room = created.body.data.id as string;
    await everyDay(room, '10:00', '12:00', dayAhead(-1));
    const date = dayAhead(3);
    const first = await book(at(date, '10:00'), room);
    const second = await book(at(date, '11:00'), room);
    expect([first.status, second.status]).toEqual([200, 200]);
    server.mailbox.unread();

    const update = resourcePaths(cabinResource).byId(room);
    const closed = await server.client().request('PUT', update, { body: { isActive: false }, token: staff });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const refused = await decide(first.body.data.id, 2);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.message).toBe(M.noLongerBookable);

    // Open again, but the slot of that week day switched off.
    await server.client().request('PUT', update, { body: { isActive: true }, token: staff });
    const slots = await post<PaginateResult<ResourceRecord>>(resourcePaths(slotResource).paginate, {
      limit: 100,
      filter: { cabinId: room, weekDay: wallClockOf(new Date(first.body.data.startsAt), ZONE).weekDay },
    });
    const [slotRow] = slots.body.data.list;
    // A slot in use cannot be deleted; switched off, it offers nothing more.
    const removed = await server
      .client()
      .request('PUT', resourcePaths(slotResource).byId(slotRow?.id as string), {
        body: { isActive: false },
        token: staff,
      });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const gone = await decide(second.body.data.id, 2);
    expect(gone.status, JSON.stringify(gone.body)).toBe(409);
    expect(gone.body.message).toBe(M.noLongerBookable);

    const list = await send<PaginateResult<AppointmentRecord>>(A.paginate, { filter: { cabinId: room } });
    expect(list.body.data.list.map((row) => row.status)).toEqual([
      APPOINTMENT_STATUSES.pending,
      APPOINTMENT_STATUSES.pending,
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.mailbox.unread().filter((mail) => /confirmed/.test(mail.subject))).toEqual([]);
  });

  it('opens the day a skipped time names just after the gap, in every zone (item 9)', async () => {
    const cases = [
      { zone: 'America/New_York', date: '2027-03-14', time: '02:00', startsAt: '2027-03-14T07:00:00.000Z' },
      { zone: 'America/Santiago', date: '2026-09-06', time: '00:00', startsAt: '2026-09-06T04:00:00.000Z' },
      { zone: 'Europe/Brussels', date: '2027-03-28', time: '02:00', startsAt: '2027-03-28T01:00:00.000Z' },
    ];
    for (const [index, each] of cases.entries()) {
      const place = await location(`Gap House ${index}`, each.zone);
      const created = await cabin('Gap Room', place);
      const room = created.body.data.id as string;
      const [hours] = each.time.split(':').map(Number) as [number];
      const end = `${String(hours + 2).padStart(2, '0')}:00`;
      await everyDay(room, each.time, end, '2026-01-01');
      const answer = await send<ScheduleAnswer>(A.schedule, {
        from: each.date,
        to: each.date,
        locationId: place,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const [window] = answer.body.data.windows.filter((one) => one.date === each.date);
      expect(window?.startsAt, each.zone).toBe(each.startsAt);
      expect(window?.endsAt, each.zone).toBe(at(each.date, end, each.zone));
    }
  });

  it('answers customers without the staff who decided (item 10)', async () => {
    const date = dayAhead(5);
    const booked = await book(at(date, '10:30'));
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.data).not.toHaveProperty('decidedBy');
    expect(booked.body.data).not.toHaveProperty('decidedByName');
    const approved = await decide(booked.body.data.id, 2);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.decidedByName).toBeTruthy();
    expect(approved.body.data.decidedBy).toBeTruthy();
    const own = await send<PaginateResult<AppointmentRecord>>(C.paginate, {}, anna.token);
    expect(own.status).toBe(200);
    const row = own.body.data.list.find((each) => each.id === booked.body.data.id);
    expect(row?.status).toBe(APPOINTMENT_STATUSES.approved);
    for (const each of own.body.data.list) {
      expect(each).not.toHaveProperty('decidedBy');
      expect(each).not.toHaveProperty('decidedByName');
    }
    const cancelled = await send(C.cancel, { id: booked.body.data.id }, anna.token);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data).not.toHaveProperty('decidedBy');
    expect(cancelled.body.data).not.toHaveProperty('decidedByName');
    const staffList = await send<PaginateResult<AppointmentRecord>>(A.paginate, {
      filter: { userId: anna.userId, status: APPOINTMENT_STATUSES.cancelled },
    });
    expect(staffList.body.data.list[0]?.decidedByName).toBeTruthy();
  });

  it('keeps a booking that took place final (item 10)', async () => {
    const date = dayAhead(6);
    const booked = await book(at(date, '11:00'));
    expect((await decide(booked.body.data.id, 2)).status).toBe(200);
    await intoThePast(booked.body.data.id);
    server.mailbox.unread();
    const id = booked.body.data.id;
    const moved = await send(A.move, { startsAt: at(dayAhead(7), '10:00') }, staff, { id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(409);
    expect(moved.body.message).toBe(M.alreadyTookPlace);
    const byStaff = await decide(id, 3);
    expect(byStaff.status).toBe(409);
    expect(byStaff.body.message).toBe(M.alreadyTookPlace);
    const byCustomer = await send(C.cancel, { id }, anna.token);
    expect(byCustomer.status).toBe(409);
    expect(byCustomer.body.message).toBe(M.alreadyTookPlace);
    const list = await send<PaginateResult<AppointmentRecord>>(A.paginate, {
      search: booked.body.data.appointmentNumber,
    });
    expect(list.body.data.list[0]?.status).toBe(APPOINTMENT_STATUSES.approved);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const number = booked.body.data.appointmentNumber;
    expect(
      server.mailbox
        .unread()
        .filter((mail) => mail.subject.includes(number) && /cancelled|moved/.test(mail.subject)),
    ).toEqual([]);

    // A request never approved, now past, may still be cleared, and is not moved.
    const stale = await book(at(date, '10:00'));
    await intoThePast(stale.body.data.id);
    const staleMove = await send(A.move, { startsAt: at(dayAhead(7), '10:30') }, staff, {
      id: stale.body.data.id,
    });
    expect(staleMove.status).toBe(409);
    expect((await decide(stale.body.data.id, 3)).status).toBe(200);
  });

  it('answers bad filters and bodies in plain words (item 10)', async () => {
    const cases: [EndpointSpec, unknown, string?][] = [
      [A.paginate, { filter: { cabinId: 'abc' } }],
      [A.paginate, { filter: { locationId: [] } }],
      [A.paginate, { filter: { userId: ['x'] } }],
      [A.paginate, { filter: { accountId: 1 } }],
      [A.paginate, { filter: { status: [] } }],
      [A.paginate, { filter: { meetingType: 'x' } }],
      [A.paginate, { filter: { startsAt: { from: '0001-01-01T00:30:00+01:00' } } }],
      [A.paginate, { filter: { startsAt: { to: 'soon' } } }],
      [A.schedule, { from: '2027-01-01', to: '2027-01-02', locationId: 'x' }],
      [A.schedule, null],
      [A.move, { startsAt: '0001-01-01T00:30:00+01:00' }, 'x'],
      [A.move, { startsAt: at(dayAhead(3), '10:00'), cabinId: 'abc' }, 'x'],
      [A.updateStatus, null, 'x'],
      [C.slots, { date: dayAhead(1), cabinId: 'abc' }],
      [C.slots, { date: dayAhead(1), locationId: 'abc' }],
      [C.slots, null],
      [C.create, null],
      [
        C.create,
        { cabinId: 'abc', startsAt: 'x', purpose: 'p'.repeat(501), meetingType: 1, stoneIds: ['x'] },
      ],
      [
        C.create,
        { cabinId, startsAt: at(dayAhead(3), '10:00'), purpose: 'p', meetingType: 1, stoneIds: 'x' },
      ],
      [C.create, { cabinId, startsAt: at(dayAhead(3), '10:00'), purpose: 'p', meetingType: 1, notes: 5 }],
      [C.paginate, { filter: { status: [] } }],
      [C.paginate, { filter: { cabinId: 'x' }, sort: { name: 'up' } }],
      [A.paginate, { filter: { startsAt: { since: '2026-01-01' } } }],
      [C.cancel, null],
      [C.cancel, { id: 'abc', reason: 'r'.repeat(1001) }],
    ];
    const knownId = (await book(at(dayAhead(8), '10:00'))).body.data.id;
    for (const [endpoint, body, id] of cases) {
      const customer = endpoint.path.startsWith('apis/customer');
      const answer = await send(
        endpoint,
        body,
        customer ? anna.token : staff,
        id ? { id: knownId } : undefined,
      );
      const text = JSON.stringify(answer.body);
      expect(answer.status, `${endpoint.path} ${JSON.stringify(body)}: ${text}`).toBe(400);
      expect(text, `${endpoint.path} ${JSON.stringify(body)}`).not.toMatch(RAW);
    }
    // Taken or refused, never in zod's words and never a failure.
    const lenient: [EndpointSpec, unknown][] = [
      [A.paginate, null],
      [A.paginate, { filter: null }],
      [A.paginate, { filter: { status: null, cabinId: null } }],
      [A.export, null],
      [C.paginate, null],
      [C.paginate, { filter: { status: null } }],
      [C.create, { cabinId, stoneIds: null, notes: null }],
    ];
    for (const [endpoint, body] of lenient) {
      const customer = endpoint.path.startsWith('apis/customer');
      const answer = await send(endpoint, body, customer ? anna.token : staff);
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      expect(answer.status, `${endpoint.path} ${JSON.stringify(body)}: ${text}`).toBeLessThan(500);
      if (answer.status >= 400) expect(text, `${endpoint.path} ${JSON.stringify(body)}`).not.toMatch(RAW);
    }
    const stones = await send(
      C.create,
      { cabinId: 'abc', startsAt: 'x', purpose: 'p'.repeat(501), meetingType: 1, stoneIds: ['x'] },
      anna.token,
    );
    expect(stones.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'cabinId', message: M.cabin },
        { field: 'startsAt', message: INVALID_DATE },
        { field: 'purpose', message: M.purposeTooLong },
      ]),
    );
    const shifted = await send(A.paginate, { filter: { startsAt: { from: '0001-01-01T00:30:00+01:00' } } });
    expect(shifted.body.errors).toEqual([{ field: 'filter.startsAt.from', message: INVALID_DATE }]);
  });

  it('keeps cabin names unique within a location (item 10)', async () => {
    const other = await location('Antwerp Edge House', 'Europe/Brussels');
    const first = await cabin('Pear Room', locationId);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const same = await cabin('pear room', locationId);
    expect(same.status, JSON.stringify(same.body)).toBe(409);
    expect(same.body.errors).toEqual([{ field: 'name', message: M.cabinNameTaken }]);
    const elsewhere = await cabin('Pear Room', other);
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    // Moved into the location, or renamed to a name it holds: refused the same way.
    const update = (id: string, body: unknown) =>
      server.client().request('PUT', resourcePaths(cabinResource).byId(id), { body, token: staff });
    const moved = await update(elsewhere.body.data.id as string, { locationId });
    expect(moved.status, JSON.stringify(moved.body)).toBe(409);
    expect(moved.body.errors).toEqual([{ field: 'name', message: M.cabinNameTaken }]);
    const renamed = await update(elsewhere.body.data.id as string, { name: 'Pear Room 2' });
    expect(renamed.status).toBe(200);
    // Two at once: one is kept.
    const both = await Promise.all([cabin('Twin Room', locationId), cabin('Twin Room', locationId)]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const listed = await post<PaginateResult<ResourceRecord>>(resourcePaths(cabinResource).paginate, {
      limit: 100,
      filter: { locationId },
      search: 'Twin Room',
    });
    expect(listed.body.data.list).toHaveLength(1);
  });
});
