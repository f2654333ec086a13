import {
  type AdminModuleName,
  can,
  LIVE_ENDPOINTS,
  LIVE_MESSAGES,
  type LiveEvent,
  type LiveMessage,
  type PermissionHolder,
  pathOf,
} from '@facet/contract';
import fastifySSE from '@fastify/sse';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../access/authenticate.ts';
import { findLiveSession } from '../access/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { holderOf } from '../http/access-plugin.ts';
import { HttpError } from '../http/envelope.ts';
import { refuseIllFormedInput } from '../http/input-guard.ts';
import { at } from '../http/route.ts';
import { readTicket, SpentTickets } from './live-tickets.ts';

/** A comment on every open stream this often, so proxies and browsers keep it open. */
const HEARTBEAT_MS = 25_000;
/** How often an open stream checks that its session still stands and re-reads its permissions. */
const RECHECK_MS = 60_000;
/** Streams one user may hold open on one instance (a tab each); a further one closes their oldest. */
const STREAMS_PER_USER = 10;

/** One open stream: whose it is, and what they may see. */
interface Viewer {
  userId: string;
  sessionId: string;
  holder: PermissionHolder;
}

/** What one viewer receives of an event, if anything: lists of modules they may view, their own bell. */
export function messageFor(event: LiveEvent, viewer: Pick<Viewer, 'userId' | 'holder'>): LiveMessage | null {
  if (event.kind === 'changed') {
    return can(viewer.holder, event.module as AdminModuleName, 'view')
      ? { kind: 'changed', module: event.module, paths: event.paths }
      : null;
  }
  return event.userIds.includes(viewer.userId) ? { kind: 'notification' } : null;
}

/** The session's user as the access checks see them, or null when the session no longer stands. */
async function viewerOf(ctx: AppContext, userId: string, sessionId: string): Promise<Viewer | null> {
  const found = await findLiveSession(ctx.db, sessionId, userId);
  if (found?.kind !== 'full') return null;
  const auth: AuthContext = {
    sessionId,
    sessionKind: found.kind,
    user: found.user,
    permissions: await ctx.permissions.resolve(found.stamp),
  };
  return { userId, sessionId, holder: holderOf(auth) };
}

const refused = () => new HttpError('E_UNAUTHORIZED', LIVE_MESSAGES.ticketInvalid);

/**
 * `GET apis/live/events?ticket=`: server-sent events for the ticket's user. Mounted by hand, as the SSE
 * plugin takes the route's own `sse` option, but from the contract's declaration like every route (its
 * access, its query schema, `config.endpoint`). Every stream is closed when the server closes.
 */
export async function registerLiveStream(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifySSE, { heartbeatInterval: HEARTBEAT_MS });
  const endpoint = LIVE_ENDPOINTS.events;
  const open = new Map<string, Set<FastifyReply>>();
  const spent = new SpentTickets();
  const track = (userId: string, reply: FastifyReply) => {
    const mine = open.get(userId) ?? new Set<FastifyReply>();
    open.set(userId, mine);
    mine.add(reply);
    if (mine.size > STREAMS_PER_USER) [...mine][0]?.sse.close();
    return () => {
      mine.delete(reply);
      if (mine.size === 0 && open.get(userId) === mine) open.delete(userId);
    };
  };

  app.route({
    method: endpoint.method,
    url: at(pathOf(endpoint)),
    config: { access: endpoint.access, endpoint },
    schema: { querystring: endpoint.query },
    preValidation: refuseIllFormedInput,
    // No Accept negotiation: a refused ticket answers in the envelope like any request.
    sse: 'manual',
    handler: async (request, reply) => {
      const { ticket } = request.query as z.output<typeof endpoint.query>;
      const claims = readTicket(ctx.tokens, ticket);
      if (!claims || !spent.take(ticket, claims.expiresAt)) throw refused();
      let viewer = await viewerOf(ctx, claims.userId, claims.sessionId);
      if (!viewer) throw refused();

      reply.sse.keepAlive();
      reply.header('x-content-type-options', 'nosniff');
      const send = (message: LiveMessage) => {
        if (!reply.sse.isConnected) return;
        reply.sse.send({ event: message.kind, data: message }).catch(() => undefined);
      };
      const unsubscribe = ctx.live.subscribe((event) => {
        const message = viewer && messageFor(event, viewer);
        if (message) send(message);
      });
      // A signed-out or disabled user's stream ends; changed permissions apply from the next check.
      const recheck = setInterval(() => {
        viewerOf(ctx, claims.userId, claims.sessionId)
          .then((current) => {
            viewer = current;
            if (!current) reply.sse.close();
          })
          .catch((error: unknown) => ctx.log.warn({ err: error }, 'rechecking a live stream failed'));
      }, RECHECK_MS);
      recheck.unref();
      const untrack = track(claims.userId, reply);
      const cleanup = () => {
        unsubscribe();
        clearInterval(recheck);
        untrack();
      };
      reply.sse.onClose(cleanup);
      // A browser gone while the session was read: the close came before onClose was listening.
      if (!reply.sse.isConnected) {
        cleanup();
        return;
      }
      await reply.sse
        .send({ event: 'ready', data: { kind: 'ready' } satisfies LiveMessage })
        .catch(() => undefined);
    },
  });

  // Open streams would hold the server's close until their browsers leave.
  app.addHook('preClose', async () => {
    for (const replies of [...open.values()]) for (const reply of [...replies]) reply.sse.close();
    open.clear();
  });
}
