import http, { type IncomingMessage } from 'node:http';
import { ADMIN_MODULE_BY_NAME, RESOURCE_BY_NAME, resourcePaths, USER_TYPES } from '@facet/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/access/user-table.ts';
import { rowsOf } from '../src/db/sql-rows.ts';
import { EXPORT_LOCK_SPACE, EXPORTS_BUSY } from '../src/http/export-slots.ts';
import { ADMIN, databaseAvailable, randomIp, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { userWithRole } from './user-admin.ts';

const PER_INSTANCE = 3;
const PER_USER = 2;
const WAIT_SECONDS = 4;
/** Several multi-megabyte exports, one after another where they queue: longer than a request's test. */
const EXPORTS_TEST_TIMEOUT_MS = 120_000;
/** Cities of ~120 characters: a file of several megabytes, more than the sockets buffer unread. */
const CITIES = 40_000;
const city = RESOURCE_BY_NAME.get('city');
if (!city) throw new Error('the city resource is missing');
const EXPORT_PATH = resourcePaths(city).export;
const moduleId = (name: string) => ADMIN_MODULE_BY_NAME.get(name as never)?.id as number;

/** An export whose answer is not read until `finish()`: the server's side waits on the unread socket. */
interface PendingExport {
  /** Resolves when the status line came: the export got its turn (or was refused). */
  started: Promise<IncomingMessage>;
  /** The file is being sent (status 200): the export holds its turn. */
  isRunning(): boolean;
  /** Reads the whole answer. */
  finish(): Promise<{ status: number; text: string }>;
}

/** Every export request of the file, so a failed test leaves no unread answer holding the server open. */
const requests: http.ClientRequest[] = [];

function startExport(baseUrl: string, token: string): PendingExport {
  let response: IncomingMessage | undefined;
  const body = JSON.stringify({ format: 'csv' });
  const started = new Promise<IncomingMessage>((resolve, reject) => {
    const request = http.request(`${baseUrl}/${EXPORT_PATH}`, {
      method: 'POST',
      headers: {
        authorization: `JWT ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-forwarded-for': randomIp(),
      },
      agent: false,
    });
    request.on('response', (message) => {
      message.pause();
      response = message;
      resolve(message);
    });
    request.on('error', reject);
    request.end(body);
    requests.push(request);
  });
  return {
    started,
    isRunning: () => response?.statusCode === 200,
    async finish() {
      const message = await started;
      const chunks: Buffer[] = [];
      for await (const chunk of message) chunks.push(chunk as Buffer);
      return { status: message.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') };
    },
  };
}

/** `POST {api}/export`: exports take turns, per instance and per user, and the rest of the API answers. */
describe.skipIf(!(await databaseAvailable()))('export turns', () => {
  let server: TestServer;
  let admin: string;
  let clerk: string;

  /** The export slots held now, per user key, read from the database's advisory locks. */
  const heldSlots = async (userId: string) => {
    const keys = Array.from({ length: PER_USER }, (_, index) => `export:${userId}:${index}`);
    const result = await server.database.db.execute(sql`
      select count(*)::int as held from pg_locks
      where locktype = 'advisory' and granted and classid = ${EXPORT_LOCK_SPACE}
        and database = (select oid from pg_database where datname = current_database())
        and objid in (select (hashtext(key)::bigint & 4294967295)::text::oid
                      from unnest(${`{${keys.join(',')}}`}::text[]) as key)`);
    return rowsOf<{ held: number }>(result)[0]?.held ?? 0;
  };
  const allSlots = async () => {
    const result = await server.database.db.execute(sql`
      select count(*)::int as held from pg_locks
      where locktype = 'advisory' and granted and classid = ${EXPORT_LOCK_SPACE}
        and database = (select oid from pg_database where datname = current_database())`);
    return rowsOf<{ held: number }>(result)[0]?.held ?? 0;
  };
  const until = async (what: () => Promise<boolean> | boolean, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await what())) {
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };
  let adminId: string;
  let clerkId: string;

  beforeAll(async () => {
    server = await startServer(
      {
        EXPORT_CONCURRENCY: String(PER_INSTANCE),
        EXPORT_CONCURRENCY_PER_USER: String(PER_USER),
        EXPORT_QUEUE_WAIT_SECONDS: String(WAIT_SECONDS),
      },
      { seed: { referenceData: true } },
    );
    admin = await adminToken(server, server.client());
    const [me] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.username, ADMIN.username));
    adminId = me?.id ?? '';
    const created = await userWithRole(server, admin, USER_TYPES.EMPLOYEE, 'admin', [
      { id: moduleId('City'), permissions: { view: true } },
    ]);
    clerk = created.token;
    clerkId = created.user.id;
    await server.database.db.execute(sql`
      insert into cities (name, country_id)
      select rpad('Export city ' || n, 118, ' of the long-named province'), (select id from countries limit 1)
      from generate_series(1, ${CITIES}) as n`);
  });
  // A failed test leaves its answers unread: dropped, they give their turns back for the next test.
  afterEach(async () => {
    for (const request of requests.splice(0)) request.destroy();
    await until(async () => (await allSlots()) === 0);
  });
  afterAll(async () => {
    await server?.close();
  });

  it(
    'runs at most the configured exports at once, per user and per instance, and queues the rest',
    async () => {
      expect(adminId).toBeTruthy();
      const mine = Array.from({ length: 6 }, () => startExport(server.url, admin));
      await until(async () => (await heldSlots(adminId)) === PER_USER);
      const theirs = Array.from({ length: 2 }, () => startExport(server.url, clerk));
      await until(async () => (await allSlots()) === PER_INSTANCE);
      // The status line leaves just after the turn is taken.
      await until(
        () => [...mine, ...theirs].filter((pending) => pending.isRunning()).length === PER_INSTANCE,
      );
      // Held for a while, the turns stay as they are: no export starts beyond its limits.
      for (let look = 0; look < 10; look += 1) {
        expect(await heldSlots(adminId)).toBe(PER_USER);
        expect(await heldSlots(clerkId)).toBe(PER_INSTANCE - PER_USER);
        // The others wait for their turn without an answer, or are refused once they waited too long.
        expect(mine.filter((pending) => pending.isRunning())).toHaveLength(PER_USER);
        expect(theirs.filter((pending) => pending.isRunning())).toHaveLength(PER_INSTANCE - PER_USER);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The rest of the API answers while the exports run.
      const page = await server.client().post(resourcePaths(city).paginate, { limit: 5 }, admin);
      expect(page.status).toBe(200);

      const answers = await Promise.all([...mine, ...theirs].map((pending) => pending.finish()));
      for (const answer of answers) {
        if (answer.status === 200) {
          expect(answer.text.trim().split('\n')).toHaveLength(CITIES + 1);
        } else {
          // Waited longer than EXPORT_QUEUE_WAIT_SECONDS: refused in the envelope, to be tried again.
          expect(answer.status).toBe(429);
          expect(JSON.parse(answer.text)).toEqual({ code: 'E_TOO_MANY_REQUESTS', message: EXPORTS_BUSY });
        }
      }
      expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(PER_INSTANCE);
      await until(async () => (await allSlots()) === 0);
    },
    EXPORTS_TEST_TIMEOUT_MS,
  );

  it(
    'refuses an export that waited too long, in the envelope, while other users still export',
    async () => {
      const running = Array.from({ length: PER_USER }, () => startExport(server.url, admin));
      await Promise.all(running.map((pending) => pending.started));
      const started = Date.now();
      const refused = await startExport(server.url, admin).finish();
      expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_SECONDS * 1000 - 100);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.text)).toEqual({ code: 'E_TOO_MANY_REQUESTS', message: EXPORTS_BUSY });
      const other = await startExport(server.url, clerk).finish();
      expect(other.status).toBe(200);
      for (const answer of await Promise.all(running.map((pending) => pending.finish()))) {
        expect(answer.status).toBe(200);
        expect(answer.text.trim().split('\n')).toHaveLength(CITIES + 1);
      }
      await until(async () => (await allSlots()) === 0);
    },
    EXPORTS_TEST_TIMEOUT_MS,
  );
});
