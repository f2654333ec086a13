import type { PushSubscriptionPayload } from '@facet/contract';
import { notificationChannelApi } from './notification-channel-api.ts';

/** The service worker that shows pushes (apps/web/public/push-worker.js), at the root so it sees the panel. */
const WORKER_URL = '/push-worker.js';

/** Whether this browser can receive push notifications at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** The base64url key as the bytes PushManager.subscribe() takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** This browser's subscription, when it has one and notifications are allowed. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported() || Notification.permission !== 'granted') return null;
  const found = await navigator.serviceWorker.getRegistration('/');
  return (await found?.pushManager.getSubscription()) ?? null;
}

export type EnableResult = 'on' | 'denied';

/**
 * Asks the browser for permission, subscribes it with the server's key and hands the subscription to
 * the server. A subscription made with another key (the server's keys changed) is replaced.
 */
export async function enablePush(): Promise<EnableResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const worker = await registration();
  const publicKey = await notificationChannelApi.pushKey();
  let subscription = await worker.pushManager.getSubscription();
  const key = keyBytes(publicKey);
  const current = subscription?.options.applicationServerKey;
  if (subscription && current && !sameBytes(new Uint8Array(current), key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await notificationChannelApi.subscribePush(subscription.toJSON() as PushSubscriptionPayload);
  return 'on';
}

/** Tells the server to stop, then lets the browser forget the subscription. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await notificationChannelApi.unsubscribePush(subscription.endpoint).catch(() => undefined);
  await subscription.unsubscribe();
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}
