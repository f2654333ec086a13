import type {
  AUDIT_ENDPOINTS,
  BodyIn,
  EndpointRef,
  EndpointSpec,
  GUEST_ENDPOINTS,
  PERMISSION_ENDPOINTS,
  ROLE_ENDPOINTS,
  USER_ENDPOINTS,
} from '@facet/contract';
import type { PaginateBody } from '../lists/list-params.ts';
import { call } from './api-client.ts';
import { AUDIT_REFS, GUEST_REFS, PERMISSION_REFS, ROLE_REFS, USER_REFS } from './endpoint-refs.ts';

type Guests = typeof GUEST_ENDPOINTS;
/** The guest endpoints as the user endpoints match them: the same bodies and answers, other paths. */
type UserScreenEndpoints = {
  [K in keyof Guests]: Pick<Guests[K], Extract<keyof Guests[K], 'method' | 'params' | 'body' | 'answer'>> &
    EndpointSpec;
};
type UserScreenRefs = { [K in keyof Guests]: EndpointRef<UserScreenEndpoints[K]> };

/**
 * Users and guests share their records and forms; only the endpoints differ. Form screens show field
 * errors themselves, so their calls keep the toast for the message only (the client always toasts).
 * A list's body is built from its URL: its filters are the screen's own, and the server validates them.
 */
function userScreenApi(endpoints: UserScreenRefs) {
  return {
    paginate: (body: PaginateBody) =>
      call(endpoints.paginate, body as BodyIn<UserScreenEndpoints['paginate']>).then(
        (envelope) => envelope.data,
      ),
    get: (id: string) => call(endpoints.get, undefined, { params: { id } }).then((envelope) => envelope.data),
    create: (body: BodyIn<UserScreenEndpoints['create']>) => call(endpoints.create, body),
    update: (id: string, body: BodyIn<UserScreenEndpoints['update']>) =>
      call(endpoints.update, body, { params: { id } }),
  };
}

export const userApi = {
  ...userScreenApi(USER_REFS),
  remove: (id: string) => call(USER_REFS.remove, undefined, { params: { id } }),
  resetPassword: (body: BodyIn<typeof USER_ENDPOINTS.resetPassword>) => call(USER_REFS.resetPassword, body),
  setActive: (body: BodyIn<typeof USER_ENDPOINTS.setActive>) => call(USER_REFS.setActive, body),
};

export const guestApi = userScreenApi(GUEST_REFS);

export const roleApi = {
  paginate: (body: PaginateBody) =>
    call(ROLE_REFS.paginate, body as BodyIn<typeof ROLE_ENDPOINTS.paginate>).then(
      (envelope) => envelope.data,
    ),
  create: (body: BodyIn<typeof ROLE_ENDPOINTS.create>) => call(ROLE_REFS.create, body),
  update: (id: string, body: BodyIn<typeof ROLE_ENDPOINTS.update>) =>
    call(ROLE_REFS.update, body, { params: { id } }),
  remove: (id: string) => call(ROLE_REFS.remove, undefined, { params: { id } }),
};

export const permissionApi = {
  upsert: (body: BodyIn<typeof PERMISSION_ENDPOINTS.upsert>) => call(PERMISSION_REFS.upsert, body),
  byRole: (roleId: string) =>
    call(PERMISSION_REFS.viewByRole, undefined, { params: { roleId } }).then((envelope) => envelope.data),
  byUser: (userId: string) =>
    call(PERMISSION_REFS.userPermission, { userId }).then((envelope) => envelope.data),
};

export const auditApi = {
  paginate: (body: BodyIn<typeof AUDIT_ENDPOINTS.paginate>) =>
    call(AUDIT_REFS.paginate, body).then((envelope) => envelope.data),
};
