import { type AddressInfo, connect, createServer, type Server, type Socket } from 'node:net';
import {
  AUTH_ENDPOINTS,
  HEALTH_ENDPOINTS,
  isStockUploadFinished,
  MESSAGES,
  pathOf,
  type ResourceRecord,
  resourcePaths,
  STOCK_UPLOAD_ENDPOINTS,
  type StockUploadJob,
  sizeResource,
} from '@facet/contract';
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginOtps } from '../src/access/auth-tables.ts';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { stones } from '../src/db/resource-tables.ts';
import { tableFor } from '../src/db/tables.ts';
import { auditLogs } from '../src/resources/audit-table.ts';
import { columnOf } from '../src/resources/columns.ts';
import { type ApiResponse, databaseAvailable, randomIp, startServer, type TestServer } from './harness.ts';
import { adminToken, createUser, signIn } from './sign-in.ts';
import { startStockUpload } from './upload-stones.ts';

const ON_POSTGRES = process.env.FACET_TEST_DB === 'postgres';
const size = resourcePaths(sizeResource);

describe.skipIf(!(await databaseAvailable()))('database health', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reports the database in /health', async () => {
    const response = await server.client().call(HEALTH_ENDPOINTS.check);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: 'OK', data: { database: 'ok' } });
  });

  it.skipIf(!ON_POSTGRES)('stays healthy while every pooled connection is busy', async () => {
    // A load balancer must not take out an instance that is only busy: the probe has a connection of its own.
    const busy = Array.from({ length: 12 }, () => server.database.db.execute(sql`select pg_sleep(3)`));
    await pause(300);
    const started = Date.now();
    const response = await server.client().call(HEALTH_ENDPOINTS.check);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(Date.now() - started).toBeLessThan(2500);
    await Promise.all(busy);
  });
});

