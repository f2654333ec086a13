/**
 * Live screens: what the server tells open panels, so a list or the bell refreshes when something
 * changes rather than on its next poll. Free of zod: the panel's stream reader is in every screen.
 */

/** A staff list changed: the panels that may view `module` refetch the lists of those endpoint paths. */
export interface LiveChangedEvent {
  kind: 'changed';
  /** The admin permission module whose view the list needs ('Diamond Track'). */
  module: string;
  /** Endpoint paths of the lists to refresh, as the contract declares them ('apis/diamond-track/paginate'). */
  paths: readonly string[];
}

/** New notifications for these users: their bells refresh. */
export interface LiveNotificationEvent {
  kind: 'notification';
  userIds: readonly string[];
}

/** What the server publishes to every instance (ctx.live.publish). */
export type LiveEvent = LiveChangedEvent | LiveNotificationEvent;

/**
 * What one browser receives on `apis/live/events`, as the `data` of an SSE message of the same event
 * name: a notification event no longer names its users (the stream is one user's own).
 */
export type LiveMessage =
  | LiveChangedEvent
  | { kind: 'notification' }
  /** Sent once when the stream opens. */
  | { kind: 'ready' };

export const LIVE_LIMITS = {
  /** Lifetime of a stream ticket, in seconds: it is fetched right before the stream opens. */
  ticketSeconds: 60,
  /** Longest ticket the stream accepts. */
  ticket: 512,
} as const;

export const LIVE_MESSAGES = {
  ticket: 'Live updates ticket.',
  ticketInvalid: 'The live updates ticket is not valid or has expired.',
} as const;
