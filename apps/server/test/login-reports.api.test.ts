import {
  AUTH_ENDPOINTS,
  type BodyIn,
  type EndpointSpec,
  LOGIN_LOG_ENDPOINTS,
  LOGIN_REPORT_ENDPOINTS,
  LOGIN_SUMMARY_ENDPOINTS,
  pathOf,
  REPORT_MESSAGES,
} from '@facet/contract';
import { lt } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginDaily, loginUserDaily } from '../src/login-log/login-daily-table.ts';
import { loginLogs } from '../src/login-log/login-log-table.ts';
import {
  addDays,
  loginRollupMark,
  rollUpAllLoginDays,
  rollUpClosedLoginDays,
} from '../src/login-log/login-rollup.ts';
import { deviceOf } from '../src/login-log/user-agent-device.ts';
import { type ApiClient, databaseAvailable, extractCode, startServer, type TestServer } from './harness.ts';
import { adminToken, createUser, signIn } from './sign-in.ts';

const PASSWORD = 'Valid#Pass9';
const WRONG = 'Wrong#Pass0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

const today = () => new Date().toISOString().slice(0, 10);

describe('deviceOf', () => {
  it('names the browser and the system, and what is neither', () => {
    expect(deviceOf(CHROME_WINDOWS)).toBe('Chrome on Windows');
    expect(deviceOf(SAFARI_IPHONE)).toBe('Safari on iPhone');
    expect(deviceOf(FIREFOX_LINUX)).toBe('Firefox on Linux');
    expect(
      deviceOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Microsoft Edge on macOS');
    expect(deviceOf('curl/8.5.0')).toBe('Other');
    expect(deviceOf('')).toBe('Unknown device');
  });
});

describe.skipIf(!(await databaseAvailable()))('login reports', () => {
  let server: TestServer;
  let token: string;
  let alice: Awaited<ReturnType<typeof createUser>>;
  let bob: Awaited<ReturnType<typeof createUser>>;
  const from = addDays(today(), -5);
  const to = today();

  /** Both steps of a sign-in from a browser. */
  const signInWith = async (client: ApiClient, username: string, userAgent: string) => {
    const headers = { 'user-agent': userAgent };
    const sent = await client.call(
      AUTH_ENDPOINTS.sendLoginOtp,
      { username, password: PASSWORD },
      { headers },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const otp = extractCode(await server.mailbox.next());
    const login = await client.call(AUTH_ENDPOINTS.login, { username, password: PASSWORD, otp }, { headers });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
  };
  const failWith = async (client: ApiClient, username: string, userAgent: string) => {
    const refused = await client.call(
      AUTH_ENDPOINTS.sendLoginOtp,
      { username, password: WRONG },
      { headers: { 'user-agent': userAgent } },
    );
    expect(refused.status).toBe(401);
  };

  beforeAll(async () => {
    server = await startServer();
    token = await adminToken(server, server.client('10.1.1.1'));
    alice = await createUser(server, { password: PASSWORD });
    bob = await createUser(server, { password: PASSWORD });
    const office = server.client('10.20.0.1');
    const cafe = server.client('10.20.0.2');
    await signInWith(office, alice.username, CHROME_WINDOWS);
    await signInWith(office, alice.username, CHROME_WINDOWS);
    await failWith(office, alice.username, CHROME_WINDOWS);
    await signInWith(cafe, bob.username, SAFARI_IPHONE);
    await failWith(cafe, bob.username, SAFARI_IPHONE);
    await failWith(cafe, bob.username, SAFARI_IPHONE);
    await failWith(cafe, 'ghost', FIREFOX_LINUX);
  });
  afterAll(async () => {
    await server?.close();
  });

  const report = (body: BodyIn<typeof LOGIN_REPORT_ENDPOINTS.paginate>, as = token) =>
    server.client().call(LOGIN_REPORT_ENDPOINTS.paginate, body, { token: as });
  const summary = (body: BodyIn<typeof LOGIN_SUMMARY_ENDPOINTS.paginate>, as = token) =>
    server.client().call(LOGIN_SUMMARY_ENDPOINTS.paginate, body, { token: as });
  const rowOf = <R extends { key: string }>(rows: R[], key: string) => rows.find((row) => row.key === key);

  it('counts sign-ins and failures by user at once, an unknown login under what was typed', async () => {
    const response = await report({ from, to, filter: { by: 'user' }, limit: 100 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { list, count, chart, totals } = response.body.data;
    expect(rowOf(list, alice.id)).toMatchObject({
      label: alice.name,
      signIns: 2,
      failures: 1,
      userId: alice.id,
    });
    expect(rowOf(list, bob.id)).toMatchObject({ signIns: 1, failures: 2 });
    expect(rowOf(list, 'login:ghost')).toMatchObject({
      label: 'ghost (no account)',
      signIns: 0,
      failures: 1,
    });
    expect(rowOf(list, alice.id)?.lastAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(count).toBe(list.length);
    // The admin's two sign-ins (the default password, then the changed one) count as well.
    expect(totals).toEqual({ signIns: 5, failures: 4 });
    expect(chart.labels).toHaveLength(6);
    expect(chart.labels.at(-1)).toBe(to);
    expect(chart.series.map((series) => series.values.at(-1))).toEqual([5, 4]);
    expect(chart.series.map((series) => series.values[0])).toEqual([0, 0]);
  });

  it('counts by address and by device, filtered by result, user, address or device', async () => {
    const byIp = await report({ from, to, filter: { by: 'ip' } });
    expect(rowOf(byIp.body.data.list, '10.20.0.2')).toMatchObject({
      label: '10.20.0.2',
      signIns: 1,
      failures: 3,
    });
    expect(rowOf(byIp.body.data.list, '10.20.0.1')).toMatchObject({ signIns: 2, failures: 1 });

    const byDevice = await report({ from, to, filter: { by: 'device' } });
    expect(rowOf(byDevice.body.data.list, 'Chrome on Windows')).toMatchObject({ signIns: 2, failures: 1 });
    expect(rowOf(byDevice.body.data.list, 'Safari on iPhone')).toMatchObject({ signIns: 1, failures: 2 });
    expect(rowOf(byDevice.body.data.list, 'Firefox on Linux')).toMatchObject({ signIns: 0, failures: 1 });

    const failuresOnly = await report({
      from,
      to,
      filter: { by: 'device', result: 'failure', ip: '10.20.0.2' },
      sort: { failures: 'desc' },
    });
    expect(failuresOnly.body.data.list.map((row) => [row.key, row.signIns, row.failures])).toEqual([
      ['Safari on iPhone', 0, 2],
      ['Firefox on Linux', 0, 1],
    ]);
    const hers = await report({
      from,
      to,
      filter: { by: 'ip', userId: alice.id, device: 'Chrome on Windows' },
    });
    expect(hers.body.data.list.map((row) => row.key)).toEqual(['10.20.0.1']);
  });

  it('sorts and pages, with the count of every row', async () => {
    const first = await report({ from, to, filter: { by: 'user' }, sort: { failures: 'desc' }, limit: 1 });
    expect(first.body.data.list.map((row) => row.key)).toEqual([bob.id]);
    const beyond = await report({ from, to, filter: { by: 'user' }, page: 50, limit: 10 });
    expect(beyond.body.data.list).toEqual([]);
    expect(beyond.body.data.count).toBe(first.body.data.count);
    const byName = await report({ from, to, filter: { by: 'ip' }, sort: { label: 'asc' } });
    const names = byName.body.data.list.map((row) => row.label);
    expect(names).toEqual([...names].sort());
  });

  it('keeps a day once rolled up, after the log of it is pruned, beside today from the log', async () => {
    const day = addDays(today(), -3);
    const at = (time: string) => new Date(`${day}T${time}Z`);
    const event = { userId: alice.id, username: alice.username, ip: '10.20.0.9', userAgent: FIREFOX_LINUX };
    await server.database.db.insert(loginLogs).values([
      { ...event, result: 'otp_sent', createdAt: at('08:00:00') },
      { ...event, result: 'success', createdAt: at('08:01:00') },
      { ...event, result: 'wrong_password', createdAt: at('12:00:00') },
      { ...event, result: 'default_password', createdAt: at('17:30:00') },
    ]);
    expect(await rollUpAllLoginDays(server.database.db)).toBe(3);
    expect(await loginRollupMark(server.database.db)).toBe(today());
    // The job finds nothing more to do until the day closes.
    expect(await rollUpClosedLoginDays({ db: server.database.db })).toBe(0);
    const rolled = await server.database.db.select().from(loginDaily);
    expect(rolled.map((row) => row.device)).toEqual(['Firefox on Linux', 'Firefox on Linux']);
    // A row a user and day beside them, which the summary and the report by user read.
    expect(await server.database.db.select().from(loginUserDaily)).toMatchObject([
      { day, userId: alice.id, signIns: 2, failures: 1 },
    ]);
    await server.database.db
      .delete(loginLogs)
      .where(lt(loginLogs.createdAt, new Date(`${today()}T00:00:00Z`)));

    const days = await summary({ from, to, filter: { userId: alice.id } });
    expect(days.status, JSON.stringify(days.body)).toBe(200);
    expect(days.body.data.list.map((row) => [row.day, row.signIns, row.failures])).toEqual([
      [today(), 2, 1],
      [day, 2, 1],
    ]);
    // Paged by day either way, a page at a time, with the count of every row.
    const second = await summary({ from, to, filter: { userId: alice.id }, page: 2, limit: 1 });
    expect(second.body.data.list).toEqual([days.body.data.list[1]]);
    expect(second.body.data.count).toBe(2);
    const oldest = await summary({ from, to, filter: { userId: alice.id }, sort: { day: 'asc' }, limit: 1 });
    expect(oldest.body.data.list).toEqual([days.body.data.list[1]]);
    const past = await summary({ from, to, filter: { userId: alice.id }, page: 3, limit: 1 });
    expect(past.body.data).toMatchObject({ list: [], count: 2, totals: { signIns: 4, failures: 2 } });
    expect(days.body.data.list[1]).toMatchObject({
      user: alice.name,
      firstSignInAt: `${day}T08:01:00.000Z`,
      lastSignInAt: `${day}T17:30:00.000Z`,
    });
    const byUser = await report({ from, to, filter: { by: 'user', userId: alice.id } });
    expect(byUser.body.data.list).toMatchObject([{ key: alice.id, signIns: 4, failures: 2 }]);
    const byIp = await report({ from: day, to: day, filter: { by: 'ip' } });
    expect(byIp.body.data.list).toMatchObject([{ key: '10.20.0.9', signIns: 2, failures: 1 }]);
    expect(byIp.body.data.chart.series.map((series) => series.values)).toEqual([[2], [1]]);

    // A result asked for counts only its attempts, its moments only theirs, rolled up or not.
    const failedDay = await summary({ from: day, to: day, filter: { result: 'failure' } });
    expect(failedDay.body.data.list).toMatchObject([
      { day, key: alice.id, signIns: 0, failures: 1, firstSignInAt: null, lastSignInAt: null },
    ]);
    expect(failedDay.body.data.totals).toEqual({ signIns: 0, failures: 1 });
    const signedIn = await report({ from: day, to: day, filter: { by: 'user', result: 'signIn' } });
    expect(signedIn.body.data.list).toMatchObject([
      { key: alice.id, signIns: 2, failures: 0, lastAt: `${day}T17:30:00.000Z` },
    ]);
    const failed = await report({ from: day, to: day, filter: { by: 'user', result: 'failure' } });
    expect(failed.body.data.list).toMatchObject([
      { key: alice.id, signIns: 0, failures: 1, lastAt: `${day}T12:00:00.000Z` },
    ]);
    const todayFailed = await summary({ from: to, to, filter: { userId: alice.id, result: 'failure' } });
    expect(todayFailed.body.data.list).toMatchObject([{ signIns: 0, failures: 1, firstSignInAt: null }]);
    // By address, the summary reads the finer rows, to the same figures.
    const fromThere = await summary({ from: day, to: day, filter: { ip: '10.20.0.9' } });
    expect(fromThere.body.data.list).toEqual([days.body.data.list[1]]);
  });

  it('lists a day per user in the summary, failures only with no sign-in time', async () => {
    const days = await summary({ from: to, to, sort: { user: 'asc' }, limit: 100 });
    const ghost = rowOf(days.body.data.list, 'login:ghost');
    expect(ghost).toMatchObject({
      day: to,
      signIns: 0,
      failures: 1,
      firstSignInAt: null,
      lastSignInAt: null,
    });
    expect(rowOf(days.body.data.list, bob.id)).toMatchObject({ signIns: 1, failures: 2 });
  });

  it('refuses a period backwards or too long, and unknown filters', async () => {
    const refused = (endpoint: EndpointSpec, body: unknown) =>
      server.client().request('POST', pathOf(endpoint), { body, token });
    const backwards = await refused(LOGIN_REPORT_ENDPOINTS.paginate, { from: to, to: from });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.[0]).toMatchObject({ field: 'from', message: REPORT_MESSAGES.periodOrder });
    const long = await refused(LOGIN_SUMMARY_ENDPOINTS.paginate, { from: '2020-01-01', to });
    expect(long.status).toBe(400);
    expect(long.body.errors?.[0]).toMatchObject({ field: 'to', message: REPORT_MESSAGES.periodLength });
    const noPeriod = await refused(LOGIN_REPORT_ENDPOINTS.paginate, {});
    expect(noPeriod.status).toBe(400);
    for (const filter of [{ by: 'password' }, { result: 'otp_sent' }, { userId: 'x' }, { secret: 1 }]) {
      const bad = await refused(LOGIN_REPORT_ENDPOINTS.paginate, { from, to, filter });
      expect(bad.status, JSON.stringify(filter)).toBe(400);
      expect(bad.body.code).toBe('E_BAD_REQUEST');
    }
    const badSort = await refused(LOGIN_SUMMARY_ENDPOINTS.export, { from, to, sort: { ip: 'asc' } });
    expect(badSort.status).toBe(400);
  });

  it('exports XLSX and a PDF', async () => {
    const fetchFile = async (endpoint: EndpointSpec, body: unknown) => {
      const response = await fetch(`${server.url}/${pathOf(endpoint)}`, {
        method: 'POST',
        headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        type: response.headers.get('content-type'),
        bytes: await response.arrayBuffer(),
      };
    };
    const sheet = await fetchFile(LOGIN_REPORT_ENDPOINTS.export, { from, to, filter: { by: 'device' } });
    expect(sheet.status).toBe(200);
    expect(sheet.type).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(sheet.bytes);
    const cells = workbook.worksheets[0]?.getSheetValues().flat().map(String) ?? [];
    expect(cells).toContain('Sign-ins');
    expect(cells).toContain('Safari on iPhone');

    const pdf = await fetchFile(LOGIN_SUMMARY_ENDPOINTS.export, { from, to, format: 'pdf' });
    expect(pdf.status).toBe(200);
    expect(pdf.type).toContain('application/pdf');
    expect(Buffer.from(pdf.bytes).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('needs the Login module for the report and the Search Summary module for the summary', async () => {
    const loginOnly = await createUser(server, {
      password: PASSWORD,
      permissions: [
        {
          id: 1,
          module: 'Login',
          title: 'Login report',
          permissions: { view: true, insert: false, update: false, delete: false },
        },
      ],
    });
    const plain = await createUser(server, { password: PASSWORD });
    const viewer = (await signIn(server, server.client(), loginOnly.username, PASSWORD)).token.jwt;
    const nobody = (await signIn(server, server.client(), plain.username, PASSWORD)).token.jwt;
    expect((await report({ from, to }, viewer)).status).toBe(200);
    for (const denied of [await summary({ from, to }, viewer), await report({ from, to }, nobody)]) {
      expect(denied.status).toBe(403);
      expect(denied.body.code).toBe('E_FORBIDDEN');
    }
  });

  it('names the device of an event recorded without one in the list of events, as the reports do', async () => {
    await server.database.db.insert(loginLogs).values({
      username: 'imported-login',
      ip: '10.20.0.7',
      userAgent: SAFARI_IPHONE,
      result: 'wrong_password',
    });
    const events = await server
      .client()
      .call(LOGIN_LOG_ENDPOINTS.paginate, { filter: { username: 'imported-login' } }, { token });
    expect(events.status, JSON.stringify(events.body)).toBe(200);
    expect(events.body.data.list.map((event) => event.device)).toEqual(['Safari on iPhone']);
  });
});
