import { LIVE_ENDPOINTS, LIVE_MESSAGES } from '@facet/contract';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { defineServerModule } from '../modules/server-module.ts';
import { registerLiveStream } from './live-stream.ts';
import { issueTicket } from './live-tickets.ts';

/**
 * Live screens: the stream open panels listen to (`apis/live/*`). The bus it reads, shared by every
 * instance, is the app's (`ctx.live`, live-bus.ts), which features publish to.
 */
export const liveServerModule = defineServerModule({
  name: 'live',
  routes: (ctx) => [
    implement(LIVE_ENDPOINTS.ticket, async ({ auth }) =>
      ok(LIVE_MESSAGES.ticket, issueTicket(ctx.tokens, { userId: auth.user.id, sessionId: auth.sessionId })),
    ),
  ],
  register: registerLiveStream,
});
