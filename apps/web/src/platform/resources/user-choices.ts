import { STAFF_USER_TYPES } from '@facet/contract';
import { call } from '../api/api-client.ts';
import { USER_REFS } from '../api/endpoint-refs.ts';

/**
 * Panel users as the choices of a user reference (a company's sales person). Users are not a resource:
 * their endpoints are the user administration's, gated by the User module, so a refusal is shown by the
 * control instead of a toast.
 */
export const userChoicesApi = {
  /** Active staff users matching the text, by name. */
  search: (search: string, limit: number) =>
    call(
      USER_REFS.paginate,
      {
        page: 1,
        limit,
        ...(search ? { search } : {}),
        filter: { type: [...STAFF_USER_TYPES], isActive: true },
        sort: { name: 'asc' },
      },
      { toastErrors: false },
    ).then((envelope) => envelope.data.list),
  name: (id: string) =>
    call(USER_REFS.get, undefined, { params: { id }, toastErrors: false }).then(
      (envelope) => envelope.data.name,
    ),
};
