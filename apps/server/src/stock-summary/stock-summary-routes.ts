import {
  BLOCK_LIST_COLUMNS,
  DEMAND_LIST_COLUMNS,
  STOCK_SUMMARY_ENDPOINTS as E,
  STOCK_SUMMARY_MESSAGES as M,
  STONE_BLOCK_KINDS,
  TRACK_TYPES,
} from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { EXPORT_BATCH_SIZE } from '../resources/export-route.ts';
import { sendListExport } from '../resources/list-export.ts';
import { afterCommit } from './after-commit.ts';
import { blockBatches, blockById, blockPage } from './block-queries.ts';
import { createBlock, updateBlock } from './block-writes.ts';
import { commentCountPage, commentSummary } from './comment-counts.ts';
import { demandStonePage } from './demand-stones.ts';
import { demandBatches, demandPage, demandSummary } from './demand-store.ts';
import { decideOffer, replyToEnquiry } from './offer-writes.ts';
import { sendTrackExport } from './track-export.ts';
import { customerActivityPage, trackById, trackPage, visibleTrackTypes } from './track-queries.ts';

/** What staff read and answer of the customers' activity (spec: Stock Summary). */
export function stockSummaryRoutes(ctx: AppContext) {
  const found = async (id: string) => {
    const record = await trackById(ctx.db, id);
    if (!record) throw new HttpError('E_NOT_FOUND', M.notFound);
    return record;
  };
  return [
    implement(E.trackPaginate, async ({ body, auth }) =>
      ok(M.list, await trackPage(ctx.db, body, visibleTrackTypes(auth))),
    ),
    implement(E.trackExport, async ({ body, auth, request, reply }) =>
      sendTrackExport(ctx, body, auth, request, reply),
    ),
    implement(E.customerActivity, async ({ body, auth }) =>
      ok(M.customers, await customerActivityPage(ctx.db, body, visibleTrackTypes(auth))),
    ),
    implement(E.enquiryReply, async ({ body, auth, request }) => {
      const { result, deliveries } = await replyToEnquiry(
        ctx.db,
        { auth, client: clientInfo(request) },
        body,
      );
      afterCommit(ctx, {
        deliveries,
        mails: result.mail ? [result.mail] : [],
        changed: [{ list: 'track', trackType: TRACK_TYPES.enquiry }],
      });
      return ok(M.replied, await found(result.id));
    }),
    implement(E.offerDecision, async ({ body, auth, request }) => {
      const { result, deliveries } = await decideOffer(ctx.db, { auth, client: clientInfo(request) }, body);
      afterCommit(ctx, { deliveries, changed: [{ list: 'track', trackType: TRACK_TYPES.offer }] });
      return ok(result.message, await found(result.id));
    }),
    implement(E.blockPaginate, async ({ body }) => ok(M.blocks, await blockPage(ctx.db, body))),
    implement(E.blockExport, async ({ body, request, reply }) =>
      sendListExport(ctx, request, reply, {
        columns: BLOCK_LIST_COLUMNS,
        title: 'Holds and memos',
        fileName: 'holds-and-memos',
        format: body.format,
        timeZone: body.timeZone,
        batches: blockBatches(ctx.db, body, EXPORT_BATCH_SIZE),
      }),
    ),
    implement(E.blockCreate, async ({ body, auth, request }) => {
      const { result, deliveries } = await createBlock(ctx.db, { auth, client: clientInfo(request) }, body);
      afterCommit(ctx, { deliveries, changed: [{ list: 'block' }] });
      const created = body.kind === STONE_BLOCK_KINDS.memo ? M.memoCreated : M.blockCreated;
      return ok(created, await blockById(ctx.db, result));
    }),
    implement(E.blockUpdate, async ({ body, auth, request }) => {
      const { result, deliveries } = await updateBlock(ctx.db, { auth, client: clientInfo(request) }, body);
      afterCommit(ctx, { deliveries, changed: [{ list: 'block' }] });
      return ok(result.message, await blockById(ctx.db, result.id));
    }),
    implement(E.demandDetails, async ({ body }) => ok(M.demands, await demandPage(ctx.db, body))),
    implement(E.demandExport, async ({ body, request, reply }) =>
      sendListExport(ctx, request, reply, {
        columns: DEMAND_LIST_COLUMNS,
        title: 'Demands',
        fileName: 'demands',
        format: body.format,
        timeZone: body.timeZone,
        batches: demandBatches(ctx.db, body, EXPORT_BATCH_SIZE),
      }),
    ),
    implement(E.demandStones, async ({ body }) => ok(M.demandStones, await demandStonePage(ctx.db, body))),
    implement(E.demandSummary, async () => ok(M.demandSummary, await demandSummary(ctx.db))),
    implement(E.commentCounts, async ({ body }) => ok(M.commentCounts, await commentCountPage(ctx.db, body))),
    implement(E.commentSummary, async ({ body }) =>
      ok(M.commentSummary, await commentSummary(ctx.db, body.filter)),
    ),
  ];
}
