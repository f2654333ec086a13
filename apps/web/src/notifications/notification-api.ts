import {
  endpointRefs,
  type NOTIFICATION_ENDPOINTS,
  type NotificationPaginatePayload,
  type NotificationRecipientQuery,
  type NotificationUpdatePayload,
  type SendNotificationPayload,
  type SentNotificationQuery,
} from '@facet/contract';
import { call } from '../platform/api/api-client.ts';

/** Query-key root of the caller's notifications: invalidating it refreshes the bell. */
export const notificationsKey = ['notifications'] as const;
/** Query-key root of the history of sends: invalidated by a send. */
export const sentNotificationsKey = ['notifications', 'sent'] as const;

/**
 * Refs, not the declarations: the bell is in every panel screen's first load, and the declarations'
 * schemas would bring zod to it (docs/performance.md). notification-api.test.ts compares them.
 */
export const NOTIFICATION_REFS = endpointRefs<typeof NOTIFICATION_ENDPOINTS>()({
  paginate: ['POST', 'apis/notification/paginate', { authenticated: true }],
  readAll: ['POST', 'apis/notification/read-all', { authenticated: true }],
  recipients: ['POST', 'apis/notification/recipients', { module: 'Notification Settings', action: 'insert' }],
  send: ['POST', 'apis/notification/sendNotification', { module: 'Notification Settings', action: 'insert' }],
  sent: ['POST', 'apis/notification/sent', { module: 'Notification Settings', action: 'view' }],
  update: ['PUT', 'apis/notification/:id', { authenticated: true }],
});

export const notificationApi = {
  /** Polled by the bell: a failure stays quiet rather than toasting every minute. */
  paginate: (body: NotificationPaginatePayload) =>
    call(NOTIFICATION_REFS.paginate, body, { toastErrors: false }).then((envelope) => envelope.data),
  update: (id: string, body: NotificationUpdatePayload) =>
    call(NOTIFICATION_REFS.update, body, { params: { id } }),
  readAll: () => call(NOTIFICATION_REFS.readAll),
  send: (body: SendNotificationPayload) => call(NOTIFICATION_REFS.send, body),
  sent: (body: SentNotificationQuery) => call(NOTIFICATION_REFS.sent, body).then((envelope) => envelope.data),
  recipients: (body: NotificationRecipientQuery) =>
    call(NOTIFICATION_REFS.recipients, body).then((envelope) => envelope.data),
};
