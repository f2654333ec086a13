import {
  NOTIFICATION_PATHS,
  type NotificationPage,
  type NotificationPaginatePayload,
  type NotificationReadAllResult,
  type NotificationRecipientOption,
  type NotificationRecipientQuery,
  type NotificationRecord,
  type NotificationSendResult,
  type NotificationUpdatePayload,
  type SendNotificationPayload,
} from '@facet/contract';
import { apiRequest } from '../api/api-client.ts';

/** Query-key root of the caller's notifications: invalidating it refreshes the bell. */
export const notificationsKey = ['notifications'] as const;

export const notificationApi = {
  /** Polled by the bell: a failure stays quiet rather than toasting every minute. */
  paginate: (body: NotificationPaginatePayload) =>
    apiRequest<NotificationPage>(NOTIFICATION_PATHS.paginate, { body, toastErrors: false }).then(
      (envelope) => envelope.data,
    ),
  update: (id: string, body: NotificationUpdatePayload) =>
    apiRequest<NotificationRecord>(NOTIFICATION_PATHS.byId(id), { method: 'PUT', body }),
  readAll: () => apiRequest<NotificationReadAllResult>(NOTIFICATION_PATHS.readAll),
  send: (body: SendNotificationPayload) =>
    apiRequest<NotificationSendResult>(NOTIFICATION_PATHS.send, { body }),
  recipients: (body: NotificationRecipientQuery) =>
    apiRequest<NotificationRecipientOption[]>(NOTIFICATION_PATHS.recipients, { body }).then(
      (envelope) => envelope.data,
    ),
};
