import { createECDH, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  NOTIFICATION_CHANNEL_ENDPOINTS,
  NOTIFICATION_CHANNEL_LIMITS,
  NOTIFICATION_CHANNEL_MESSAGES,
  NOTIFICATION_ENDPOINTS,
  notificationSettingResource,
  type ResourceRecord,
  resourcePaths,
  USER_TYPES,
} from '@facet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../src/notifications/notification-channel-tables.ts';
import { deliverNotifications, notify } from '../src/notifications/notify.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { unique, userWithRole } from './user-admin.ts';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on this machine: it records what web-push posts and answers `status`. */
class LocalPushService {
  readonly received: Received[] = [];
  status = 201;
  #server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.received.push({
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks),
        });
        response.writeHead(this.status).end();
      });
    });
    this.#server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async next(count: number, timeoutMs = 5000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline)
        throw new Error(`the push service received ${this.received.length} of ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return this.received.splice(0, count);
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }
}

/** A browser's subscription: a real P-256 key and secret, so web-push can encrypt for it. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/** Web Push over real HTTP on both databases, with a push service of the test's own. */
describe.skipIf(!(await databaseAvailable()))('web push', () => {
  let server: TestServer;
  let admin: string;
  let buyer: { id: string; token: string };
  const service = new LocalPushService();
  const client = () => server.client();
  const subscribe = (token: string, endpoint: string, keys = browserKeys()) =>
    client().call(NOTIFICATION_CHANNEL_ENDPOINTS.subscribePush, { endpoint, keys }, { token });
  const subscriptionsOf = (userId: string) =>
    server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

  beforeAll(async () => {
    await service.start();
    // The test's own push service listens on this machine.
    server = await startServer({ PUSH_PRIVATE_ENDPOINTS: 'true' });
    admin = await adminToken(server, client());
    const created = await userWithRole(server, admin, USER_TYPES.PERMANENT_GUEST, 'customer', []);
    buyer = { id: created.user.id, token: created.token };
    for (const [action, push] of [
      ['order', true],
      ['memo', false],
    ] as const) {
      const setting = await client().post<ResourceRecord>(
        resourcePaths(notificationSettingResource).create,
        { action, title: `Setting ${action}`, email: false, push, inApp: true },
        admin,
      );
      expect(setting.status, JSON.stringify(setting.body)).toBe(200);
    }
  });
  afterAll(async () => {
    await server?.close();
    await service.close();
  });

  it('answers the VAPID public key, generated once into DATA_DIR readable by the owner only', async () => {
    const first = await client().call(NOTIFICATION_CHANNEL_ENDPOINTS.pushKey, undefined, {
      token: buyer.token,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const again = await client().call(NOTIFICATION_CHANNEL_ENDPOINTS.pushKey, undefined, { token: admin });
    expect(again.body.data.publicKey).toBe(first.body.data.publicKey);
    const file = path.join(server.dataDir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const anonymous = await client().call(NOTIFICATION_CHANNEL_ENDPOINTS.pushKey);
    expect(anonymous.status).toBe(401);
  });

  it('refuses, unless told otherwise, addresses on this machine or inside the network', async () => {
    const guarded = await startServer();
    try {
      const token = await adminToken(guarded, guarded.client());
      const keys = browserKeys();
      for (const endpoint of [
        'http://127.0.0.1:5432/',
        'https://127.0.0.1/x',
        'https://localhost:1376/x',
        'https://push.localhost/x',
        'https://10.0.0.1/x',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/x',
        'https://[::ffff:192.168.1.1]/x',
        'https://[fd00::1]/x',
      ]) {
        const refused = await guarded
          .client()
          .call(NOTIFICATION_CHANNEL_ENDPOINTS.subscribePush, { endpoint, keys }, { token });
        expect(refused.status, endpoint).toBe(400);
        expect(JSON.stringify(refused.body), endpoint).toContain(
          NOTIFICATION_CHANNEL_MESSAGES.endpointInvalid,
        );
      }
      const accepted = await guarded
        .client()
        .call(
          NOTIFICATION_CHANNEL_ENDPOINTS.subscribePush,
          { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys },
          { token },
        );
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    } finally {
      await guarded.close();
    }
  });

  it('refuses addresses that are not a push service’s, and keys that are not a browser’s', async () => {
    for (const endpoint of [
      'http://push.example.com/x',
      'ftp://127.0.0.1/x',
      'javascript:alert(1)',
      'https://user:secret@push.example.com/x',
      `https://push.example.com/${'x'.repeat(NOTIFICATION_CHANNEL_LIMITS.endpoint)}`,
    ]) {
      const refused = await subscribe(buyer.token, endpoint);
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.errors, endpoint).toEqual([
        { field: 'endpoint', message: NOTIFICATION_CHANNEL_MESSAGES.endpointInvalid },
      ]);
    }
    const badKeys = await subscribe(buyer.token, `${service.url}/bad`, { p256dh: 'not base64!', auth: 'x' });
    expect(badKeys.status).toBe(400);
    expect(badKeys.body.errors?.map((error) => error.field).sort()).toEqual(['keys.auth', 'keys.p256dh']);
    expect(await subscriptionsOf(buyer.id)).toEqual([]);
  });

  it('pushes an encrypted, VAPID-signed message when the action pushes, and drops a gone browser', async () => {
    const endpoint = `${service.url}/push/${unique('b')}`;
    const keys = browserKeys();
    const subscribed = await subscribe(buyer.token, endpoint, keys);
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(200);
    expect(subscribed.body).toMatchObject({
      message: NOTIFICATION_CHANNEL_MESSAGES.subscribed,
      data: { subscribed: true },
    });
    const [row] = await subscriptionsOf(buyer.id);
    expect(row).toMatchObject({ endpoint, p256dh: keys.p256dh, auth: keys.auth, lastSuccessAt: null });
    expect(row?.userAgent).toMatch(/^facet-test\//);

    const title = unique('Order ');
    const sent = await client().call(
      NOTIFICATION_ENDPOINTS.send,
      { title, message: 'Your order is packed.', action: 'order', recipients: { userIds: [buyer.id] } },
      { token: admin },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [push] = await service.next(1);
    expect(push?.path).toBe(new URL(endpoint).pathname);
    expect(push?.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
    // Encrypted: the title is nowhere in the bytes.
    expect(push?.body.length).toBeGreaterThan(100);
    expect(push?.body.includes(Buffer.from(title))).toBe(false);
    await expect.poll(async () => (await subscriptionsOf(buyer.id))[0]?.lastSuccessAt).not.toBeNull();

    // An action whose setting does not push sends nothing.
    await client().call(
      NOTIFICATION_ENDPOINTS.send,
      { title: unique('Memo '), message: 'x', action: 'memo', recipients: { userIds: [buyer.id] } },
      { token: admin },
    );

    // notify() prepares, deliverNotifications() sends after the commit; the service says the browser is gone.
    service.status = 410;
    const delivery = await server.database.db.transaction((tx) =>
      notify(tx, {
        action: 'order',
        userIds: [buyer.id],
        title: unique('Gone '),
        message: 'y',
        url: '/hkadmin/order',
      }),
    );
    expect(delivery.push.targets.map((target) => target.endpoint)).toEqual([endpoint]);
    expect(delivery.push.payload).toMatchObject({ action: 'order', url: '/hkadmin/order' });
    expect(service.received).toEqual([]);
    const live = {
      publish: async () => undefined,
      subscribe: () => () => undefined,
      close: async () => undefined,
    };
    deliverNotifications(
      {
        db: server.database.db,
        mailer: { send: async () => undefined, close: () => undefined } as never,
        log: server.app.log,
        config: server.config,
        live,
      },
      delivery,
    );
    await service.next(1);
    await expect.poll(async () => (await subscriptionsOf(buyer.id)).length).toBe(0);
    service.status = 201;
  });

  it('keeps at most 10 browsers per user, dropping the oldest, and lets a browser leave', async () => {
    const endpoints: string[] = [];
    for (let index = 0; index < NOTIFICATION_CHANNEL_LIMITS.subscriptionsPerUser + 2; index += 1) {
      const endpoint = `https://push.example.com/${unique('cap')}-${index}`;
      endpoints.push(endpoint);
      expect((await subscribe(buyer.token, endpoint)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const kept = (await subscriptionsOf(buyer.id)).map((row) => row.endpoint).sort();
    expect(kept).toEqual(endpoints.slice(2).sort());

    // Subscribing again refreshes the same row.
    await subscribe(buyer.token, endpoints[5] as string);
    expect(await subscriptionsOf(buyer.id)).toHaveLength(NOTIFICATION_CHANNEL_LIMITS.subscriptionsPerUser);

    // Another user's removal does not touch the buyer's browser.
    const removedByAdmin = await client().call(
      NOTIFICATION_CHANNEL_ENDPOINTS.unsubscribePush,
      { endpoint: endpoints[5] as string },
      { token: admin },
    );
    expect(removedByAdmin.status).toBe(200);
    expect(await subscriptionsOf(buyer.id)).toHaveLength(NOTIFICATION_CHANNEL_LIMITS.subscriptionsPerUser);
    const removed = await client().call(
      NOTIFICATION_CHANNEL_ENDPOINTS.unsubscribePush,
      { endpoint: endpoints[5] as string },
      { token: buyer.token },
    );
    expect(removed.body).toMatchObject({
      message: NOTIFICATION_CHANNEL_MESSAGES.unsubscribed,
      data: { subscribed: false },
    });
    expect(await subscriptionsOf(buyer.id)).toHaveLength(
      NOTIFICATION_CHANNEL_LIMITS.subscriptionsPerUser - 1,
    );
  });
});
