import { z } from 'zod';
import { CUSTOMER_MODULES } from '../access/customer-modules.ts';
import { USER_TYPES } from '../access/user-types.ts';
import { requiredText } from '../auth/auth.ts';
import { listSearchSchema, pageNumberSchema, pageSizeSchema, paginateRequestSchema } from '../envelope.ts';
import { NOTIFICATION_ACTIONS } from '../settings/setting-resources.ts';
import {
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  type NotificationAction,
} from './notification-messages.ts';

/**
 * What a notification may point at: a customer module (cart, order, ...) or a panel module of the modules
 * the server was built with, which checks it.
 */
export function notificationModulesOf(adminModules: readonly { module: string }[]): string[] {
  return [...CUSTOMER_MODULES.map((entry) => entry.module), ...adminModules.map((entry) => entry.module)];
}

const M = NOTIFICATION_MESSAGES;
const ACTION_VALUES = NOTIFICATION_ACTIONS.map((action) => action.value) as [
  NotificationAction,
  ...NotificationAction[],
];

/** An empty choice (a cleared select) means none. */
const optionalChoice = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? null : value), schema.nullable().optional());

const actionSchema = z.enum(ACTION_VALUES, { error: M.actionInvalid });
const moduleSchema = z
  .string({ error: M.moduleInvalid })
  .max(NOTIFICATION_LIMITS.module, { error: M.moduleInvalid });

/** The caller's own notifications, newest first unless asked otherwise. */
export const notificationPaginateSchema = paginateRequestSchema.extend({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIMITS.page).default(20),
  filter: z
    .strictObject({
      isRead: z.boolean().optional(),
      isVisited: z.boolean().optional(),
      module: moduleSchema.optional(),
      action: actionSchema.optional(),
    })
    .optional(),
  sort: z.strictObject({ createdAt: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional() }).optional(),
});
export type NotificationPaginatePayload = z.input<typeof notificationPaginateSchema>;

/** `PUT apis/notification/{id}`: either flag, or both. */
export const notificationUpdateSchema = z
  .strictObject({ isRead: z.boolean().optional(), isVisited: z.boolean().optional() })
  .refine((body) => body.isRead !== undefined || body.isVisited !== undefined, { error: M.flagRequired });
export type NotificationUpdatePayload = z.input<typeof notificationUpdateSchema>;

const userTypeSchema = z.union(
  Object.values(USER_TYPES).map((value) => z.literal(value)) as unknown as [
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<4>,
    z.ZodLiteral<5>,
    z.ZodLiteral<6>,
  ],
  { error: M.userTypeInvalid },
);

const unique = <T>(values: T[]) => [...new Set(values)];

/** Who receives a send: the union of the users, every user of the types, every user of the companies. */
export const notificationRecipientsSchema = z
  .strictObject(
    {
      userIds: z
        .array(z.uuid({ error: M.userIdInvalid }), { error: M.userIdInvalid })
        .max(NOTIFICATION_LIMITS.userIds, { error: M.tooManyUserIds })
        .default([])
        .transform(unique),
      userTypes: z
        .array(userTypeSchema, { error: M.userTypeInvalid })
        .max(Object.keys(USER_TYPES).length, { error: M.userTypeInvalid })
        .default([])
        .transform(unique),
      accountIds: z
        .array(z.uuid({ error: M.accountIdInvalid }), { error: M.accountIdInvalid })
        .max(NOTIFICATION_LIMITS.accountIds, { error: M.tooManyAccountIds })
        .default([])
        .transform(unique),
    },
    { error: M.recipientsRequired },
  )
  .refine(
    (recipients) =>
      recipients.userIds.length + recipients.userTypes.length + recipients.accountIds.length > 0,
    { error: M.recipientsRequired },
  );
export type NotificationRecipients = z.output<typeof notificationRecipientsSchema>;

/** `POST apis/notification/sendNotification`. */
export const sendNotificationSchema = z.object({
  title: requiredText(M.titleRequired).pipe(
    z.string().max(NOTIFICATION_LIMITS.title, { error: M.titleTooLong }),
  ),
  message: requiredText(M.messageRequired).pipe(
    z.string().max(NOTIFICATION_LIMITS.message, { error: M.messageTooLong }),
  ),
  module: optionalChoice(moduleSchema),
  action: optionalChoice(actionSchema),
  recipients: notificationRecipientsSchema,
});
export type SendNotificationPayload = z.input<typeof sendNotificationSchema>;

/** `POST apis/notification/recipients`: choices for the send form's pickers. */
export const notificationRecipientQuerySchema = z.strictObject({
  kind: z.enum(['users', 'companies']),
  search: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type NotificationRecipientQuery = z.input<typeof notificationRecipientQuerySchema>;

export const notificationRecordSchema = z.object({
  id: z.string(),
  /** The recipient. */
  userId: z.string(),
  module: z.string().nullable(),
  action: z.enum(ACTION_VALUES).nullable(),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  isVisited: z.boolean(),
  readAt: z.string().nullable(),
  /** Who sent it; null when the system did. */
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationRecord = z.infer<typeof notificationRecordSchema>;

/** `apis/notification/paginate`: a page of the caller's own, and how many of all of them are unread. */
export const notificationPageSchema = z.object({
  list: z.array(notificationRecordSchema),
  count: z.number().int(),
  unread: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** `apis/notification/read-all`. */
export const notificationReadAllResultSchema = z.object({
  updated: z.number().int(),
  unread: z.number().int(),
});
export type NotificationReadAllResult = z.infer<typeof notificationReadAllResultSchema>;

/** `apis/notification/sendNotification`. */
export const notificationSendResultSchema = z.object({
  /** Shared by the notifications of this send, and the id of its audit entry. */
  batchId: z.string(),
  recipients: z.number().int(),
  /** Recipients an e-mail is going to (the action's e-mail channel is on), sent after the answer. */
  emailed: z.number().int(),
});
export type NotificationSendResult = z.infer<typeof notificationSendResultSchema>;

export const notificationRecipientOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** Username and e-mail of a user, code of a company. */
  description: z.string().nullable(),
  userType: z.enum(USER_TYPES).optional(),
});
export type NotificationRecipientOption = z.infer<typeof notificationRecipientOptionSchema>;

/** `apis/notification/sent`: the sends made from the panel, newest first; the search looks in title and message. */
export const sentNotificationQuerySchema = z.strictObject({
  page: pageNumberSchema,
  limit: pageSizeSchema(NOTIFICATION_LIMITS.page, 20),
  search: listSearchSchema.optional(),
});
export type SentNotificationQuery = z.input<typeof sentNotificationQuerySchema>;

/** One send, as its audit entry recorded it, with how many of its recipients have read it since. */
export const sentNotificationSchema = z.object({
  batchId: z.string(),
  title: z.string(),
  message: z.string(),
  module: z.string().nullable(),
  action: z.enum(ACTION_VALUES).nullable(),
  /** Users it reached. */
  recipients: z.number().int(),
  /** Of them, those who have read it (notifications read and kept). */
  read: z.number().int(),
  /** It was also e-mailed (its action's e-mail channel was on). */
  emailed: z.boolean(),
  sentBy: z.string().nullable(),
  sentByName: z.string().nullable(),
  createdAt: z.string(),
});
export type SentNotification = z.infer<typeof sentNotificationSchema>;

export const sentNotificationPageSchema = z.object({
  list: z.array(sentNotificationSchema),
  count: z.number().int(),
});
export type SentNotificationPage = z.infer<typeof sentNotificationPageSchema>;
