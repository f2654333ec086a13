import {
  endpointRefs,
  type NOTIFICATION_CHANNEL_ENDPOINTS,
  type NotificationPreferencesUpdate,
  type PushSubscriptionPayload,
} from '@facet/contract';
import { call } from '../platform/api/api-client.ts';

/** Query key of the caller's channel choices. */
export const notificationPreferencesKey = ['notifications', 'preferences'] as const;

export const NOTIFICATION_CHANNEL_REFS = endpointRefs<typeof NOTIFICATION_CHANNEL_ENDPOINTS>()({
  preferences: ['GET', 'apis/notification/preferences', { authenticated: true }],
  savePreferences: ['PUT', 'apis/notification/preferences', { authenticated: true }],
  pushKey: ['GET', 'apis/notification/push-key', { authenticated: true }],
  subscribePush: ['POST', 'apis/notification/push-subscription', { authenticated: true }],
  unsubscribePush: ['POST', 'apis/notification/push-subscription/remove', { authenticated: true }],
});

export const notificationChannelApi = {
  preferences: () => call(NOTIFICATION_CHANNEL_REFS.preferences).then((envelope) => envelope.data),
  savePreferences: (body: NotificationPreferencesUpdate) =>
    call(NOTIFICATION_CHANNEL_REFS.savePreferences, body),
  pushKey: () => call(NOTIFICATION_CHANNEL_REFS.pushKey).then((envelope) => envelope.data.publicKey),
  subscribePush: (body: PushSubscriptionPayload) => call(NOTIFICATION_CHANNEL_REFS.subscribePush, body),
  unsubscribePush: (endpoint: string) =>
    call(NOTIFICATION_CHANNEL_REFS.unsubscribePush, { endpoint }, { toastErrors: false }),
};
