import {
  type BodyIn,
  CUSTOMER_ACTIVITY_ENDPOINTS as C,
  DIAMOND_COMMENT_ENDPOINTS,
  type EndpointSpec,
  STOCK_SUMMARY_MESSAGES as M,
  NOTIFICATION_ENDPOINTS,
  notificationSettingResource,
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
import { stoneBlocks } from '../src/stock-summary/stock-summary-tables.ts';
import { companyViaApi, customerViaApi } from './customers.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createStones, gradeIds } from './test-stones.ts';
import { uploadStones } from './upload-stones.ts';
import { createUserViaApi } from './user-admin.ts';

const EVERYTHING = ['cart', 'watchlist', 'reminder', 'enquiry', 'offer', 'hold', 'demand'] as const;
const soon = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 8000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

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
});
