import {
  ACCOUNT_ENDPOINTS,
  type AccountDocumentCreatePayload,
  type AccountDocumentReviewPayload,
} from '@facet/contract';
import { call } from '../platform/api/api-client.ts';
import { resourceKey } from '../platform/resources/resource-api.ts';

/** Under the `account` resource's key: the generic form's save refreshes the details too. */
export const accountDetailsKey = (id: string) => [...resourceKey('account'), 'details', id] as const;

export const accountApi = {
  details: (id: string) =>
    call(ACCOUNT_ENDPOINTS.details, undefined, { params: { id }, toastErrors: false }).then(
      (envelope) => envelope.data,
    ),
  createDocument: (accountId: string, body: AccountDocumentCreatePayload) =>
    call(ACCOUNT_ENDPOINTS.createDocument, body, { params: { id: accountId } }),
  reviewDocument: (id: string, body: AccountDocumentReviewPayload) =>
    call(ACCOUNT_ENDPOINTS.reviewDocument, body, { params: { id } }),
  deleteDocument: (id: string) => call(ACCOUNT_ENDPOINTS.deleteDocument, undefined, { params: { id } }),
};
