import { readFileSync } from 'node:fs';
import {
  APPOINTMENT_ENDPOINTS as A,
  APPOINTMENT_STATUSES,
  type AppointmentRecord,
  type BodyIn,
  CUSTOMER_APPOINTMENT_ENDPOINTS as C,
  cabinResource,
  countryResource,
  type EndpointSpec,
  formatDateTime,
  instantAt,
  locationResource,
  APPOINTMENT_MESSAGES as M,
  MEETING_TYPES,
  nextDay,
  type PaginateResult,
  pathOf,
  type ResourceRecord,
  resourcePaths,
  SLOT_MESSAGES,
  slotResource,
  USER_TYPES,
  wallClockOf,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyViaApi, customerViaApi } from './customers.ts';
import { databaseAvailable, type Mail, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { userWithRole } from './user-admin.ts';

const ZONE = 'Asia/Kolkata';

/** The raw message with quoted-printable undone, so an invitation part reads as written. */
function rawOf(mail: Mail): string {
  return readFileSync(mail.file, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The calendar day `days` after today, in the location's zone, and a time on it. */
function dayAhead(days: number): string {
  return wallClockOf(new Date(Date.now() + days * 86_400_000), ZONE).date;
}
const at = (date: string, time: string) => {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return instantAt(date, hours * 60 + minutes, ZONE).toISOString();
};

/** Cabins, slots and bookings through HTTP, on both databases. */
describe.skipIf(!(await databaseAvailable()))('appointments', () => {
  let server: TestServer;
  let staff: string;
  let anna: { token: string; userId: string };
  let bram: { token: string; userId: string };
  let outsider: { token: string };
  let carl: { token: string; userId: string };
  let locationId: string;
  let cabinId: string;
  let roomTwo: string;
  const call = <E extends EndpointSpec>(
    endpoint: E,
    body: BodyIn<E>,
    token = staff,
    params?: Record<string, string>,
  ) => server.client().call(endpoint, body, { token, params });
  const send = (endpoint: EndpointSpec, body: unknown, token = staff, params?: Record<string, string>) =>
    server.client().request<AppointmentRecord>(endpoint.method, pathOf(endpoint, params), { body, token });
  const post = <T = ResourceRecord>(path: string, body: unknown, token = staff) =>
    server.client().post<T>(path, body, token);
  const slot = (body: Record<string, unknown>) => post(resourcePaths(slotResource).create, body);
  const book = (startsAt: string, who = anna, cabin = cabinId) =>
    send(
      C.create,
      { cabinId: cabin, startsAt, purpose: 'See the round parcels', meetingType: MEETING_TYPES.inPerson },
      who.token,
    );
  const decide = (id: string, status: 2 | 3, reason?: string) =>
    send(A.updateStatus, { status, ...(reason ? { reason } : {}) }, staff, { id });
  const mailsTo = async (subject: RegExp) => {
    const deadline = Date.now() + 10_000;
    const found: Mail[] = [];
    while (Date.now() < deadline) {
      found.push(...server.mailbox.unread().filter((mail) => subject.test(mail.subject)));
      if (found.length > 0) return found;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return found;
  };

  beforeAll(async () => {
    server = await startServer({ JOBS_INTERVAL_SECONDS: '0.3' }, { seed: { referenceData: true } });
    staff = await adminToken(server, server.client());
    const countries = await post<PaginateResult<ResourceRecord>>(resourcePaths(countryResource).paginate, {
      search: 'IN',
      limit: 500,
    });
    const india = countries.body.data.list.find((row) => row.code === 'IN');
    const location = await post(resourcePaths(locationResource).create, {
      name: 'Mumbai Bharat Diamond Bourse',
      countryId: india?.id,
      timeZone: ZONE,
    });
    expect(location.status, JSON.stringify(location.body)).toBe(200);
    locationId = location.body.data.id as string;
    const cabin = await post(resourcePaths(cabinResource).create, {
      name: 'Room 1',
      locationId,
      capacity: 4,
    });
    expect(cabin.status, JSON.stringify(cabin.body)).toBe(200);
    cabinId = cabin.body.data.id as string;
    const second = await post(resourcePaths(cabinResource).create, {
      name: 'Room 2',
      locationId,
      capacity: 2,
    });
    roomTwo = second.body.data.id as string;
    const yesterday = dayAhead(-1);
    for (const weekDay of [1, 2, 3, 4, 5, 6, 7]) {
      for (const [room, startTime, endTime, slotMinutes] of [
        [cabinId, '10:00', '13:00', 30],
        [cabinId, '14:00', '18:00', 60],
        [roomTwo, '00:00', '23:45', 15],
      ] as const) {
        const created = await slot({
          cabinId: room,
          weekDay,
          startTime,
          endTime,
          slotMinutes,
          validFrom: yesterday,
        });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
      }
    }
    const company = await companyViaApi(server, staff, 'Antwerp Viewers');
    const unapproved = await companyViaApi(server, staff, 'Waiting Gems', { approved: false });
    const a = await customerViaApi(server, staff, company.id as string, ['appointment']);
    const b = await customerViaApi(server, staff, company.id as string, ['appointment']);
    anna = { token: a.token, userId: a.user.id };
    bram = { token: b.token, userId: b.user.id };
    const busy = await companyViaApi(server, staff, 'Busy Buyers');
    const c = await customerViaApi(server, staff, busy.id as string, ['appointment']);
    carl = { token: c.token, userId: c.user.id };
    outsider = await customerViaApi(server, staff, unapproved.id as string, ['appointment']);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses a slot that ends before it starts, a bad time, and one overlapping another of the cabin', async () => {
    const base = { cabinId, weekDay: 1, slotMinutes: 30, validFrom: dayAhead(0) };
    const backwards = await slot({ ...base, startTime: '15:00', endTime: '14:00' });
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain(SLOT_MESSAGES.endAfterStart);
    const badTime = await slot({ ...base, startTime: '9.30', endTime: '11:00' });
    expect(badTime.status).toBe(400);
    expect(JSON.stringify(badTime.body)).toContain(SLOT_MESSAGES.time);
    const tooShort = await slot({ ...base, startTime: '19:00', endTime: '19:20' });
    expect(tooShort.status).toBe(400);
    expect(JSON.stringify(tooShort.body)).toContain(SLOT_MESSAGES.tooShort);
    const overlap = await slot({ ...base, startTime: '12:00', endTime: '14:30' });
    expect(overlap.status).toBe(400);
    expect(JSON.stringify(overlap.body)).toContain('overlaps the slot Monday 10:00');
    const listed = await post<PaginateResult<ResourceRecord>>(resourcePaths(slotResource).paginate, {
      limit: 100,
      filter: { cabinId, weekDay: 1 },
    });
    expect(listed.body.data.list).toHaveLength(2);
  });

  it('keeps one of two parallel overlapping slots of a new cabin', async () => {
    const cabin = await post(resourcePaths(cabinResource).create, {
      name: 'Room 3',
      locationId,
      capacity: 3,
    });
    const room = cabin.body.data.id as string;
    const body = { cabinId: room, weekDay: 3, slotMinutes: 30, validFrom: dayAhead(0) };
    const answers = await Promise.all([
      slot({ ...body, startTime: '09:00', endTime: '12:00' }),
      slot({ ...body, startTime: '11:00', endTime: '13:00' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const listed = await post<PaginateResult<ResourceRecord>>(resourcePaths(slotResource).paginate, {
      limit: 100,
      filter: { cabinId: room },
    });
    expect(listed.body.data.list).toHaveLength(1);
  });

  it('offers the free slots of a day in the location zone', async () => {
    const date = dayAhead(3);
    const answer = await call(C.slots, { date, cabinId }, anna.token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const starts = answer.body.data.map((free) => free.startsAt);
    expect(starts[0]).toBe(at(date, '10:00'));
    expect(starts).toContain(at(date, '12:30'));
    expect(starts).toContain(at(date, '17:00'));
    expect(starts).not.toContain(at(date, '13:00'));
    expect(answer.body.data).toHaveLength(6 + 4);
    expect(answer.body.data[0]).toMatchObject({ cabinName: 'Room 1', timeZone: ZONE });
  });

  it('books, approves with an .ics, refuses a second approval of the same time, then cancels', async () => {
    const date = dayAhead(4);
    const first = await book(at(date, '10:30'));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      status: APPOINTMENT_STATUSES.pending,
      cabinName: 'Room 1',
      locationName: 'Mumbai Bharat Diamond Bourse',
      timeZone: ZONE,
      endsAt: at(date, '11:00'),
    });
    expect(first.body.data.appointmentNumber).toMatch(/^APT-\d{6}$/);
    const second = await book(at(date, '10:30'), bram);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    server.mailbox.unread();

    const approved = await decide(first.body.data.id, 2);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.status).toBe(APPOINTMENT_STATUSES.approved);
    expect(approved.body.data.decidedByName).toBeTruthy();
    const [mail] = await mailsTo(/is confirmed/);
    if (!mail) throw new Error('no confirmation mail');
    const raw = rawOf(mail);
    expect(raw).toContain('text/calendar');
    expect(raw).toContain('METHOD:REQUEST');
    expect(raw).toContain(`UID:${first.body.data.id}@facet`);
    expect(raw).toContain('SEQUENCE:1');
    expect(raw).toContain('10:30');
    expect(raw).toContain(`(${ZONE})`);

    const clash = await decide(second.body.data.id, 2);
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(M.booked);
    const again = await decide(first.body.data.id, 2);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.approveOnlyPending);

    // The slot is no longer offered.
    const free = await call(C.slots, { date, cabinId }, anna.token);
    expect(free.body.data.map((each) => each.startsAt)).not.toContain(at(date, '10:30'));

    const cancelled = await decide(first.body.data.id, 3, 'The room is being repainted.');
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const [cancelMail] = await mailsTo(/is cancelled/);
    if (!cancelMail) throw new Error('no cancellation mail');
    const cancelRaw = rawOf(cancelMail);
    expect(cancelRaw).toContain('METHOD:CANCEL');
    expect(cancelRaw).toContain(`UID:${first.body.data.id}@facet`);
    expect(cancelRaw).toContain('SEQUENCE:2');
    const twice = await decide(first.body.data.id, 3);
    expect(twice.status).toBe(409);
    // With the first gone, the other request of the same time may be approved.
    expect((await decide(second.body.data.id, 2)).status).toBe(200);
  });

  it('lets exactly one of two parallel approvals of the same time win', async () => {
    const date = dayAhead(5);
    const one = await book(at(date, '11:00'));
    const two = await book(at(date, '11:00'), bram);
    expect([one.status, two.status]).toEqual([200, 200]);
    const answers = await Promise.all([decide(one.body.data.id, 2), decide(two.body.data.id, 2)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe(M.booked);
    const list = await call(A.paginate, {
      page: 1,
      limit: 20,
      filter: { cabinId, status: APPOINTMENT_STATUSES.approved, startsAt: { from: at(date, '00:00') } },
    });
    expect(list.body.data.list.filter((row) => row.startsAt === at(date, '11:00'))).toHaveLength(1);
  });

  it('refuses a booking outside the slots, in the past, of unknown stones, or by too many pending', async () => {
    const date = dayAhead(6);
    const between = await book(at(date, '10:15'));
    expect(between.status).toBe(400);
    expect(JSON.stringify(between.body)).toContain(M.outsideSlots);
    const lunch = await book(at(date, '13:00'));
    expect(lunch.status).toBe(400);
    const past = await book(at(dayAhead(-1), '10:00'));
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain(M.past);
    const stones = await send(
      C.create,
      {
        cabinId,
        startsAt: at(date, '10:00'),
        purpose: 'Stones',
        meetingType: MEETING_TYPES.webConference,
        stoneIds: ['00000000-0000-4000-8000-000000000000'],
      },
      anna.token,
    );
    expect(stones.status).toBe(400);
    const badType = await send(
      C.create,
      { cabinId, startsAt: at(date, '10:00'), purpose: 'x', meetingType: 9 },
      anna.token,
    );
    expect(badType.status).toBe(400);
    expect(JSON.stringify(badType.body)).toContain(M.meetingType);
  });

  it('keeps a customer to five pending requests, also when they come at once', async () => {
    const date = dayAhead(10);
    const times = ['09:00', '09:15', '09:30', '09:45', '10:00', '10:15', '10:30'];
    const answers = await Promise.all(times.map((time) => book(at(date, time), carl, roomTwo)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => [answer.status, answer.body.message])).toEqual([
      [409, M.tooManyPending],
      [409, M.tooManyPending],
    ]);
  });

  it('moves a booking and mails the approved one again', async () => {
    const date = dayAhead(7);
    const booked = await book(at(date, '14:00'));
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const id = booked.body.data.id;
    expect((await decide(id, 2)).status).toBe(200);
    await mailsTo(/is confirmed/);
    const outside = await send(A.move, { startsAt: at(date, '14:30') }, staff, { id });
    expect(outside.status).toBe(400);
    const moved = await send(A.move, { startsAt: at(date, '16:00') }, staff, { id });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ startsAt: at(date, '16:00'), endsAt: at(date, '17:00') });
    const [mail] = await mailsTo(/was moved/);
    if (!mail) throw new Error('no mail of the move');
    expect(rawOf(mail)).toContain('SEQUENCE:2');
    const toRoomTwo = await send(A.move, { startsAt: at(date, '09:15'), cabinId: roomTwo }, staff, { id });
    expect(toRoomTwo.status, JSON.stringify(toRoomTwo.body)).toBe(200);
    expect(toRoomTwo.body.data.cabinName).toBe('Room 2');
  });

  it("lists a customer's own bookings and lets them cancel one", async () => {
    const date = dayAhead(8);
    const booked = await book(at(date, '12:00'), bram);
    const own = await call(C.paginate, { page: 1, limit: 50 }, bram.token);
    expect(own.status).toBe(200);
    expect(own.body.data.list.every((row) => row.userId === bram.userId)).toBe(true);
    expect(own.body.data.list.map((row) => row.id)).toContain(booked.body.data.id);
    const notTheirs = await call(C.cancel, { id: booked.body.data.id }, anna.token);
    expect(notTheirs.status).toBe(404);
    const cancelled = await call(C.cancel, { id: booked.body.data.id }, bram.token);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.data.status).toBe(APPOINTMENT_STATUSES.cancelled);
  });

  it('answers the schedule of a week: cabins, open hours and bookings', async () => {
    const from = dayAhead(4);
    const answer = await call(A.schedule, { from, to: nextDay(from, 6), locationId });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { cabins, windows, appointments } = answer.body.data;
    expect(cabins.map((cabin) => cabin.name)).toEqual(['Room 1', 'Room 2', 'Room 3']);
    expect(cabins[0]?.timeZone).toBe(ZONE);
    expect(windows.filter((window) => window.cabinId === cabinId && window.date === from)).toEqual([
      expect.objectContaining({ startsAt: at(from, '10:00'), endsAt: at(from, '13:00'), slotMinutes: 30 }),
      expect.objectContaining({ startsAt: at(from, '14:00'), endsAt: at(from, '18:00'), slotMinutes: 60 }),
    ]);
    expect(appointments.length).toBeGreaterThan(2);
    expect(appointments.every((row) => row.status !== APPOINTMENT_STATUSES.cancelled)).toBe(true);
    const tooLong = await send(A.schedule, { from, to: nextDay(from, 60) });
    expect(tooLong.status).toBe(400);
  });

  it('filters and exports the list', async () => {
    const list = await call(A.paginate, {
      page: 1,
      limit: 100,
      search: 'APT-',
      filter: { locationId, status: [1, 2] },
      sort: { startsAt: 'asc' },
    });
    expect(list.status).toBe(200);
    expect(list.body.data.count).toBeGreaterThan(0);
    const starts = list.body.data.list.map((row) => row.startsAt);
    expect(starts).toEqual([...starts].sort());
    expect(list.body.data.list[0]).toMatchObject({
      accountName: 'Antwerp Viewers',
      locationName: expect.any(String),
    });
    // A reader in another zone reads the customer's time: the file writes it on the location's clock.
    const file = await server.client().request('POST', pathOf(A.export), {
      body: { format: 'csv', filter: { locationId }, timeZone: 'America/Los_Angeles' },
      token: staff,
    });
    expect(file.status).toBe(200);
    const text = String(file.body);
    expect(text).toContain('Appointment #');
    const first = list.body.data.list[0];
    expect(text).toContain(`${formatDateTime(first?.startsAt, { timeZone: ZONE })}`);
    expect(text).not.toContain(`${formatDateTime(first?.startsAt, { timeZone: 'America/Los_Angeles' })}`);
  });

  it('sends the day-before reminder once', async () => {
    const soon = new Date(Date.now() + 3 * 60 * 60 * 1000);
    const clock = wallClockOf(soon, ZONE);
    const quarter = Math.ceil(clock.minutes / 15) * 15;
    const startsAt =
      quarter >= 24 * 60 - 15
        ? instantAt(nextDay(clock.date), 0, ZONE).toISOString()
        : instantAt(clock.date, quarter, ZONE).toISOString();
    const booked = await book(startsAt, anna, roomTwo);
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect((await decide(booked.body.data.id, 2)).status).toBe(200);
    // The job runs every 0.3 s: the reminder goes out once, however many runs follow. (Waiting for the
    // confirmation first would drop a reminder read in the same batch as it.)
    const [reminder] = await mailsTo(/Reminder/);
    expect(reminder?.subject).toContain(booked.body.data.appointmentNumber);
    expect(reminder?.text).toContain(ZONE);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.mailbox.unread().filter((mail) => /Reminder/.test(mail.subject))).toEqual([]);
  });

  it('refuses customers of unapproved companies and staff without the module', async () => {
    const refused = await book(at(dayAhead(9), '10:00'), { token: outsider.token, userId: '' });
    expect(refused.status).toBe(403);
    const clerk = await userWithRole(server, staff, USER_TYPES.EMPLOYEE, 'admin', [
      { id: 9, permissions: { view: true } },
    ]);
    expect((await send(A.paginate, { page: 1, limit: 10 }, clerk.token)).status).toBe(403);
    expect((await send(A.schedule, { from: dayAhead(1), to: dayAhead(2) }, clerk.token)).status).toBe(403);
    const staffAsCustomer = await send(C.slots, { date: dayAhead(1) }, staff);
    expect(staffAsCustomer.status).toBe(403);
  });
});
