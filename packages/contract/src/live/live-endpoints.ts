import { z } from 'zod';
import { defineEndpoint } from '../endpoints/endpoint.ts';
import { LIVE_LIMITS, LIVE_MESSAGES } from './live-events.ts';

const TAG = 'Live updates';

export const liveTicketSchema = z.object({
  /** For `apis/live/events?ticket=`; bound to the caller's session. */
  ticket: z.string(),
  expiresAt: z.string(),
});
export type LiveTicket = z.infer<typeof liveTicketSchema>;

export const liveEventsQuerySchema = z.object({
  ticket: z
    .string({ error: LIVE_MESSAGES.ticketInvalid })
    .min(1, { error: LIVE_MESSAGES.ticketInvalid })
    .max(LIVE_LIMITS.ticket, { error: LIVE_MESSAGES.ticketInvalid }),
});

/**
 * `apis/live/*`: the panel's stream of changes. A browser's EventSource cannot send the Authorization
 * header, so the stream takes a short-lived ticket the signed-in panel asks for first.
 */
export const LIVE_ENDPOINTS = {
  ticket: defineEndpoint({
    method: 'POST',
    path: 'apis/live/ticket',
    tag: TAG,
    summary: `A ticket for the live updates stream, valid ${LIVE_LIMITS.ticketSeconds} seconds and bound to the caller's session.`,
    access: { authenticated: true },
    answer: { data: liveTicketSchema },
  }),
  events: defineEndpoint({
    method: 'GET',
    path: 'apis/live/events',
    tag: TAG,
    summary:
      'Server-sent events for the ticket\'s user: "changed" lists they may view, and "notification" when theirs arrive.',
    description:
      'The ticket stands for the token: it names the session, which must still be live, and is taken once. ' +
      'The stream sends a "ready" event, then "changed" and "notification" events, and a comment every 25 seconds.',
    access: { public: true },
    query: liveEventsQuerySchema,
    answer: { file: ['text/event-stream'] },
  }),
};
