import { z } from 'zod';
import { NOTIFICATION_ACTIONS } from '../settings/setting-resources.ts';
import { NOTIFICATION_MESSAGES, type NotificationAction } from './notification-messages.ts';

/**
 * How notifications reach a user: their own choice of channels per action (which may only turn off what
 * the action's notification setting turns on), and the browsers they receive Web Push on. The endpoints
 * are in notification-channel-endpoints.ts.
 */

export const NOTIFICATION_CHANNEL_LIMITS = {
  /** A push service's address; real ones are well under 1,000 characters. */
  endpoint: 2048,
  /** The browser's P-256 public key, base64url: 65 bytes, 87 characters. */
  p256dh: 128,
  /** The browser's authentication secret, base64url: 16 bytes, 22 characters. */
  auth: 64,
  /** Browsers one user receives push on; subscribing one more drops the oldest. */
  subscriptionsPerUser: 10,
} as const;

export const NOTIFICATION_CHANNEL_MESSAGES = {
  preferences: 'Notification choices.',
  preferencesSaved: 'Notification choices saved.',
  preferencesInvalid: 'Send the list of choices.',
  actionTwice: 'Each action may be chosen once.',
  channelInvalid: 'Choose on or off.',
  pushKey: 'Push key.',
  subscribed: 'Notifications are on for this device.',
  unsubscribed: 'Notifications are off for this device.',
  endpointInvalid: 'The push service address is not valid.',
  keysInvalid: 'The browser sent push keys that are not valid.',
  pushUnavailable: 'Push notifications are not set up on this server.',
} as const;

const M = NOTIFICATION_CHANNEL_MESSAGES;
const L = NOTIFICATION_CHANNEL_LIMITS;
const ACTION_VALUES = NOTIFICATION_ACTIONS.map((action) => action.value) as [
  NotificationAction,
  ...NotificationAction[],
];

/** The three channels, as each setting, choice and delivery names them. */
export interface NotificationChannels {
  inApp: boolean;
  email: boolean;
  push: boolean;
}

const channel = z.boolean({ error: M.channelInvalid });

/** One action's choice: which of its channels the user wants. */
export const notificationPreferenceSchema = z.strictObject({
  action: z.enum(ACTION_VALUES, { error: NOTIFICATION_MESSAGES.actionInvalid }),
  inApp: channel,
  email: channel,
  push: channel,
});

/**
 * `PUT apis/notification/preferences`: the caller's choices, replacing theirs; an action left out goes
 * back to its setting's channels.
 */
export const notificationPreferencesUpdateSchema = z.strictObject(
  {
    preferences: z
      .array(notificationPreferenceSchema, { error: M.preferencesInvalid })
      .max(ACTION_VALUES.length, { error: M.actionTwice })
      .refine((list) => new Set(list.map((entry) => entry.action)).size === list.length, {
        error: M.actionTwice,
      }),
  },
  { error: M.preferencesInvalid },
);
export type NotificationPreferencesUpdate = z.input<typeof notificationPreferencesUpdateSchema>;

const channelsSchema = z.object({ inApp: z.boolean(), email: z.boolean(), push: z.boolean() });

/** One action as the caller's choices show it. */
export const notificationPreferenceRecordSchema = z.object({
  action: z.enum(ACTION_VALUES),
  label: z.string(),
  /** What the action's setting sends at all: a channel off here stays off whatever the user chooses. */
  available: channelsSchema,
  /** The channels that reach the user: their choice within what is available. */
  inApp: z.boolean(),
  email: z.boolean(),
  push: z.boolean(),
});
export type NotificationPreferenceRecord = z.infer<typeof notificationPreferenceRecordSchema>;

export const notificationPreferenceListSchema = z.object({
  list: z.array(notificationPreferenceRecordSchema),
});
export type NotificationPreferenceList = z.infer<typeof notificationPreferenceListSchema>;

/** https to any host, or plain http to this machine (a test's own push service); no user name or password. */
const PUSH_ENDPOINT =
  /^(?:https:\/\/[^/?#@\s]+|http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?)(?:[/?#][^\s]*)?$/i;

/** A push service's address, as the subscription and the sender accept it. */
export function isPushEndpoint(value: string): boolean {
  return PUSH_ENDPOINT.test(value);
}

/** One message per field: the length bounds are in the pattern. */
const base64url = (max: number, min: number) =>
  z
    .string({ error: M.keysInvalid })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}={0,2}$`), { error: M.keysInvalid });

const endpointSchema = z
  .string({ error: M.endpointInvalid })
  .max(L.endpoint, { error: M.endpointInvalid })
  .refine(isPushEndpoint, { error: M.endpointInvalid });

/** `POST apis/notification/push-subscription`: what the browser's PushSubscription.toJSON() gives. */
export const pushSubscriptionSchema = z.strictObject({
  endpoint: endpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject(
    { p256dh: base64url(L.p256dh, 16), auth: base64url(L.auth, 8) },
    { error: M.keysInvalid },
  ),
});
export type PushSubscriptionPayload = z.input<typeof pushSubscriptionSchema>;

/** `POST apis/notification/push-subscription/remove`. */
export const pushUnsubscribeSchema = z.strictObject({ endpoint: endpointSchema });
export type PushUnsubscribePayload = z.input<typeof pushUnsubscribeSchema>;

export const pushKeySchema = z.object({
  /** The server's VAPID public key (base64url), the `applicationServerKey` of PushManager.subscribe(). */
  publicKey: z.string(),
});
export type PushKey = z.infer<typeof pushKeySchema>;

export const pushSubscriptionResultSchema = z.object({ subscribed: z.boolean() });
export type PushSubscriptionResult = z.infer<typeof pushSubscriptionResultSchema>;

/** What a push message carries to the service worker (apps/web/public/push-worker.js). */
export interface PushPayload {
  title: string;
  message: string;
  module: string | null;
  action: string | null;
  /** Where a click on it leads, relative to the panel's origin. */
  url: string;
}
