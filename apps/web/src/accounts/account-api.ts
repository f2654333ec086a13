import type { AccountDocumentCreatePayload, AccountDocumentReviewPayload } from '@facet/contract';
import { call } from '../platform/api/api-client.ts';
import { resourceKey } from '../platform/resources/resource-api.ts';
import { ACCOUNT_REFS } from './account-refs.ts';

/** Under the `account` resource's key: the generic form's save refreshes the details too. */
export const accountDetailsKey = (id: string) => [...resourceKey('account'), 'details', id] as const;

export const accountApi = {
  details: (id: string) =>
    call(ACCOUNT_REFS.details, undefined, { params: { id }, toastErrors: false }).then(
      (envelope) => envelope.data,
    ),
  createDocument: (accountId: string, body: AccountDocumentCreatePayload) =>
    call(ACCOUNT_REFS.createDocument, body, { params: { id: accountId } }),
  reviewDocument: (id: string, body: AccountDocumentReviewPayload) =>
    call(ACCOUNT_REFS.reviewDocument, body, { params: { id } }),
  deleteDocument: (id: string) => call(ACCOUNT_REFS.deleteDocument, undefined, { params: { id } }),
};
