import { API, type PaginateResult, STAFF_USER_TYPES, type UserRecord } from '@facet/contract';
import { apiRequest } from '../api/api-client.ts';

/**
 * Panel users as the choices of a user reference (a company's sales person). Users are not a resource:
 * their endpoints are the user administration's, gated by the User module, so a refusal is shown by the
 * control instead of a toast.
 */
export const userChoicesApi = {
  /** Active staff users matching the text, by name. */
  search: (search: string, limit: number) =>
    apiRequest<PaginateResult<UserRecord>>(API.userPaginate, {
      body: {
        page: 1,
        limit,
        ...(search ? { search } : {}),
        filter: { type: [...STAFF_USER_TYPES], isActive: true },
        sort: { name: 'asc' },
      },
      toastErrors: false,
    }).then((envelope) => envelope.data.list),
  name: (id: string) =>
    apiRequest<UserRecord>(API.userById(id), { method: 'GET', toastErrors: false }).then(
      (envelope) => envelope.data.name,
    ),
};
