import type { NOTIFICATION_ACTIONS } from '../settings/setting-resources.ts';

/**
 * In-app notifications: every user reads and marks their own; holders of Notification Settings
 * (insert) send them to users, user types or companies. Their limits and messages; the schemas are in
 * notification-schemas.ts, the endpoints in notification-endpoints.ts.
 */

export const NOTIFICATION_LIMITS = {
  title: 200,
  message: 5000,
  userIds: 1000,
  accountIds: 500,
  /** One send reaches at most this many users; more is refused, not truncated. */
  recipients: 10_000,
  /** Page size of the caller's list. */
  page: 100,
  /** A module's name, as the permission catalogues spell them. */
  module: 64,
} as const;

export const NOTIFICATION_MESSAGES = {
  titleRequired: 'Enter a title.',
  titleTooLong: `At most ${NOTIFICATION_LIMITS.title} characters.`,
  messageRequired: 'Enter a message.',
  messageTooLong: `At most ${NOTIFICATION_LIMITS.message} characters.`,
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
  sentList: 'Sent notifications.',
  recipientOptions: 'Recipients.',
  updated: 'Notification updated.',
  allRead: 'All notifications marked as read.',
  sent: (count: number) => `Notification sent to ${count} ${count === 1 ? 'user' : 'users'}.`,
} as const;

export type NotificationAction = (typeof NOTIFICATION_ACTIONS)[number]['value'];
