import {
  NOTIFICATION_ENDPOINTS,
  type NotificationPaginatePayload,
  type NotificationRecipientQuery,
  type NotificationUpdatePayload,
  type SendNotificationPayload,
} from '@facet/contract';
import { call } from '../platform/api/api-client.ts';

/** Query-key root of the caller's notifications: invalidating it refreshes the bell. */
export const notificationsKey = ['notifications'] as const;

export const notificationApi = {
  /** Polled by the bell: a failure stays quiet rather than toasting every minute. */
  paginate: (body: NotificationPaginatePayload) =>
    call(NOTIFICATION_ENDPOINTS.paginate, body, { toastErrors: false }).then((envelope) => envelope.data),
  update: (id: string, body: NotificationUpdatePayload) =>
    call(NOTIFICATION_ENDPOINTS.update, body, { params: { id } }),
  readAll: () => call(NOTIFICATION_ENDPOINTS.readAll),
  send: (body: SendNotificationPayload) => call(NOTIFICATION_ENDPOINTS.send, body),
  recipients: (body: NotificationRecipientQuery) =>
    call(NOTIFICATION_ENDPOINTS.recipients, body).then((envelope) => envelope.data),
};
