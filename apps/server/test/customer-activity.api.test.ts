import {
  AUDIT_ENDPOINTS,
  type BodyIn,
  CUSTOMER_ACTIVITY_ENDPOINTS as C,
  DIAMOND_COMMENT_ENDPOINTS,
  type EndpointSpec,
  STOCK_SUMMARY_MESSAGES as M,
  NOTIFICATION_ENDPOINTS,
  notificationSettingResource,
  OFFER_LIMITS,
  OFFER_STATUS_OPTIONS,
  OFFER_STATUSES,
  pathOf,
  type ResourceRecord,
  resourcePaths,
  STOCK_SUMMARY_ENDPOINTS as S,
  STONE_BLOCK_STATES,
  stoneResource,
  TRACK_TYPES,
  USER_TYPES,
  type UserRecord,
} from '@facet/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_GATE_MESSAGES } from '../src/access/customer-gate.ts';
import { stones as stoneTable } from '../src/db/resource-tables.ts';
import { diamondTracks, stoneBlocks } from '../src/stock-summary/stock-summary-tables.ts';
import { stone as stoneColumns } from '../src/stock-summary/track-rows.ts';
import { companyViaApi, customerViaApi } from './customers.ts';
import { eventually, hoursFromNow } from './eventually.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createStones, gradeIds } from './test-stones.ts';
import { uploadStones } from './upload-stones.ts';
import { createUserViaApi } from './user-admin.ts';

const EVERYTHING = ['cart', 'watchlist', 'reminder', 'enquiry', 'offer', 'hold', 'demand'] as const;
const soon = hoursFromNow;

