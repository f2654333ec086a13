import { endpointRefs, type LIVE_ENDPOINTS } from '@facet/contract';

/** Refs, not the declarations: the stream reader is part of every signed-in screen. */
export const LIVE_REFS = endpointRefs<typeof LIVE_ENDPOINTS>()({
  ticket: ['POST', 'apis/live/ticket', { authenticated: true }],
  events: ['GET', 'apis/live/events', { public: true }],
});
