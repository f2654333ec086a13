import {
  ACCOUNT_DOCUMENT_STATUS,
  ACCOUNT_ENDPOINTS,
  ACCOUNT_MESSAGES,
  RESOURCE_MESSAGES,
} from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { ok } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import { implement } from '../http/route.ts';
import { deliverNotifications } from '../notifications/notify.ts';
import { accountDetails, withLink } from './account-queries.ts';
import {
  assertAccountLive,
  createDocument,
  deleteDocument,
  listDocuments,
  readDocument,
  reviewDocument,
} from './documents.ts';

/**
 * The company's bespoke endpoints beside the generic ones of the `account` resource: its detail screen
 * and its KYC documents, all under the Account module.
 */
export function accountRoutes(ctx: AppContext) {
  return [
    implement(ACCOUNT_ENDPOINTS.details, async ({ request }) =>
      ok(
        ACCOUNT_MESSAGES.details,
        await accountDetails(ctx.db, ctx.tokens, idParam(request, RESOURCE_MESSAGES.notFound)),
      ),
    ),
    implement(ACCOUNT_ENDPOINTS.documents, async ({ request, body }) => {
      const accountId = idParam(request, ACCOUNT_MESSAGES.accountNotFound);
      await assertAccountLive(ctx.db, accountId);
      const list = (await listDocuments(ctx.db, accountId, body?.filter?.status)).map((document) =>
        withLink(ctx.tokens, document),
      );
      return ok(ACCOUNT_MESSAGES.documents, { list, count: list.length });
    }),
    implement(ACCOUNT_ENDPOINTS.createDocument, async ({ request, body, auth }) => {
      const accountId = idParam(request, ACCOUNT_MESSAGES.accountNotFound);
      const id = await createDocument(ctx.db, { auth, client: clientInfo(request) }, accountId, body);
      const document = await readDocument(ctx.db, id);
      return ok(ACCOUNT_MESSAGES.documentCreated(document.documentType), withLink(ctx.tokens, document));
    }),
    implement(ACCOUNT_ENDPOINTS.reviewDocument, async ({ request, body, auth }) => {
      const id = idParam(request, ACCOUNT_MESSAGES.documentNotFound);
      const delivery = await reviewDocument(ctx.db, { auth, client: clientInfo(request) }, id, body);
      if (delivery) deliverNotifications(ctx, delivery);
      const document = await readDocument(ctx.db, id);
      const message =
        body.status === ACCOUNT_DOCUMENT_STATUS.APPROVED
          ? ACCOUNT_MESSAGES.documentApproved(document.documentType)
          : ACCOUNT_MESSAGES.documentRejected(document.documentType);
      return ok(message, withLink(ctx.tokens, document));
    }),
    implement(ACCOUNT_ENDPOINTS.deleteDocument, async ({ request, auth }) => {
      const id = idParam(request, ACCOUNT_MESSAGES.documentNotFound);
      const { documentType } = await readDocument(ctx.db, id);
      await deleteDocument(ctx.db, { auth, client: clientInfo(request) }, id);
      return ok(ACCOUNT_MESSAGES.documentDeleted(documentType), { id });
    }),
  ];
}
