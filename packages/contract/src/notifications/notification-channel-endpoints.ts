import { defineEndpoint } from '../endpoints/endpoint.ts';
import {
  notificationPreferenceListSchema,
  notificationPreferencesUpdateSchema,
  pushKeySchema,
  pushSubscriptionResultSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from './notification-channels.ts';

const TAG = 'Notifications';

/** `apis/notification/*` of the channels: every signed-in user chooses their own. */
export const NOTIFICATION_CHANNEL_ENDPOINTS = {
  preferences: defineEndpoint({
    method: 'GET',
    path: 'apis/notification/preferences',
    tag: TAG,
    summary:
      "The caller's channels (in app, e-mail, push) for every notification action, within what each action's setting sends.",
    access: { authenticated: true },
    answer: { data: notificationPreferenceListSchema },
  }),
  savePreferences: defineEndpoint({
    method: 'PUT',
    path: 'apis/notification/preferences',
    tag: TAG,
    summary:
      "Replaces the caller's channel choices; an action left out follows its setting. A choice can only turn a channel off.",
    access: { authenticated: true },
    body: notificationPreferencesUpdateSchema,
    answer: { data: notificationPreferenceListSchema },
  }),
  pushKey: defineEndpoint({
    method: 'GET',
    path: 'apis/notification/push-key',
    tag: TAG,
    summary: "The server's VAPID public key, for the browser's push subscription.",
    access: { authenticated: true },
    answer: { data: pushKeySchema },
  }),
  subscribePush: defineEndpoint({
    method: 'POST',
    path: 'apis/notification/push-subscription',
    tag: TAG,
    summary:
      "Receives push notifications in this browser: its PushSubscription (endpoint and keys). A user's oldest browsers past 10 are dropped.",
    access: { authenticated: true },
    body: pushSubscriptionSchema,
    answer: { data: pushSubscriptionResultSchema },
  }),
  unsubscribePush: defineEndpoint({
    method: 'POST',
    path: 'apis/notification/push-subscription/remove',
    tag: TAG,
    summary: 'Stops push notifications to this browser.',
    access: { authenticated: true },
    body: pushUnsubscribeSchema,
    answer: { data: pushSubscriptionResultSchema },
  }),
};
