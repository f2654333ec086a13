import { isPushEndpoint, type PushPayload } from '@facet/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webPush from 'web-push';
import { users } from '../access/user-table.ts';
import type { Config, VapidKeys } from '../config.ts';
import { resolveVapidKeys } from '../config.ts';
import type { Db } from '../db/client.ts';
import { pushSubscriptions } from './notification-channel-tables.ts';
import { resolvesPublicly } from './push-endpoint-guard.ts';

/** Pushes sent at once. */
const CONCURRENCY = 8;
/** A push service that does not answer in this time is given up on for this message. */
const TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a browser that is offline. */
const TTL_SECONDS = 24 * 60 * 60;
/** Push services take about 4 KB of payload; the message is shortened to stay well within it. */
const MESSAGE_MAX = 1000;

const vapidByConfig = new WeakMap<Config, VapidKeys>();

/** The server's VAPID keys, from the environment or DATA_DIR (read once per configuration). */
export function vapidKeysOf(config: Config, log?: FastifyBaseLogger): VapidKeys {
  const known = vapidByConfig.get(config);
  if (known) return known;
  const keys = resolveVapidKeys(config, (message) => log?.warn(message));
  vapidByConfig.set(config, keys);
  return keys;
}

export interface PushTarget {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The browsers of the users matching `condition`. */
export async function pushTargets(db: Db, condition: SQL): Promise<PushTarget[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(condition);
}

export function pushPayload(payload: PushPayload): string {
  const message =
    payload.message.length > MESSAGE_MAX ? `${payload.message.slice(0, MESSAGE_MAX - 1)}…` : payload.message;
  return JSON.stringify({ ...payload, message });
}

type Outcome = 'sent' | 'gone' | 'failed';

/** Where pushes go from: `allowPrivate` is the PUSH_PRIVATE_ENDPOINTS setting. */
export interface PushContext {
  db: Db;
  log: FastifyBaseLogger;
  vapid: VapidKeys;
  allowPrivate: boolean;
}

/**
 * One push: web-push encrypts the payload and signs the VAPID header, and the request goes out through
 * fetch (web-push's own sender speaks https only). 404 and 410 mean the browser unsubscribed.
 */
async function sendOne(target: PushTarget, body: string, context: PushContext) {
  const { vapid, log } = context;
  // Checked again here: a stored address is only ever one the subscription accepted, and its name may
  // have been pointed inside the network since.
  if (!isPushEndpoint(target.endpoint)) return 'gone' satisfies Outcome;
  if (!context.allowPrivate && !(await resolvesPublicly(target.endpoint))) {
    log.warn('a push subscription names an address inside the network; not sent');
    return 'failed' satisfies Outcome;
  }
  const details = webPush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    body,
    {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    },
  );
  const headers = Object.fromEntries(
    Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
  );
  const response = await fetch(details.endpoint, {
    method: details.method,
    headers,
    body: details.body ? new Uint8Array(details.body) : undefined,
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await response.arrayBuffer().catch(() => undefined);
  if (response.status === 404 || response.status === 410) return 'gone' satisfies Outcome;
  if (response.ok) return 'sent' satisfies Outcome;
  log.warn({ status: response.status }, 'a push service refused a notification');
  return 'failed' satisfies Outcome;
}

/** Sends `payload` to every target; the gone are deleted, the delivered marked. Never throws. */
export async function sendPushes(
  context: PushContext,
  targets: readonly PushTarget[],
  payload: PushPayload,
): Promise<void> {
  if (targets.length === 0) return;
  const body = pushPayload(payload);
  const sent: string[] = [];
  const gone: string[] = [];
  let failed = 0;
  for (let start = 0; start < targets.length; start += CONCURRENCY) {
    const batch = targets.slice(start, start + CONCURRENCY);
    const results = await Promise.allSettled(batch.map((target) => sendOne(target, body, context)));
    results.forEach((result, index) => {
      const id = (batch[index] as PushTarget).id;
      if (result.status === 'fulfilled' && result.value === 'sent') sent.push(id);
      else if (result.status === 'fulfilled' && result.value === 'gone') gone.push(id);
      else {
        if (failed === 0 && result.status === 'rejected') {
          context.log.warn({ err: result.reason }, 'a push notification failed');
        }
        failed += 1;
      }
    });
  }
  try {
    if (gone.length > 0)
      await context.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
    if (sent.length > 0) {
      await context.db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: sql`now()` })
        .where(and(inArray(pushSubscriptions.id, sent)));
    }
  } catch (error) {
    context.log.warn({ err: error }, 'recording push outcomes failed');
  }
  if (failed > 0) context.log.warn({ failed, total: targets.length }, 'push notifications failed');
}

const pending = new Set<Promise<void>>();

/** After the answer, outside any transaction: a slow push service delays nothing. */
export function pushInBackground(
  context: PushContext,
  targets: readonly PushTarget[],
  payload: PushPayload,
): void {
  if (targets.length === 0) return;
  const job = sendPushes(context, targets, payload).catch((error: unknown) =>
    context.log.warn({ err: error }, 'push notifications failed'),
  );
  pending.add(job);
  void job.finally(() => pending.delete(job));
}

/** Waits for the pushes still going out (at shutdown, before the database closes). */
export async function drainPushes(): Promise<void> {
  await Promise.allSettled([...pending]);
}
