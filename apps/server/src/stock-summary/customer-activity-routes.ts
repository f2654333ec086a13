import {
  CUSTOMER_LIST_MODULES,
  CUSTOMER_LIST_TYPES,
  CUSTOMER_PACE,
  type CustomerListKey,
  DIAMOND_COMMENT_MESSAGES,
  CUSTOMER_ACTIVITY_ENDPOINTS as E,
  STOCK_SUMMARY_MESSAGES as M,
  TRACK_TYPES,
} from '@facet/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../access/authenticate.ts';
import type { AppContext } from '../app-context.ts';
import { takeAttempt } from '../auth/throttle.ts';
import { writeDiamondComment } from '../diamond-comments/diamond-comment-writes.ts';
import { canAsCustomer, FORBIDDEN } from '../http/access-plugin.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { afterCommit } from './after-commit.ts';
import { blockById } from './block-queries.ts';
import { requestHold } from './block-writes.ts';
import { addToList, type Customer, removeFromList } from './customer-track-writes.ts';
import { demandById, demandPage, removeDemand, saveDemand } from './demand-store.ts';
import { makeOffer } from './offer-writes.ts';
import { diamondTracks } from './stock-summary-tables.ts';
import { liveStones } from './stone-checks.ts';
import { trackById, trackPage } from './track-queries.ts';

/** The signed-in customer; the access plugin's gate found their company approved. */
function customerOf(auth: AuthContext): Customer {
  if (!auth.customerAccountId) throw new HttpError('E_FORBIDDEN', FORBIDDEN);
  return { userId: auth.user.id, accountId: auth.customerAccountId };
}

/** A list call checks the module of the list it names (a cart add needs `cart`). */
function requireList(auth: AuthContext, list: CustomerListKey, action: 'insert' | 'delete' | 'view') {
  if (!canAsCustomer(auth, [CUSTOMER_LIST_MODULES[list]], action))
    throw new HttpError('E_FORBIDDEN', FORBIDDEN);
}

const PACE = {
  action: 'customer-notice',
  max: CUSTOMER_PACE.calls,
  windowMs: CUSTOMER_PACE.windowMinutes * 60_000,
};

/** A call that tells staff counts against the customer's pace; past it, it is refused and tells nobody. */
async function keepPace(ctx: AppContext, auth: AuthContext): Promise<void> {
  if (!(await takeAttempt(ctx.db, PACE, auth.user.id))) throw new HttpError('E_TOO_MANY_REQUESTS', M.tooFast);
}

const ALL_LISTS = [...Object.keys(CUSTOMER_LIST_TYPES), 'offer'] as (CustomerListKey | 'offer')[];

/** What the storefront and the mobile apps call for the signed-in customer. */
export function customerActivityRoutes(ctx: AppContext) {
  return [
    implement(E.trackAdd, async ({ body, auth, request }) => {
      await keepPace(ctx, auth);
      requireList(auth, body.list, 'insert');
      const { result, deliveries } = await addToList(
        ctx.db,
        { auth, client: clientInfo(request) },
        customerOf(auth),
        body,
      );
      afterCommit(ctx, {
        deliveries,
        changed: [{ list: 'track', trackType: CUSTOMER_LIST_TYPES[body.list] }],
      });
      return ok(M.added, result);
    }),
    implement(E.trackRemove, async ({ body, auth, request }) => {
      requireList(auth, body.list, 'delete');
      const removed = await removeFromList(
        ctx.db,
        { auth, client: clientInfo(request) },
        customerOf(auth),
        body,
      );
      afterCommit(ctx, { changed: [{ list: 'track', trackType: CUSTOMER_LIST_TYPES[body.list] }] });
      return ok(M.removed, { removed });
    }),
    implement(E.trackPaginate, async ({ body, auth }) => {
      const customer = customerOf(auth);
      const asked = body.filter?.list ? [body.filter.list] : ALL_LISTS;
      const named = body.filter?.list;
      // A list asked for by name needs its module; all lists answer those the customer may view.
      if (
        named &&
        !canAsCustomer(auth, [named === 'offer' ? 'offer' : CUSTOMER_LIST_MODULES[named]], 'view')
      ) {
        throw new HttpError('E_FORBIDDEN', FORBIDDEN);
      }
      const types = asked
        .filter((list) =>
          canAsCustomer(auth, [list === 'offer' ? 'offer' : CUSTOMER_LIST_MODULES[list]], 'view'),
        )
        .map((list) => (list === 'offer' ? TRACK_TYPES.offer : CUSTOMER_LIST_TYPES[list]));
      const own: SQL = eq(diamondTracks.userId, customer.userId);
      return ok(
        M.list,
        await trackPage(
          ctx.db,
          { page: body.page, limit: body.limit, search: body.search, sort: body.sort },
          types,
          own,
        ),
      );
    }),
    implement(E.offerCreate, async ({ body, auth, request }) => {
      await keepPace(ctx, auth);
      const { result, deliveries } = await makeOffer(
        ctx.db,
        { auth, client: clientInfo(request) },
        customerOf(auth),
        body,
      );
      afterCommit(ctx, { deliveries, changed: [{ list: 'track', trackType: TRACK_TYPES.offer }] });
      const record = await trackById(ctx.db, result);
      if (!record) throw new HttpError('E_NOT_FOUND', M.notFound);
      return ok(M.offerMade, record);
    }),
    implement(E.holdCreate, async ({ body, auth, request }) => {
      await keepPace(ctx, auth);
      const { result, deliveries } = await requestHold(
        ctx.db,
        { auth, client: clientInfo(request) },
        customerOf(auth),
        body,
      );
      afterCommit(ctx, { deliveries, changed: [{ list: 'block' }] });
      return ok(M.holdRequested, await blockById(ctx.db, result));
    }),
    implement(E.demandCreate, async ({ body, auth, request }) => {
      const id = await saveDemand(ctx.db, { auth, client: clientInfo(request) }, customerOf(auth), body);
      afterCommit(ctx, { changed: [{ list: 'demand' }] });
      return ok(M.demandSaved, await demandById(ctx.db, id));
    }),
    implement(E.demandPaginate, async ({ body, auth }) => {
      const customer = customerOf(auth);
      return ok(
        M.demands,
        await demandPage(ctx.db, {
          page: body.page,
          limit: body.limit,
          search: body.search,
          filter: { userId: customer.userId, live: body.filter?.live },
        }),
      );
    }),
    implement(E.demandRemove, async ({ body, auth, request }) => {
      await removeDemand(ctx.db, { auth, client: clientInfo(request) }, customerOf(auth), body.id);
      afterCommit(ctx, { changed: [{ list: 'demand' }] });
      return ok(M.demandRemoved, { id: body.id });
    }),
    implement(E.commentCreate, async ({ body, auth, request }) => {
      await keepPace(ctx, auth);
      // A hidden stone is not the customer's to see, as for a cart or an offer.
      await liveStones(ctx.db, [body.stoneId], 'stoneId');
      const { id, delivery } = await writeDiamondComment(
        ctx.db,
        { auth, client: clientInfo(request) },
        { ...body, userId: customerOf(auth).userId },
      );
      afterCommit(ctx, { deliveries: delivery ? [delivery] : [] });
      return ok(DIAMOND_COMMENT_MESSAGES.created, { id });
    }),
  ];
}
