import { z } from 'zod';
import { defineEndpoint, idParams } from '../endpoints/endpoint.ts';
import {
  notificationPageSchema,
  notificationPaginateSchema,
  notificationReadAllResultSchema,
  notificationRecipientOptionSchema,
  notificationRecipientQuerySchema,
  notificationRecordSchema,
  notificationSendResultSchema,
  notificationUpdateSchema,
  sendNotificationSchema,
  sentNotificationPageSchema,
  sentNotificationQuerySchema,
} from './notification-schemas.ts';

const TAG = 'Notifications';
/** Sending, and the send form's pickers. */
const SEND_ACCESS = { module: 'Notification Settings', action: 'insert' } as const;
/** The history of sends, beside the send form. */
const HISTORY_ACCESS = { module: 'Notification Settings', action: 'view' } as const;

/**
 * `apis/notification/*`: every signed-in user reads and marks their own notifications; holders of
 * Notification Settings (insert) send them.
 */
export const NOTIFICATION_ENDPOINTS = {
  paginate: defineEndpoint({
    method: 'POST',
    path: 'apis/notification/paginate',
    tag: TAG,
    summary: "A page of the caller's own notifications, and how many of them are unread.",
    access: { authenticated: true },
    body: notificationPaginateSchema,
    answer: { data: notificationPageSchema },
  }),
  readAll: defineEndpoint({
    method: 'POST',
    path: 'apis/notification/read-all',
    tag: TAG,
    summary: "Marks every one of the caller's notifications as read.",
    access: { authenticated: true },
    answer: { data: notificationReadAllResultSchema },
  }),
  recipients: defineEndpoint({
    method: 'POST',
    path: 'apis/notification/recipients',
    tag: TAG,
    summary: "Choices of the send form's user and company pickers.",
    access: SEND_ACCESS,
    body: notificationRecipientQuerySchema,
    answer: { data: z.array(notificationRecipientOptionSchema) },
  }),
  send: defineEndpoint({
    method: 'POST',
    path: 'apis/notification/sendNotification',
    tag: TAG,
    summary:
      'Sends a notification to users, user types or companies, and e-mails it when its action says so.',
    access: SEND_ACCESS,
    body: sendNotificationSchema,
    answer: { data: notificationSendResultSchema },
  }),
  sent: defineEndpoint({
    method: 'POST',
    path: 'apis/notification/sent',
    tag: TAG,
    summary:
      'A page of the notifications sent from the panel, newest first, with how many recipients read each.',
    access: HISTORY_ACCESS,
    body: sentNotificationQuerySchema,
    answer: { data: sentNotificationPageSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: 'apis/notification/:id',
    tag: TAG,
    summary: "Marks one of the caller's own notifications read or visited (or not).",
    access: { authenticated: true },
    params: idParams,
    body: notificationUpdateSchema,
    answer: { data: notificationRecordSchema },
  }),
};
