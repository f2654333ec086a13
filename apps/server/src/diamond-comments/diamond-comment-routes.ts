import { DIAMOND_COMMENT_ENDPOINTS, DIAMOND_COMMENT_MESSAGES } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { deliverNotifications } from '../notifications/notify.ts';
import { commentById, commentsPage } from './diamond-comment-queries.ts';
import { deleteDiamondComment, writeDiamondComment } from './diamond-comment-writes.ts';

/** The comments of customers on stones, under the Comment module (spec: Stock Summary, comment). */
export function diamondCommentRoutes(ctx: AppContext) {
  return [
    implement(DIAMOND_COMMENT_ENDPOINTS.byUser, async ({ body }) =>
      ok(DIAMOND_COMMENT_MESSAGES.list, await commentsPage(ctx.db, body)),
    ),
    implement(DIAMOND_COMMENT_ENDPOINTS.create, async ({ body, auth, request }) => {
      const { id, delivery } = await writeDiamondComment(ctx.db, { auth, client: clientInfo(request) }, body);
      if (delivery) deliverNotifications(ctx, delivery);
      return ok(DIAMOND_COMMENT_MESSAGES.created, await commentById(ctx.db, id));
    }),
    implement(DIAMOND_COMMENT_ENDPOINTS.destroy, async ({ body, auth, request }) => {
      await deleteDiamondComment(ctx.db, { auth, client: clientInfo(request) }, body.id);
      return ok(DIAMOND_COMMENT_MESSAGES.deleted, { id: body.id });
    }),
  ];
}