/** What customers do with stones, and what staff see and answer of it, through HTTP on both databases. */
describe.skipIf(!(await databaseAvailable()))('customer activity', () => {
  let server: TestServer;
  let staff: string;
  let anna: { user: UserRecord; token: string };
  let bram: { user: UserRecord; token: string };
  let pending: { user: UserRecord; token: string };
  let watcher: { user: UserRecord; token: string };
  let stones: ResourceRecord[];
  const call = <E extends EndpointSpec>(endpoint: E, body: BodyIn<E>, token = staff) =>
    server.client().call(endpoint, body, { token });
  const send = (endpoint: EndpointSpec, body: unknown, token = staff) =>
    server.client().request(endpoint.method, pathOf(endpoint), { body, token });
  const stoneStatus = async (id: string) =>
    (await server.client().get<ResourceRecord>(resourcePaths(stoneResource).byId(id), staff)).body.data
      .status;

  beforeAll(async () => {
    server = await startServer({ JOBS_INTERVAL_SECONDS: '0.3' }, { seed: { referenceData: true } });
    staff = await adminToken(server, server.client());
    const company = await companyViaApi(server, staff, 'Antwerp Brilliants');
    const other = await companyViaApi(server, staff, 'Ramat Gems');
    const unapproved = await companyViaApi(server, staff, 'Not Yet Ltd', { approved: false });
    anna = await customerViaApi(server, staff, company.id as string, EVERYTHING);
    bram = await customerViaApi(server, staff, other.id as string, EVERYTHING);
    pending = await customerViaApi(server, staff, unapproved.id as string, EVERYTHING);
    watcher = await customerViaApi(server, staff, other.id as string, ['watchlist']);
    stones = await createStones(server.client(), staff, [
      {
        stockNumber: 'CA-1',
        carat: 1.01,
        shape: 'Round',
        color: 'F',
        clarity: 'VS2',
        rapPrice: 10000,
        discount: -20,
      },
      {
        stockNumber: 'CA-2',
        carat: 2.02,
        shape: 'Cushion',
        color: 'H',
        clarity: 'SI1',
        rapPrice: 8000,
        discount: -30,
      },
      {
        stockNumber: 'CA-3',
        carat: 0.5,
        shape: 'Round',
        color: 'D',
        clarity: 'IF',
        rapPrice: 6000,
        discount: -10,
      },
      {
        stockNumber: 'CA-4',
        carat: 1.5,
        shape: 'Oval',
        color: 'G',
        clarity: 'VS1',
        rapPrice: 9000,
        discount: -25,
      },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const id = (index: number) => stones[index]?.id as string;

  it('keeps a cart and a watchlist with the price of the moment, and staff list them by stone and customer', async () => {
    const added = await call(
      C.trackAdd,
      { list: 'cart', stoneIds: [id(0), id(1)], device: 'web' },
      anna.token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.data).toMatchObject({ added: 2, existing: 0 });
    const again = await call(C.trackAdd, { list: 'cart', stoneIds: [id(0)] }, anna.token);
    expect(again.body.data).toMatchObject({ added: 0, existing: 1 });
    expect((await call(C.trackAdd, { list: 'watchlist', stoneIds: [id(2)] }, bram.token)).status).toBe(200);

    const carts = await call(S.trackPaginate, { filter: { trackType: TRACK_TYPES.cart } });
    expect(carts.status, JSON.stringify(carts.body)).toBe(200);
    expect(carts.body.data.count).toBe(2);
    const first = carts.body.data.list.find((row) => row.stockNumber === 'CA-1');
    expect(first).toMatchObject({
      userName: anna.user.name,
      accountName: 'Antwerp Brilliants',
      shape: 'Round',
      color: 'F',
      clarity: 'VS2',
      carat: 1.01,
      device: 'web',
      stoneAvailable: true,
    });
    // The price then is the stone's price at the time; the price now follows the stock.
    expect(first?.amount).toBe(first?.currentAmount);
    expect(first?.amount).toBeGreaterThan(0);

    const idOf = await gradeIds(server.client(), staff);
    const byShape = await call(S.trackPaginate, { filter: { shapeId: [idOf('SHAPE', 'Cushion')] } });
    expect(byShape.body.data.list.map((row) => row.stockNumber)).toEqual(['CA-2']);
    const byCarat = await call(S.trackPaginate, {
      filter: { carat: { from: 0.4, to: 1.1 } },
      sort: { carat: 'asc' },
    });
    expect(byCarat.body.data.list.map((row) => row.stockNumber)).toEqual(['CA-3', 'CA-1']);
    const byCustomer = await call(S.trackPaginate, { filter: { userId: bram.user.id } });
    expect(byCustomer.body.data.list.map((row) => [row.trackType, row.stockNumber])).toEqual([
      [TRACK_TYPES.watchlist, 'CA-3'],
    ]);
    expect((await call(S.trackPaginate, { search: 'ramat' })).body.data.count).toBe(1);
    const wrongWay = await send(S.trackPaginate, { filter: { carat: { from: 2, to: 1 } } });
    expect(wrongWay.status).toBe(400);

    const customers = await call(S.customerActivity, {});
    expect(customers.status, JSON.stringify(customers.body)).toBe(200);
    expect(customers.body.data.list.find((row) => row.userId === anna.user.id)).toMatchObject({
      cart: 2,
      items: 2,
    });

    const removed = await call(C.trackRemove, { list: 'cart', stoneIds: [id(1)] }, anna.token);
    expect(removed.body.data).toEqual({ removed: 1 });
    const own = await call(C.trackPaginate, { filter: { list: 'cart' } }, anna.token);
    expect(own.body.data.list.map((row) => row.stockNumber)).toEqual(['CA-1']);
    // A customer reads only their own activity.
    expect((await call(C.trackPaginate, {}, bram.token)).body.data.list.map((row) => row.userId)).toEqual([
      bram.user.id,
    ]);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const past = await send(
      C.trackAdd,
      { list: 'reminder', stoneIds: [id(0)], reminderDate: soon(-1) },
      anna.token,
    );
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain(M.reminderInPast);
    const noDate = await send(C.trackAdd, { list: 'reminder', stoneIds: [id(0)] }, anna.token);
    expect(JSON.stringify(noDate.body)).toContain(M.reminderDateRequired);
    const noQuestion = await send(C.trackAdd, { list: 'enquiry', stoneIds: [id(0)] }, anna.token);
    expect(JSON.stringify(noQuestion.body)).toContain(M.messageRequired);
    const unknownStone = await send(
      C.trackAdd,
      { list: 'cart', stoneIds: ['00000000-0000-4000-8000-000000000000'] },
      anna.token,
    );
    expect(unknownStone.status).toBe(400);
    expect(JSON.stringify(unknownStone.body)).toContain(M.stoneUnavailable);
    for (const body of [
      null,
      { list: 'basket', stoneIds: [id(0)] },
      { list: 'cart', stoneIds: 'x' },
      { list: 'cart', stoneIds: [id(0)], userId: bram.user.id },
    ]) {
      const response = await send(C.trackAdd, body, anna.token);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('E_BAD_REQUEST');
    }
    expect((await call(C.trackPaginate, { filter: { list: 'reminder' } }, anna.token)).body.data.count).toBe(
      0,
    );
  });

  it('lets only customers of an approved company act, each within their modules', async () => {
    const refused = await send(C.trackAdd, { list: 'cart', stoneIds: [id(0)] }, pending.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CUSTOMER_GATE_MESSAGES.notApproved);
    const noCart = await send(C.trackAdd, { list: 'cart', stoneIds: [id(0)] }, watcher.token);
    expect(noCart.status).toBe(403);
    expect((await send(C.trackAdd, { list: 'watchlist', stoneIds: [id(0)] }, watcher.token)).status).toBe(
      200,
    );
    // Asking for a list by name needs its module.
    expect((await send(C.trackPaginate, { filter: { list: 'cart' } }, watcher.token)).status).toBe(403);
    expect((await call(C.trackPaginate, {}, watcher.token)).body.data.count).toBe(1);
    // Staff do not act as customers, not even a super admin.
    expect((await send(C.trackAdd, { list: 'cart', stoneIds: [id(0)] }, staff)).status).toBe(403);
    // Customers do not read the staff lists.
    expect((await send(S.trackPaginate, {}, anna.token)).status).toBe(403);
  });

  it('numbers enquiries, and a reply is recorded and mailed to the customer', async () => {
    server.mailbox.unread();
    const asked = await call(
      C.trackAdd,
      { list: 'enquiry', stoneIds: [id(0)], message: 'Is the girdle thick?' },
      anna.token,
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const [enquiry] = (
      await call(S.trackPaginate, { filter: { trackType: TRACK_TYPES.enquiry, replied: false } })
    ).body.data.list;
    expect(enquiry?.enquiryNumber).toMatch(/^ENQ-\d{6}$/);
    expect(enquiry?.remarks).toBe('Is the girdle thick?');
    const replied = await call(S.enquiryReply, {
      id: enquiry?.id as string,
      reply: 'Medium to slightly thick.',
    });
    expect(replied.status, JSON.stringify(replied.body)).toBe(200);
    expect(replied.body.data).toMatchObject({
      reply: 'Medium to slightly thick.',
      repliedByName: expect.any(String),
    });
    const mail = await server.mailbox.next();
    expect(mail.text).toContain('Medium to slightly thick.');
    expect(mail.subject).toContain(enquiry?.enquiryNumber as string);
    expect((await send(S.enquiryReply, { id: enquiry?.id, reply: '  ' })).status).toBe(400);
    const twice = await send(S.enquiryReply, { id: enquiry?.id, reply: 'Again.' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(M.enquiryAnswered);
  });

  it('takes offers, which staff accept, reject or counter once', async () => {
    const made = await call(
      C.offerCreate,
      { stoneId: id(1), pricePerCarat: 4500, remarks: 'Cash buyer' },
      anna.token,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      offerStatus: OFFER_STATUSES.pending,
      offerPricePerCarat: 4500,
      offerAmount: 9090,
    });
    const again = await send(C.offerCreate, { stoneId: id(1), pricePerCarat: 4600 }, anna.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.offerPending);
    const counter = await send(S.offerDecision, { id: made.body.data.id, decision: 'counter' });
    expect(JSON.stringify(counter.body)).toContain(M.counterPriceRequired);
    const accepted = await call(S.offerDecision, { id: made.body.data.id, decision: 'accept' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.message).toBe(M.offerAccepted);
    expect(accepted.body.data.offerStatus).toBe(OFFER_STATUSES.accepted);
    const twice = await send(S.offerDecision, { id: made.body.data.id, decision: 'reject' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(M.offerAnswered);
    const told = await call(NOTIFICATION_ENDPOINTS.paginate, {}, anna.token);
    expect(told.body.data.list.some((item) => item.action === 'offer-accepted')).toBe(true);
  });

  it('shows a counter to staff and the customer as Countered, with both dates, until it expires', async () => {
    const made = await call(C.offerCreate, { stoneId: id(0), pricePerCarat: 6000 }, bram.token);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const counterUntil = soon(24);
    const countered = await call(S.offerDecision, {
      id: made.body.data.id,
      decision: 'counter',
      counterPricePerCarat: 7200,
      validUntil: counterUntil,
    });
    expect(countered.status, JSON.stringify(countered.body)).toBe(200);
    expect(countered.body.message).toBe(M.offerCountered);
    const label = (status: number | null) =>
      OFFER_STATUS_OPTIONS.find((option) => option.value === status)?.label;
    expect(label(countered.body.data.offerStatus)).toBe('Countered');

    // Staff find it under the new status, with when the customer offered and when staff countered.
    const listed = await call(S.trackPaginate, {
      filter: { trackType: TRACK_TYPES.offer, offerStatus: OFFER_STATUSES.countered },
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const row = listed.body.data.list.find((item) => item.id === made.body.data.id);
    expect(row).toMatchObject({
      offerStatus: OFFER_STATUSES.countered,
      offerPricePerCarat: 6000,
      counterPricePerCarat: 7200,
      validUntil: new Date(counterUntil).toISOString(),
      createdAt: made.body.data.createdAt,
      counteredAt: expect.any(String),
    });
    expect(Date.parse(row?.counteredAt ?? '')).toBeGreaterThanOrEqual(Date.parse(made.body.data.createdAt));
    const pendingOnly = await call(S.trackPaginate, {
      filter: { trackType: TRACK_TYPES.offer, offerStatus: OFFER_STATUSES.pending },
    });
    expect(pendingOnly.body.data.list.some((item) => item.id === made.body.data.id)).toBe(false);

    // The customer reads the counter in their own offers, and was told of it.
    const own = await call(C.trackPaginate, { filter: { list: 'offer' } }, bram.token);
    expect(own.body.data.list.find((item) => item.id === made.body.data.id)).toMatchObject({
      offerStatus: OFFER_STATUSES.countered,
      counterPricePerCarat: 7200,
      counteredAt: row?.counteredAt,
      validUntil: new Date(counterUntil).toISOString(),
    });
    const told = await call(NOTIFICATION_ENDPOINTS.paginate, {}, bram.token);
    expect(told.body.data.list.map((item) => item.message).join(' ')).toContain(
      'We can offer USD 7,200.00 per carat until',
    );

    // A counter past its date expires by the job, as a pending offer does.
    await server.database.db
      .update(diamondTracks)
      .set({ validUntil: sql`now() - interval '1 minute'` })
      .where(eq(diamondTracks.id, made.body.data.id));
    const expired = await eventually(
      () => call(C.trackPaginate, { filter: { list: 'offer' } }, bram.token),
      (response) =>
        response.body.data.list.some(
          (item) => item.id === made.body.data.id && item.offerStatus === OFFER_STATUSES.expired,
        ),
    );
    expect(expired.body.data.list.find((item) => item.id === made.body.data.id)).toMatchObject({
      offerStatus: OFFER_STATUSES.expired,
      counterPricePerCarat: 7200,
      counteredAt: row?.counteredAt,
    });
    const late = await send(S.offerDecision, { id: made.body.data.id, decision: 'accept' });
    expect(late.status).toBe(409);
  });

  it('holds a stone for one customer only, whatever the race, until staff release it or it lapses', async () => {
    const racers = await Promise.all(
      [anna, bram].map((who) => send(C.holdCreate, { stoneId: id(3), hours: 24 }, who.token)),
    );
    expect(racers.map((response) => response.status).sort()).toEqual([200, 409]);
    const holder = racers[0]?.status === 200 ? anna : bram;
    const other = holder === anna ? bram : anna;
    expect(await stoneStatus(id(3))).toBe('H');
    const loser = racers.find((response) => response.status === 409);
    expect(loser?.body.message).toBe(M.stoneBlocked);
    // The other customer cannot put it in a cart or offer on it either.
    expect(
      JSON.stringify((await send(C.trackAdd, { list: 'cart', stoneIds: [id(3)] }, other.token)).body),
    ).toContain(M.stoneBlocked);
    expect((await send(C.offerCreate, { stoneId: id(3), pricePerCarat: 100 }, other.token)).status).toBe(400);

    const [hold] = (await call(S.blockPaginate, { filter: { stoneId: id(3) } })).body.data.list;
    expect(hold).toMatchObject({
      userId: holder.user.id,
      state: STONE_BLOCK_STATES.requested,
      stockNumber: 'CA-4',
    });
    const confirmed = await call(S.blockUpdate, { id: hold?.id as string, action: 'confirm' });
    expect(confirmed.body.data).toMatchObject({
      state: STONE_BLOCK_STATES.confirmed,
      confirmedByName: expect.any(String),
    });
    const extended = await call(S.blockUpdate, { id: hold?.id as string, action: 'extend', until: soon(72) });
    expect(extended.status, JSON.stringify(extended.body)).toBe(200);
    expect(
      JSON.stringify((await send(S.blockUpdate, { id: hold?.id, action: 'extend', until: soon(-2) })).body),
    ).toContain(M.untilPast);
    const released = await call(S.blockUpdate, { id: hold?.id as string, action: 'release' });
    expect(released.body.message).toBe(M.blockReleased);
    expect(await stoneStatus(id(3))).toBe('A');
    expect((await send(S.blockUpdate, { id: hold?.id, action: 'release' })).status).toBe(409);

    // A hold past its end is ended by the job, which gives the stone back.
    const again = await call(C.holdCreate, { stoneId: id(3), hours: 1 }, other.token);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await server.database.db
      .update(stoneBlocks)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(stoneBlocks.id, again.body.data.id));
    const lapsed = await eventually(
      () => call(S.blockPaginate, { filter: { stoneId: id(3), live: false } }),
      (response) => response.body.data.list.some((row) => row.state === STONE_BLOCK_STATES.lapsed),
    );
    expect(lapsed.body.data.list.some((row) => row.state === STONE_BLOCK_STATES.lapsed)).toBe(true);
    expect(await stoneStatus(id(3))).toBe('A');
  });

  it('saves demands, counts their matches and tells the owner of new stones that match', async () => {
    const idOf = await gradeIds(server.client(), staff);
    const unknownKey = await send(
      C.demandCreate,
      { name: 'Pears', filter: { shape: 'Pear' }, expiresAt: soon(48) },
      bram.token,
    );
    expect(unknownKey.status).toBe(400);
    const empty = await send(
      C.demandCreate,
      { name: 'Anything', filter: {}, expiresAt: soon(48) },
      bram.token,
    );
    expect(JSON.stringify(empty.body)).toContain(M.demandFilterRequired);
    const expired = await send(
      C.demandCreate,
      { name: 'Old', filter: { carat: { from: 1 } }, expiresAt: '2020-01-01' },
      bram.token,
    );
    expect(JSON.stringify(expired.body)).toContain(M.demandExpiryPast);

    const saved = await call(
      C.demandCreate,
      {
        name: 'Ovals over a carat',
        filter: { shapeId: [idOf('SHAPE', 'Oval')], carat: { from: 1 } },
        expiresAt: soon(24 * 30),
      },
      bram.token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ matches: 1, live: true });
    expect(saved.body.data.criteria).toContain('Oval');

    await createStones(server.client(), staff, [
      { stockNumber: 'CA-NEW-OVAL', carat: 2.2, shape: 'Oval', color: 'E', clarity: 'VVS1' },
    ]);
    const told = await eventually(
      () => call(NOTIFICATION_ENDPOINTS.paginate, { filter: { action: 'demand' } }, bram.token),
      (response) => response.body.data.list.length > 0,
    );
    expect(told.body.data.list[0]?.message).toContain('CA-NEW-OVAL');
    const details = await call(S.demandDetails, {});
    expect(details.body.data.list.find((row) => row.id === saved.body.data.id)).toMatchObject({
      matches: 2,
      userName: bram.user.name,
    });
    const summary = await call(S.demandSummary, {});
    expect(summary.body.data).toMatchObject({ live: 1, customers: 1, matched: 1 });
    // Told once: a second run finds nothing new.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(
      (await call(NOTIFICATION_ENDPOINTS.paginate, { filter: { action: 'demand' } }, bram.token)).body.data
        .list,
    ).toHaveLength(1);

    expect((await call(C.demandRemove, { id: saved.body.data.id }, bram.token)).status).toBe(200);
    expect((await send(C.demandRemove, { id: saved.body.data.id }, bram.token)).status).toBe(404);
  });

  it('tells the owner of a demand of a matching stone of a stock upload, in the bell and by mail, with the template', async () => {
    const idOf = await gradeIds(server.client(), staff);
    const setting = await server.client().post(
      resourcePaths(notificationSettingResource).create,
      {
        action: 'demand',
        title: 'Stones for {name}',
        template: 'New stones {stone} match your demand.',
        email: true,
        inApp: true,
        push: false,
        isActive: true,
      },
      staff,
    );
    expect(setting.status, JSON.stringify(setting.body)).toBe(200);
    const saved = await call(
      C.demandCreate,
      { name: 'Pears', filter: { shapeId: [idOf('SHAPE', 'Pear')] }, expiresAt: soon(24 * 7) },
      anna.token,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    server.mailbox.unread();
    const job = await uploadStones(
      server.client(),
      staff,
      'Stock #,Shape,Carat,Color,Clarity,Price/Ct\nUP-PEAR-1,Pear,0.91,G,VS1,3000\n',
    );
    expect(job.state).toBe('completed');
    const told = await eventually(
      () => call(NOTIFICATION_ENDPOINTS.paginate, { filter: { action: 'demand' } }, anna.token),
      (response) => response.body.data.list.length > 0,
    );
    expect(told.body.data.list[0]?.message).toBe('New stones UP-PEAR-1 match your demand.');
    const mail = await server.mailbox.next(8000);
    expect(mail.text).toContain('New stones UP-PEAR-1 match your demand.');
  });

  it('counts comments by stone', async () => {
    const customer = await createUserViaApi(server.client(), staff, { type: USER_TYPES.CUSTOMER });
    for (const stone of [0, 0, 2]) {
      const made = await call(DIAMOND_COMMENT_ENDPOINTS.create, {
        userId: customer.id,
        stoneId: id(stone),
        remarks: 'Nice make',
      });
      expect(made.status).toBe(200);
    }
    const counts = await call(S.commentCounts, {});
    expect(counts.body.data.list.map((row) => [row.stockNumber, row.comments, row.customers])).toEqual([
      ['CA-1', 2, 1],
      ['CA-3', 1, 1],
    ]);
    const summary = await call(S.commentSummary, { filter: {} });
    expect(summary.body.data).toEqual({ comments: 3, stones: 2, customers: 1, today: 3 });
  });

  it('exports the filtered list as a sheet', async () => {
    const response = await server.client().request('POST', pathOf(S.trackExport), {
      body: { format: 'csv', filter: { trackType: [TRACK_TYPES.cart] } },
      token: staff,
    });
    expect(response.status).toBe(200);
    const text = String(response.body);
    expect(text).toContain('CA-1');
    expect(text).toContain('Antwerp Brilliants');
  });
  /** Fresh stones for one test (round, so that no demand of the tests above matches them). */
  const freshStones = async (prefix: string, count: number) =>
    (
      await createStones(
        server.client(),
        staff,
        Array.from({ length: count }, (_, index) => ({
          stockNumber: `${prefix}-${index + 1}`,
          carat: 1.1,
          shape: 'Round',
          color: 'G',
          clarity: 'VS1',
          rapPrice: 7000,
          discount: -20,
        })),
      )
    ).map((row) => row.id as string);
  const setStoneStatus = (stoneId: string, status: string) =>
    server.database.db
      .update(stoneTable)
      .set({ status } as never)
      .where(eq(stoneColumns.id, stoneId));
  const offerOf = async (who: { token: string }, stoneId: string, pricePerCarat: number) => {
    const made = await call(C.offerCreate, { stoneId, pricePerCarat }, who.token);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return made.body.data.id;
  };
  const ownOffer = async (who: { token: string }, offerId: string) =>
    (await call(C.trackPaginate, { filter: { list: 'offer' } }, who.token)).body.data.list.find(
      (item) => item.id === offerId,
    );
  const trailOf = async (entityId: string) =>
    (await call(AUDIT_ENDPOINTS.paginate, { filter: { entityId } })).body.data.list;

  it('accepts one offer a stone, whoever offered and however often', async () => {
    const [contested, recountered] = await freshStones('CA-ONE', 2);
    const offers = [
      await offerOf(anna, contested as string, 5000),
      await offerOf(bram, contested as string, 5100),
    ];
    const accepts = await Promise.all(
      offers.map((offer) => send(S.offerDecision, { id: offer, decision: 'accept' })),
    );
    expect(accepts.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(accepts.find((response) => response.status === 409)?.body.message).toBe(M.otherOfferAccepted);

    // A countered offer and a new one of the same customer: the new one replaces the countered one.
    const first = await offerOf(anna, recountered as string, 4000);
    expect(
      (await send(S.offerDecision, { id: first, decision: 'counter', counterPricePerCarat: 4800 })).status,
    ).toBe(200);
    const second = await offerOf(anna, recountered as string, 4400);
    expect(await ownOffer(anna, first)).toMatchObject({
      offerStatus: OFFER_STATUSES.expired,
      counterPricePerCarat: 4800,
    });
    expect(await ownOffer(anna, second)).toMatchObject({ offerStatus: OFFER_STATUSES.pending });
    const [expiry] = await trailOf(first);
    expect(expiry).toMatchObject({
      action: 'diamondTrack.expire',
      before: { offerStatus: OFFER_STATUSES.countered },
      after: { offerStatus: OFFER_STATUSES.expired },
    });
    expect((await send(S.offerDecision, { id: second, decision: 'accept' })).status).toBe(200);
    const replaced = await send(S.offerDecision, { id: first, decision: 'accept' });
    expect(replaced.status).toBe(409);
    expect(replaced.body.message).toBe(M.offerAnswered);
    // Nor can anyone else's offer be accepted after it; it can still be rejected.
    const late = await offerOf(bram, recountered as string, 4600);
    const refused = await send(S.offerDecision, { id: late, decision: 'accept' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(M.otherOfferAccepted);
    expect((await send(S.offerDecision, { id: late, decision: 'reject' })).status).toBe(200);
  });

  it('replaces a lapsed offer the job has not swept yet, and tells the customer the counter price they took', async () => {
    const [lapsing, countered] = await freshStones('CA-LAPSE', 2);
    const old = await offerOf(bram, lapsing as string, 3000);
    await server.database.db
      .update(diamondTracks)
      .set({ validUntil: sql`now() - interval '1 second'` })
      .where(eq(diamondTracks.id, old));
    const renewed = await call(
      C.offerCreate,
      { stoneId: lapsing as string, pricePerCarat: 3100 },
      bram.token,
    );
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(await ownOffer(bram, old)).toMatchObject({ offerStatus: OFFER_STATUSES.expired });
    expect((await trailOf(old)).map((entry) => entry.action)).toContain('diamondTrack.expire');

    // A counter must be above the customer's offer.
    const offer = await offerOf(bram, countered as string, 5000);
    for (const counterPricePerCarat of [5000, 4000]) {
      const low = await send(S.offerDecision, { id: offer, decision: 'counter', counterPricePerCarat });
      expect(low.status).toBe(400);
      expect(low.body.errors).toEqual([{ field: 'counterPricePerCarat', message: M.counterNotAbove }]);
    }
    // Only a counter carries a counter price or a date.
    const priced = await send(S.offerDecision, { id: offer, decision: 'accept', counterPricePerCarat: 5500 });
    expect(priced.status).toBe(400);
    expect(JSON.stringify(priced.body)).toContain(M.counterPriceOnlyForCounter);
    const dated = await send(S.offerDecision, { id: offer, decision: 'reject', validUntil: soon(24) });
    expect(dated.status).toBe(400);
    expect(JSON.stringify(dated.body)).toContain(M.validUntilOnlyForCounter);
    expect((await ownOffer(bram, offer))?.offerStatus).toBe(OFFER_STATUSES.pending);

    expect(
      (await send(S.offerDecision, { id: offer, decision: 'counter', counterPricePerCarat: 5600 })).status,
    ).toBe(200);
    const accepted = await call(S.offerDecision, { id: offer, decision: 'accept' });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const told = await call(
      NOTIFICATION_ENDPOINTS.paginate,
      { filter: { action: 'offer-accepted' } },
      bram.token,
    );
    expect(told.body.data.list.map((item) => item.message)).toContain(
      'Your offer of USD 5,000.00 per carat on CA-LAPSE-2 was accepted at our counter price of USD 5,600.00 per carat.',
    );
    const [acceptance] = await trailOf(offer);
    expect(acceptance).toMatchObject({
      action: 'diamondTrack.accept',
      after: { offerStatus: OFFER_STATUSES.accepted, acceptedPricePerCarat: 5600 },
    });
  });

  it('counts countered offers among the open ones a customer may have', async () => {
    const [countered, another] = await freshStones('CA-QUOTA', 2);
    await server.database.db.insert(diamondTracks).values(
      Array.from({ length: OFFER_LIMITS.pendingPerCustomer }, () => ({
        trackType: TRACK_TYPES.offer,
        userId: bram.user.id,
        accountId: bram.user.accountId as string,
        stoneId: countered as string,
        offerPricePerCarat: 1000,
        offerStatus: OFFER_STATUSES.countered,
        counterPricePerCarat: 1200,
        validUntil: new Date(Date.now() + 3_600_000),
      })),
    );
    const over = await send(C.offerCreate, { stoneId: another, pricePerCarat: 1000 }, bram.token);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(M.tooManyOffers);
    // An offer on the countered stone replaces them, so it is not one more.
    expect((await send(C.offerCreate, { stoneId: countered, pricePerCarat: 1100 }, bram.token)).status).toBe(
      200,
    );
    expect((await send(C.offerCreate, { stoneId: another, pricePerCarat: 1000 }, bram.token)).status).toBe(
      200,
    );
  });

  it('takes and settles offers only on stones a hold could take, and not against another customer’s hold', async () => {
    const [upcoming, heldForOther, heldForOwner, stockMemo] = await freshStones('CA-HELD', 4);
    await setStoneStatus(upcoming as string, 'U');
    const notYet = await send(C.offerCreate, { stoneId: upcoming, pricePerCarat: 4000 }, anna.token);
    expect(notYet.status).toBe(400);
    expect(notYet.body.errors).toEqual([{ field: 'stoneId', message: M.stoneNotOfferable }]);

    // Bram holds a stone Anna offered on: her offer can be rejected, not accepted or countered.
    const annas = await offerOf(anna, heldForOther as string, 4000);
    expect(
      (await call(C.holdCreate, { stoneId: heldForOther as string, hours: 24 }, bram.token)).status,
    ).toBe(200);
    for (const body of [
      { id: annas, decision: 'accept' },
      { id: annas, decision: 'counter', counterPricePerCarat: 4500 },
    ]) {
      const refused = await send(S.offerDecision, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(M.stoneBlocked);
    }
    expect((await ownOffer(anna, annas))?.offerStatus).toBe(OFFER_STATUSES.pending);

    // A stone held for the customer who offered is theirs to buy.
    const own = await offerOf(anna, heldForOwner as string, 4000);
    expect(
      (await call(C.holdCreate, { stoneId: heldForOwner as string, hours: 24 }, anna.token)).status,
    ).toBe(200);
    expect(await stoneStatus(heldForOwner as string)).toBe('H');
    expect((await send(S.offerDecision, { id: own, decision: 'accept' })).status).toBe(200);

    // A stone the stock system put on memo after the offer was made cannot be sold on it.
    const before = await offerOf(anna, stockMemo as string, 4000);
    await setStoneStatus(stockMemo as string, 'M');
    const memo = await send(S.offerDecision, { id: before, decision: 'accept' });
    expect(memo.status).toBe(400);
    expect(JSON.stringify(memo.body)).toContain(M.stoneNotOfferable);
  });

  it('keeps one unanswered enquiry a customer a stone', async () => {
    const asked = await freshStones('CA-ASK', 2);
    const first = await call(
      C.trackAdd,
      { list: 'enquiry', stoneIds: asked, message: 'Fluorescence?' },
      bram.token,
    );
    expect(first.body.data).toMatchObject({ added: 2, existing: 0 });
    const again = await call(
      C.trackAdd,
      { list: 'enquiry', stoneIds: asked, message: 'Fluorescence?' },
      bram.token,
    );
    expect(again.body.data).toMatchObject({ added: 0, existing: 2 });
    const waiting = await call(S.trackPaginate, {
      filter: { trackType: TRACK_TYPES.enquiry, replied: false, stoneId: asked, userId: bram.user.id },
    });
    expect(waiting.body.data.count).toBe(2);
    const [answered] = waiting.body.data.list;
    expect((await call(S.enquiryReply, { id: answered?.id as string, reply: 'None.' })).status).toBe(200);
    // Answered, the stone may be asked about again.
    const after = await call(
      C.trackAdd,
      { list: 'enquiry', stoneIds: asked, message: 'And the culet?' },
      bram.token,
    );
    expect(after.body.data).toMatchObject({ added: 1, existing: 1 });
  });

  it('refuses dates outside the years 1 to 9999 in every activity filter and export', async () => {
    for (const [endpoint, filter, field] of [
      [S.demandDetails, { createdAt: { from: '0000-01-01' } }, 'filter.createdAt.from'],
      [S.demandExport, { createdAt: { from: '0000-01-01' } }, 'filter.createdAt.from'],
      [S.trackPaginate, { createdAt: { to: '0000-12-31T23:00:00Z' } }, 'filter.createdAt.to'],
      [S.trackExport, { reminderDate: { from: '0001-01-01T00:30:00+01:00' } }, 'filter.reminderDate.from'],
      [S.blockPaginate, { createdAt: { from: '0000-06-01' } }, 'filter.createdAt.from'],
      [S.commentCounts, { createdAt: { from: '0000-06-01' } }, 'filter.createdAt.from'],
    ] as const) {
      const response = await send(endpoint, { filter });
      expect(response.status, `${endpoint.path} ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body.errors?.[0]?.field).toBe(field);
    }
    // The first and last days the database holds are fine.
    const widest = await send(S.demandDetails, {
      filter: { createdAt: { from: '0001-01-01', to: '9999-12-31' } },
    });
    expect(widest.status, JSON.stringify(widest.body)).toBe(200);
    const allTracks = await send(S.trackPaginate, { filter: { createdAt: { to: '9999-12-31' } } });
    expect(allTracks.status, JSON.stringify(allTracks.body)).toBe(200);
  });
});
