import type { PaginateResult } from '../envelope.ts';
import type { NOTIFICATION_ACTIONS } from '../resources/catalogue/settings.ts';
import type { UserType } from '../user.ts';

/**
 * In-app notifications: every user reads and marks their own; holders of Notification Settings
 * (insert) send them to users, user types or companies. Plain values only: the shell's bell imports
 * this file, and zod stays with the send form (notification-schemas.ts).
 */
export const NOTIFICATION_PATHS = {
  /** The caller's own notifications: `{list, count, unread}`. */
  paginate: 'apis/notification/paginate',
  send: 'apis/notification/sendNotification',
  /** PUT `{isRead, isVisited}` on one of the caller's own. */
  byId: (id: string) => `apis/notification/${id}`,
  readAll: 'apis/notification/read-all',
  /** Choices of the send form's user and company pickers. */
  recipients: 'apis/notification/recipients',
} as const;

export const NOTIFICATION_LIMITS = {
  title: 200,
  message: 5000,
  userIds: 1000,
  accountIds: 500,
  /** One send reaches at most this many users; more is refused, not truncated. */
  recipients: 10_000,
  /** Page size of the caller's list. */
  page: 100,
} as const;

export const NOTIFICATION_MESSAGES = {
  titleRequired: 'Please input the title!',
  titleTooLong: `The title is at most ${NOTIFICATION_LIMITS.title} characters.`,
  messageRequired: 'Please input the message!',
  messageTooLong: `The message is at most ${NOTIFICATION_LIMITS.message} characters.`,
  moduleInvalid: 'Choose a module from the list.',
  actionInvalid: 'Choose an action from the list.',
  recipientsRequired: 'Choose at least one recipient: users, user types or companies.',
  userIdInvalid: 'Choose users from the list.',
  accountIdInvalid: 'Choose companies from the list.',
  userTypeInvalid: 'Choose user types from the list.',
  tooManyUserIds: `Choose at most ${NOTIFICATION_LIMITS.userIds} users; send to a user type or company instead.`,
  tooManyAccountIds: `Choose at most ${NOTIFICATION_LIMITS.accountIds} companies at once.`,
  unknownUsers: 'Some chosen users do not exist any more.',
  unknownAccounts: 'Some chosen companies do not exist any more.',
  noRecipients: 'No active user matches these recipients.',
  tooManyRecipients: (count: number) =>
    `These recipients are ${count > NOTIFICATION_LIMITS.recipients ? `more than ${NOTIFICATION_LIMITS.recipients}` : count} users; send to at most ${NOTIFICATION_LIMITS.recipients} at once.`,
  flagRequired: 'Send isRead or isVisited.',
  notFound: 'Notification not found.',
  list: 'Notifications.',
  recipientOptions: 'Recipients.',
  updated: 'Notification updated.',
  allRead: 'All notifications marked as read.',
  sent: (count: number) => `Notification sent to ${count} ${count === 1 ? 'user' : 'users'}.`,
} as const;

export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number]['value'];

export interface NotificationRecord {
  id: string;
  /** The recipient. */
  userId: string;
  module: string | null;
  action: NotificationAction | null;
  title: string;
  message: string;
  isRead: boolean;
  isVisited: boolean;
  readAt: string | null;
  /** Who sent it; null when the system did. */
  createdBy: string | null;
  createdByName: string | null;
  createdAt: string;
}

/** `apis/notification/paginate`: a page of the caller's own, and how many of all of them are unread. */
export interface NotificationPage extends PaginateResult<NotificationRecord> {
  unread: number;
}

/** `apis/notification/read-all`. */
export interface NotificationReadAllResult {
  updated: number;
  unread: number;
}

/** `apis/notification/sendNotification`. */
export interface NotificationSendResult {
  /** Shared by the notifications of this send, and the id of its audit entry. */
  batchId: string;
  recipients: number;
  /** Recipients an e-mail is going to (the action's e-mail channel is on), sent after the answer. */
  emailed: number;
}

export interface NotificationRecipientOption {
  value: string;
  label: string;
  /** Username and e-mail of a user, code of a company. */
  description: string | null;
  userType?: UserType;
}
