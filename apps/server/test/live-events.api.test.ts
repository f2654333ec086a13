import type { AddressInfo } from 'node:net';
import {
  ADMIN_MODULE_BY_NAME,
  LIVE_ENDPOINTS,
  LIVE_MESSAGES,
  type LiveMessage,
  NOTIFICATION_ENDPOINTS,
  pathOf,
  USER_TYPES,
} from '@facet/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { type LiveBus, openLiveBus, payloadsOf } from '../src/live/live-bus.ts';
import { ApiClient, databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { unique, userWithRole } from './user-admin.ts';

const BANNER_ID = ADMIN_MODULE_BY_NAME.get('Banner')?.id as number;
const ON_POSTGRES = process.env.FACET_TEST_DB === 'postgres';

/** An open `apis/live/events` stream, read message by message. */
interface Stream {
  status: number;
  contentType: string;
  /** The next message of this kind, within `timeoutMs`; skips others. */
  next(kind: LiveMessage['kind'], timeoutMs?: number): Promise<LiveMessage>;
  /** Every message received within `ms`. */
  collect(ms: number): Promise<LiveMessage[]>;
  close(): void;
}

async function openStream(baseUrl: string, ticket: string): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(
    `${baseUrl}/${pathOf(LIVE_ENDPOINTS.events)}?ticket=${encodeURIComponent(ticket)}`,
    {
      headers: { accept: 'text/event-stream' },
      signal: abort.signal,
    },
  );
  const queue: LiveMessage[] = [];
  let wake: (() => void) | undefined;
  let buffer = '';
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) queue.push(JSON.parse(data) as LiveMessage);
          wake?.();
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Closed by the test.
    }
  })();
  const waitFor = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    async next(kind, timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const index = queue.findIndex((message) => message.kind === kind);
        if (index >= 0) return queue.splice(index, 1)[0] as LiveMessage;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${kind} event within ${timeoutMs} ms`);
        await waitFor(left);
      }
    },
    async collect(ms) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return queue.splice(0);
    },
    close: () => abort.abort(),
  };
}

/** Live screens over real HTTP on both databases: tickets, the stream, and who receives what. */
describe.skipIf(!(await databaseAvailable()))('live events', () => {
  let server: TestServer;
  let admin: string;
  let bannerViewer: { id: string; token: string };
  let customer: { id: string; token: string };
  /** A second bus on the server's database, as another instance publishes. */
  let bus: LiveBus;
  const streams: Stream[] = [];
  const client = () => server.client();

  const ticketOf = async (token: string, baseUrl = server.url) => {
    const response = await server.client().call(LIVE_ENDPOINTS.ticket, undefined, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(baseUrl).toBeTruthy();
    return response.body.data.ticket;
  };
  const open = async (token: string, baseUrl = server.url) => {
    const stream = await openStream(baseUrl, await ticketOf(token));
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toContain('text/event-stream');
    await stream.next('ready');
    return stream;
  };
  const sendTo = (userId: string) =>
    client().call(
      NOTIFICATION_ENDPOINTS.send,
      { title: unique('Live '), message: 'x', recipients: { userIds: [userId] } },
      { token: admin },
    );

  beforeAll(async () => {
    server = await startServer();
    admin = await adminToken(server, client());
    const banner = await userWithRole(server, admin, USER_TYPES.EMPLOYEE, 'admin', [
      { id: BANNER_ID, permissions: { view: true } },
    ]);
    bannerViewer = { id: banner.user.id, token: banner.token };
    const buyer = await userWithRole(server, admin, USER_TYPES.PERMANENT_GUEST, 'customer', []);
    customer = { id: buyer.user.id, token: buyer.token };
    bus = await openLiveBus(server.database, { databaseUrl: server.config.databaseUrl, log: server.app.log });
  });
  afterAll(async () => {
    // Streams still open: the server's close ends them rather than waiting for them.
    await bus?.close();
    await server?.close();
    for (const stream of streams) stream.close();
  });

  it('streams a notification to its recipient within 2 seconds of the send', async () => {
    const stream = await open(customer.token);
    const started = Date.now();
    const sent = await sendTo(customer.id);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await stream.next('notification')).toEqual({ kind: 'notification' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('sends a changed list only to those who may view its module', async () => {
    const viewer = await open(bannerViewer.token);
    const outsider = await open(customer.token);
    const superAdmin = await open(admin);
    const event = { kind: 'changed', module: 'Banner', paths: ['apis/banner/paginate'] } as const;
    await bus.publish(event);
    expect(await viewer.next('changed')).toEqual(event);
    expect(await superAdmin.next('changed')).toEqual(event);
    // The customer's stream stays quiet for the list, and still hears its own bell.
    await sendTo(customer.id);
    await outsider.next('notification');
    await bus.publish({ kind: 'changed', module: 'User Master', paths: ['apis/user/paginate'] });
    expect(await superAdmin.next('changed')).toMatchObject({ module: 'User Master' });
    const heard = await outsider.collect(300);
    expect(heard.filter((message) => message.kind === 'changed')).toEqual([]);
    expect((await viewer.collect(100)).filter((message) => message.kind === 'changed')).toEqual([]);
    // Nor does anyone hear another user's notification.
    await sendTo(bannerViewer.id);
    await viewer.next('notification');
    expect((await outsider.collect(200)).filter((message) => message.kind === 'notification')).toEqual([]);
  });

  it('refuses a forged, reused, expired or missing ticket in the envelope', async () => {
    const events = pathOf(LIVE_ENDPOINTS.events);
    const forged = await client().request('GET', `${events}?ticket=${encodeURIComponent('a.b.c.d')}`);
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ code: 'E_UNAUTHORIZED', message: LIVE_MESSAGES.ticketInvalid });

    const ticket = await ticketOf(customer.token);
    const [userId, sessionId, expiry, nonce, mac] = ticket.split('.');
    // Another user's id under the same signature.
    const swapped = `${bannerViewer.id}.${sessionId}.${expiry}.${nonce}.${mac}`;
    expect((await client().request('GET', `${events}?ticket=${encodeURIComponent(swapped)}`)).status).toBe(
      401,
    );
    const longer = `${userId}.${sessionId}.${Number(expiry) + 3600}.${nonce}.${mac}`;
    expect((await client().request('GET', `${events}?ticket=${encodeURIComponent(longer)}`)).status).toBe(
      401,
    );

    const first = await openStream(server.url, ticket);
    streams.push(first);
    expect(first.status).toBe(200);
    const again = await client().request('GET', `${events}?ticket=${encodeURIComponent(ticket)}`);
    expect(again.status).toBe(401);

    const missing = await client().request('GET', events);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('E_BAD_REQUEST');

    const anonymous = await client().call(LIVE_ENDPOINTS.ticket);
    expect(anonymous.status).toBe(401);
  });

  it('splits an event too large for one NOTIFY', () => {
    const userIds = Array.from(
      { length: 1000 },
      (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    const payloads = payloadsOf({ kind: 'notification', userIds });
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(payloads.flatMap((payload) => (JSON.parse(payload) as { userIds: string[] }).userIds)).toEqual(
      userIds,
    );
  });

  it.skipIf(!ON_POSTGRES)('shares events between two instances on one PostgreSQL', async () => {
    let database: Database | undefined;
    let second: FastifyInstance | undefined;
    try {
      database = await openDatabase({ ...server.config, onConnectionLost: () => undefined });
      second = await buildApp(server.config, { database });
      await second.listen({ host: '127.0.0.1', port: 0 });
      const secondUrl = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
      // A ticket of the first instance opens a stream on the second: they share the secret.
      const stream = await openStream(secondUrl, await ticketOf(customer.token));
      streams.push(stream);
      expect(stream.status).toBe(200);
      await stream.next('ready');
      const started = Date.now();
      await sendTo(customer.id);
      await stream.next('notification');
      expect(Date.now() - started).toBeLessThan(2000);

      // And the other way: a send through the second instance reaches a stream of the first.
      const onFirst = await open(bannerViewer.token);
      const viaSecond = await new ApiClient(secondUrl, '10.1.2.3').call(
        NOTIFICATION_ENDPOINTS.send,
        { title: unique('Other '), message: 'x', recipients: { userIds: [bannerViewer.id] } },
        { token: admin },
      );
      expect(viaSecond.status, JSON.stringify(viaSecond.body)).toBe(200);
      await onFirst.next('notification');
    } finally {
      await second?.close();
      await database?.close();
    }
  });
});
