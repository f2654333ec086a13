import { CUSTOMER_USER_TYPES, STAFF_USER_TYPES } from '@facet/contract';
import { call } from '../api/api-client.ts';
import { USER_REFS } from '../api/endpoint-refs.ts';

/** Whom a user choice offers: panel staff (a sales person) or customers (a cart's owner). */
export type UserAudience = 'staff' | 'customers';

/**
 * Panel users as the choices of a user reference (a company's sales person). Users are not a resource:
 * their endpoints are the user administration's, gated by the User module, so a refusal is shown by the
 * control instead of a toast.
 */
export const userChoicesApi = {
  /** Active staff users (or customer users) matching the text, by name. */
  search: (search: string, limit: number, audience: UserAudience = 'staff') =>
    call(
      USER_REFS.paginate,
      {
        page: 1,
        limit,
        ...(search ? { search } : {}),
        filter: {
          type: [...(audience === 'staff' ? STAFF_USER_TYPES : CUSTOMER_USER_TYPES)],
          isActive: true,
        },
        sort: { name: 'asc' },
      },
      { toastErrors: false },
    ).then((envelope) => envelope.data.list),
  name: (id: string) =>
    call(USER_REFS.get, undefined, { params: { id }, toastErrors: false }).then(
      (envelope) => envelope.data.name,
    ),
};