/** A lost connection may fail the request it served, with this answer and no other 5xx. */
function expectServedOrUnavailable(response: ApiResponse): void {
  const shown = JSON.stringify(response.body);
  expect(typeof response.body.code, shown).toBe('string');
  expect(typeof response.body.message, shown).toBe('string');
  if (response.status < 500) return;
  expect(
    { status: response.status, code: response.body.code, message: response.body.message },
    shown,
  ).toEqual({
    status: 503,
    code: 'E_ERROR',
    message: MESSAGES.databaseUnavailable,
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Terminates every connection of the server's database (but `admin`'s); answers how many it ended. */
async function terminateConnections(admin: pg.Client): Promise<number> {
  const result = await admin.query<{ n: number }>(
    `select count(*) filter (where pg_terminate_backend(pid))::int as n
       from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return result.rows[0]?.n ?? 0;
}

/** One admin connection to the server's database, for `use`. */
async function asAdmin<T>(databaseUrl: string, use: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    return await use(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Terminates every connection of the server's database again and again, with a pause of 0 to
 * `maxPauseMs` between rounds, until stopped; answers how many backends it ended. It answers once its
 * own connection is open, so the requests that follow meet the storm: on a busy machine they could
 * otherwise all be answered before it begins.
 */
async function keepTerminating(databaseUrl: string, maxPauseMs: number) {
  let stopped = false;
  let connected: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const running = asAdmin(databaseUrl, async (admin) => {
    connected();
    let terminated = 0;
    while (!stopped) {
      terminated += await terminateConnections(admin);
      await pause(Math.random() * maxPauseMs);
    }
    return terminated;
  });
  await Promise.race([ready, running]);
  return {
    stop(): Promise<number> {
      stopped = true;
      return running;
    },
  };
}

describe.skipIf(!ON_POSTGRES || !(await databaseAvailable()))(
  'a database connection lost mid-request',
  () => {
    let server: TestServer;
    let token: string;
    /** Whatever escaped every handler: an 'error' event nobody listened to ends a real process. */
    const escaped: unknown[] = [];
    const recordEscape = (error: unknown) => escaped.push(error);

    beforeAll(async () => {
      process.on('uncaughtException', recordEscape);
      process.on('unhandledRejection', recordEscape);
      server = await startServer({}, { seed: { referenceData: true } });
      token = await adminToken(server, server.client());
    });
    afterAll(async () => {
      process.off('uncaughtException', recordEscape);
      process.off('unhandledRejection', recordEscape);
      await server?.close();
    });
    afterEach(async () => {
      expect(escaped).toEqual([]);
      // The server still answers, and every connection a failed transaction held went back to the pool.
      const health = await server.client().call(HEALTH_ENDPOINTS.check);
      expect(health.status, JSON.stringify(health.body)).toBe(200);
      const pool = (server.database.db as unknown as { $client: pg.Pool }).$client;
      await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5000 }).toBe(0);
    });

    it('sign-in: each attempt answers or fails alone, and the next sign-in succeeds', async () => {
      const password = 'Fault#Pass1';
      const user = await createUser(server, { password });
      const answers: ApiResponse[] = [];
      let terminated = 0;
      for (const maxPauseMs of [2, 40, 300]) {
        const storm = await keepTerminating(server.config.databaseUrl as string, maxPauseMs);
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            for (let attempt = 0; attempt < 6; attempt += 1) {
              answers.push(
                await server
                  .client(randomIp())
                  .call(AUTH_ENDPOINTS.sendLoginOtp, { username: user.username, password }),
              );
            }
          }),
        );
        terminated += await storm.stop();
      }
      // A round whose requests all finished between two of its pauses may end none; the storm as a whole must.
      expect(terminated).toBeGreaterThan(0);
      for (const answer of answers) expectServedOrUnavailable(answer);
      expect(answers.some((answer) => answer.status === 503)).toBe(true);

      // A code the storm issued is kept while fresh and not mailed again; whether its mail went out
      // depends on where the connection broke, so the next sign-in starts once that code is gone.
      server.mailbox.unread();
      await server.database.db.delete(loginOtps).where(eq(loginOtps.userId, user.id));
      const signedIn = await signIn(server, server.client(), user.username, password);
      expect(signedIn.user.username).toBe(user.username);
    });

    it('a write: each record is whole, with its history row, or absent', async () => {
      const prefix = `fault-${Date.now().toString(36)}`;
      const answers: ApiResponse<ResourceRecord>[] = [];
      let created = 0;
      let terminated = 0;
      for (const maxPauseMs of [2, 40, 300]) {
        const storm = await keepTerminating(server.config.databaseUrl as string, maxPauseMs);
        await Promise.all(
          Array.from({ length: 4 }, async () => {
            for (let attempt = 0; attempt < 8; attempt += 1) {
              created += 1;
              const body = { name: `${prefix}-${created}`, fromCarat: 1, toCarat: 2 };
              answers.push(await server.client().post<ResourceRecord>(size.create, body, token));
            }
          }),
        );
        terminated += await storm.stop();
      }
      // A round whose requests all finished between two of its pauses may end none; the storm as a whole must.
      expect(terminated).toBeGreaterThan(0);
      for (const answer of answers) expectServedOrUnavailable(answer);
      expect(answers.some((answer) => answer.status === 503)).toBe(true);

      const sizes = tableFor(sizeResource);
      const { db } = server.database;
      const rows = await db
        .select({ id: columnOf(sizes, 'id') })
        .from(sizes)
        .where(like(columnOf(sizes, 'name'), `${prefix}-%`));
      const ids = rows.map((row) => row.id as string).sort();
      const history = ids.length
        ? await db
            .select({ id: auditLogs.entityId })
            .from(auditLogs)
            .where(and(eq(auditLogs.action, 'size.create'), inArray(auditLogs.entityId, ids)))
        : [];
      expect(history.map((row) => row.id).sort()).toEqual(ids);
      const answeredIds = answers
        .filter((answer) => answer.status === 200)
        .map((answer) => answer.body.data.id);
      expect(ids).toEqual(expect.arrayContaining(answeredIds));

      const after = await server
        .client()
        .post(size.create, { name: `${prefix}-after`, fromCarat: 1, toCarat: 2 }, token);
      expect(after.status, JSON.stringify(after.body)).toBe(200);
    });

    /** A replace-all stock sheet of `count` round stones numbered `letter`-1, `letter`-2, ... */
    const stockFile = (letter: string, count: number) =>
      [
        'Stock #,Shape,Carat,Color,Clarity,Price/Ct',
        ...Array.from(
          { length: count },
          (_, index) => `${letter}-${index + 1},Round,1.01,G,VS1,${5000 + index}`,
        ),
      ].join('\n');
    const numbersOf = (csv: string) =>
      csv
        .split('\n')
        .slice(1)
        .map((line) => line.split(',')[0] as string)
        .sort();
    const sendStock = (csv: string) => startStockUpload(server.client(), token, csv, 'replace-all');
    /** Polls the job until it ends; answers its end, or undefined past `ms`. */
    const endWithin = async (id: string, ms: number) => {
      const deadline = Date.now() + ms;
      while (Date.now() < deadline) {
        const job = await server
          .client()
          .call(STOCK_UPLOAD_ENDPOINTS.byId, undefined, { token, params: { id } });
        expectServedOrUnavailable(job);
        if (job.status === 200 && isStockUploadFinished(job.body.data.state)) return job.body.data;
        await pause(50);
      }
      return undefined;
    };
    const liveStockNumbers = async () =>
      (
        await server.database.db
          .select({ stockNumber: columnOf(stones, 'stockNumber') })
          .from(stones)
          .where(isNull(columnOf(stones, 'deletedAt')))
      )
        .map((row) => row.stockNumber as string)
        .sort();

    it('a stock upload: the stock is the old one or the new one, never a mix', async () => {
      const order = ['queued', 'reading', 'applying', 'completed', 'refused', 'failed'];
      /** Waits until the job is in `state` or past it, watching through `admin`. */
      const reached = async (admin: pg.Client, id: string, state: string) => {
        for (;;) {
          const { rows } = await admin.query<{ state: string }>(
            'select state from stock_uploads where id = $1',
            [id],
          );
          if (order.indexOf(rows[0]?.state ?? 'queued') >= order.indexOf(state)) return;
          await pause(2);
        }
      };
      let current = stockFile('A', 1500);
      expect(await endWithin(await sendStock(current), 30_000)).toMatchObject({ state: 'completed' });
      // Each job loses every connection once: as it starts, while it reads, and at moments of its apply.
      const moments = [
        { state: 'queued', afterMs: 0 },
        { state: 'reading', afterMs: 0 },
        { state: 'reading', afterMs: 60 },
        { state: 'applying', afterMs: 0 },
        { state: 'applying', afterMs: 30 },
        { state: 'applying', afterMs: 120 },
      ];
      const ends: string[] = [];
      await asAdmin(server.config.databaseUrl as string, async (admin) => {
        for (const [round, moment] of moments.entries()) {
          const next = stockFile(String.fromCharCode(66 + round), 1200 + round * 100);
          const id = await sendStock(next);
          await reached(admin, id, moment.state);
          await pause(moment.afterMs);
          expect(await terminateConnections(admin)).toBeGreaterThan(0);
          const job = (await endWithin(id, 30_000)) as StockUploadJob;
          expect(job, `upload ${id} unfinished`).toBeDefined();
          ends.push(job.state);
          if (job.state === 'completed') current = next;
          else expect(job.state, JSON.stringify(job)).toBe('failed');
          expect(await liveStockNumbers()).toEqual(numbersOf(current));
        }
      });
      // The connections were lost while jobs were writing: some failed, and left the stock as it was.
      expect(ends).toContain('failed');
    }, 90_000);

    it('a stock upload under a storm of lost connections still ends, and the stock is the old or the new', async () => {
      let current = stockFile('S', 2000);
      expect((await endWithin(await sendStock(current), 30_000))?.state).toBe('completed');
      const ends: string[] = [];
      for (let round = 0; round < 4; round += 1) {
        const next = stockFile(`T${round}`, 3000 + round * 500);
        const id = await sendStock(next);
        // Every connection of the database ends every few milliseconds for a second, the job's
        // included, and the ones it opens to record its failure.
        const storm = await keepTerminating(server.config.databaseUrl as string, 4);
        await pause(1000);
        expect(await storm.stop()).toBeGreaterThan(0);
        // Once the database stays up, the job reaches its end in bounded time: it does not wait for the
        // sweep of stale jobs (minutes), nor stay running for ever.
        const ended = await endWithin(id, 15_000);
        expect(ended, `upload ${id} still unfinished 15 s after the storm`).toBeDefined();
        const job = ended as StockUploadJob;
        ends.push(job.state);
        if (job.state === 'completed') current = next;
        else expect(job, JSON.stringify(job)).toMatchObject({ state: 'failed', accepted: 0, updated: 0 });
        expect(await liveStockNumbers()).toEqual(numbersOf(current));
      }
      expect(ends).toContain('failed');
    }, 150_000);
  },
);

/** A TCP relay to PostgreSQL that the test can cut, as a database server going down would. */
class DatabaseRelay {
  readonly #sockets = new Set<Socket>();
  #server: Server | undefined;
  port = 0;

  constructor(readonly target: { host: string; port: number }) {}

  /** Relays again, on the same port once it has one. */
  async open(): Promise<void> {
    const server = createServer((incoming) => {
      const outgoing = connect(this.target);
      for (const socket of [incoming, outgoing]) {
        this.#sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          this.#sockets.delete(socket);
          incoming.destroy();
          outgoing.destroy();
        });
      }
      incoming.pipe(outgoing).pipe(incoming);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  /** Drops every connection and refuses new ones. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

describe.skipIf(!ON_POSTGRES || !(await databaseAvailable()))('the database unreachable', () => {
  let server: TestServer;
  let relay: DatabaseRelay;
  let app: FastifyInstance;
  let database: Database;

  beforeAll(async () => {
    server = await startServer();
    const direct = new URL(server.config.databaseUrl as string);
    relay = new DatabaseRelay({ host: direct.hostname, port: Number(direct.port || 5432) });
    await relay.open();
    const relayed = new URL(direct);
    relayed.host = `127.0.0.1:${relay.port}`;
    // A second instance of the server, on the same database, reaching it through the relay.
    const config = { ...server.config, databaseUrl: relayed.toString() };
    database = await openDatabase({ ...config, onConnectionLost: () => undefined });
    app = await buildApp(config, { database });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await relay?.cut();
    await server?.close();
  });

  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() as ApiResponse['body'] };
  };

  it('answers 503 with a clear message, quickly, and serves again once the database is back', async () => {
    expect(await get(`/${pathOf(HEALTH_ENDPOINTS.check)}`)).toMatchObject({
      status: 200,
      body: { data: { database: 'ok' } },
    });

    await relay.cut();
    const started = Date.now();
    const health = await get(`/${pathOf(HEALTH_ENDPOINTS.check)}`);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(health).toEqual({
      status: 503,
      body: { code: 'E_ERROR', message: MESSAGES.databaseUnavailable },
    });
    const signIn = await app.inject({
      method: 'POST',
      url: `/${pathOf(AUTH_ENDPOINTS.sendLoginOtp)}`,
      payload: { username: 'admin', password: 'whatever' },
    });
    expect({ status: signIn.statusCode, body: signIn.json() }).toEqual({
      status: 503,
      body: { code: 'E_ERROR', message: MESSAGES.databaseUnavailable },
    });

    await relay.open();
    expect(await get(`/${pathOf(HEALTH_ENDPOINTS.check)}`)).toMatchObject({
      status: 200,
      body: { data: { database: 'ok' } },
    });
  });
});
