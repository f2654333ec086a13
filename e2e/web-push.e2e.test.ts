import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  NOTIFICATION_ENDPOINTS,
  notificationSettingResource,
  resourceEndpoints,
  USER_TYPES,
} from '@facet/contract';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callEndpoint } from '../apps/server/test/endpoint-client.ts';
import { adminSessionOfFile } from './support/admin-session.ts';
import type { RunningPanel } from './support/server.ts';
import { sessionToken } from './support/stones.ts';

// The test's own push service listens on this machine.
const session = adminSessionOfFile({ PUSH_PRIVATE_ENDPOINTS: 'true' });
let panel: RunningPanel;
let page: Page;

/** What a push service received: the test's own stands in for the browser vendor's. */
const received: { path: string; headers: IncomingHttpHeaders; bytes: number }[] = [];
let pushService: Server;
let pushServiceUrl = '';

/**
 * Headless Chromium has no push service to subscribe to (PushManager.subscribe answers "permission
 * denied"), so the page's PushManager hands out a subscription whose address is the test's push service,
 * with a real P-256 key the server encrypts for. Everything else is the browser's own: the permission,
 * the service worker, its notifications.
 */
function stubPushManager(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const key = 'facet-test-push';
  const make = () => ({
    endpoint: subscription.endpoint,
    expirationTime: null,
    options: { applicationServerKey: null, userVisibleOnly: true },
    toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
    unsubscribe: async () => {
      sessionStorage.removeItem(key);
      return true;
    },
  });
  PushManager.prototype.subscribe = async () => {
    sessionStorage.setItem(key, '1');
    return make() as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async () =>
    (sessionStorage.getItem(key) ? make() : null) as unknown as PushSubscription | null;
}

const pushesFor = (path: string) => received.filter((entry) => entry.path === path);

beforeAll(async () => {
  ({ panel, page } = session);
  pushService = createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, bytes });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushServiceUrl = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => pushService?.close(resolve));
});

describe('web push, as an admin turns it on in Chromium', () => {
  it('subscribes from the profile, receives the server’s push, shows it, and unsubscribes', async () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const path = `/push/${randomBytes(6).toString('hex')}`;
    const subscription = {
      endpoint: `${pushServiceUrl}${path}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
    await page.context().grantPermissions(['notifications'], { origin: panel.url });
    await page.addInitScript(stubPushManager, subscription);
    const token = await sessionToken(page);
    // The order setting pushes.
    const createSetting = resourceEndpoints(notificationSettingResource).create;
    if (!createSetting) throw new Error('notification settings cannot be created through the API');
    await callEndpoint(
      panel.url,
      createSetting,
      { action: 'order', title: 'Order placed', email: false, push: true, inApp: true },
      { token },
    );

    await page.goto(`${panel.url}/hkadmin/profile`);
    const device = page.getByRole('switch', { name: 'Notifications on this device' });
    await device.waitFor();
    await expect.poll(() => device.getAttribute('aria-checked')).toBe('false');
    await device.click();
    await page.getByText('Notifications are on for this device.').first().waitFor();
    await expect.poll(() => device.getAttribute('aria-checked')).toBe('true');
    const worker = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(worker).toBe(`${panel.url}/push-worker.js`);

    // A send with the order action: the server pushes to the subscribed address, encrypted and signed.
    await callEndpoint(
      panel.url,
      NOTIFICATION_ENDPOINTS.send,
      {
        title: 'Order 1042 placed',
        message: 'A customer ordered stone RD-1042.',
        action: 'order',
        recipients: { userTypes: [USER_TYPES.SUPER_ADMIN] },
      },
      { token },
    );
    await expect.poll(() => pushesFor(path).length, { timeout: 5000 }).toBe(1);
    const [push] = pushesFor(path);
    expect(push?.headers.authorization).toMatch(/^vapid t=/);
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    // The live stream tells the bell at once, without waiting for its minute's poll.
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 5000 })
      .toBe('Notifications, 1 unread');

    // The browser's push service would now wake the worker: DevTools delivers the same message.
    const cdp: CDPSession = await page.context().newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.some((entry) => entry.scopeURL === `${panel.url}/`)).toBe(true);
    const registration = registrations.find(
      (entry) => entry.scopeURL === `${panel.url}/` && !entry.isDeleted,
    );
    const heard = page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          navigator.serviceWorker.addEventListener('message', (event) => resolve(event.data), { once: true });
        }),
    );
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: panel.url,
      registrationId: registration?.registrationId ?? '',
      data: JSON.stringify({
        title: 'Order 1042 placed',
        message: 'A customer ordered stone RD-1042.',
        module: null,
        action: 'order',
        url: '/hkadmin/profile',
      }),
    });
    expect(await heard).toMatchObject({ type: 'facet-push', title: 'Order 1042 placed' });
    const shown = await page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        url: (notification.data as { url?: string } | null)?.url,
      })),
    );
    expect(shown).toContainEqual({
      title: 'Order 1042 placed',
      body: 'A customer ordered stone RD-1042.',
      url: `${panel.url}/hkadmin/profile`,
    });

    // Off again: the server forgets the address, and the next send pushes nothing.
    await device.click();
    await page.getByText('Notifications are off for this device.').first().waitFor();
    await expect.poll(() => device.getAttribute('aria-checked')).toBe('false');
    await callEndpoint(
      panel.url,
      NOTIFICATION_ENDPOINTS.send,
      {
        title: 'Order 1043 placed',
        message: 'x',
        action: 'order',
        recipients: { userTypes: [USER_TYPES.SUPER_ADMIN] },
      },
      { token },
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(pushesFor(path)).toHaveLength(1);
  });

  it('saves the per-action channels from the profile', async () => {
    await page.goto(`${panel.url}/hkadmin/profile`);
    const email = page.getByRole('switch', { name: 'E-mail: Order placed' });
    const push = page.getByRole('switch', { name: 'Push: Order placed' });
    await push.waitFor();
    // The order setting e-mails nobody: its e-mail switch is off and cannot be turned on.
    expect(await email.isDisabled()).toBe(true);
    await expect.poll(() => push.getAttribute('aria-checked')).toBe('true');
    // A switch saves as it is turned: nothing is lost by leaving the page.
    await push.click();
    await page.getByText('Notification choices saved.').first().waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('switch', { name: 'Push: Order placed' }).getAttribute('aria-checked'))
      .toBe('false');
  });
});
