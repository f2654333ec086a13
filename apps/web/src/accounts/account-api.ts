import {
  ACCOUNT_PATHS,
  type AccountDetails,
  type AccountDocument,
  type AccountDocumentCreatePayload,
  type AccountDocumentReviewPayload,
} from '@facet/contract';
import { apiRequest } from '../api/api-client.ts';
import { resourceKey } from '../resources/resource-api.ts';

/** Under the `account` resource's key: the generic form's save refreshes the details too. */
export const accountDetailsKey = (id: string) => [...resourceKey('account'), 'details', id] as const;

export const accountApi = {
  details: (id: string) =>
    apiRequest<AccountDetails>(ACCOUNT_PATHS.details(id), { method: 'GET', toastErrors: false }).then(
      (envelope) => envelope.data,
    ),
  createDocument: (accountId: string, body: AccountDocumentCreatePayload) =>
    apiRequest<AccountDocument>(ACCOUNT_PATHS.documentCreate(accountId), { body }),
  reviewDocument: (id: string, body: AccountDocumentReviewPayload) =>
    apiRequest<AccountDocument>(ACCOUNT_PATHS.documentReview(id), { method: 'PUT', body }),
  deleteDocument: (id: string) => apiRequest<unknown>(ACCOUNT_PATHS.document(id), { method: 'DELETE' }),
};
