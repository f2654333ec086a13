import {
  AUDIT_ENDPOINTS,
  type BodyIn,
  type EndpointSpec,
  GUEST_ENDPOINTS,
  PERMISSION_ENDPOINTS,
  ROLE_ENDPOINTS,
  USER_ENDPOINTS,
} from '@facet/contract';
import type { PaginateBody } from '../lists/list-params.ts';
import { call } from './api-client.ts';

type Guests = typeof GUEST_ENDPOINTS;
/** The guest endpoints as the user endpoints match them: the same bodies and answers, other paths. */
type UserScreenEndpoints = {
  [K in keyof Guests]: Pick<Guests[K], Extract<keyof Guests[K], 'method' | 'params' | 'body' | 'answer'>> &
    EndpointSpec;
};

/**
 * Users and guests share their records and forms; only the endpoints differ. Form screens show field
 * errors themselves, so their calls keep the toast for the message only (the client always toasts).
 * A list's body is built from its URL: its filters are the screen's own, and the server validates them.
 */
function userScreenApi(endpoints: UserScreenEndpoints) {
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
  ...userScreenApi(USER_ENDPOINTS),
  remove: (id: string) => call(USER_ENDPOINTS.remove, undefined, { params: { id } }),
  resetPassword: (body: BodyIn<typeof USER_ENDPOINTS.resetPassword>) =>
    call(USER_ENDPOINTS.resetPassword, body),
  setActive: (body: BodyIn<typeof USER_ENDPOINTS.setActive>) => call(USER_ENDPOINTS.setActive, body),
};

export const guestApi = userScreenApi(GUEST_ENDPOINTS);

export const roleApi = {
  paginate: (body: PaginateBody) =>
    call(ROLE_ENDPOINTS.paginate, body as BodyIn<typeof ROLE_ENDPOINTS.paginate>).then(
      (envelope) => envelope.data,
    ),
  create: (body: BodyIn<typeof ROLE_ENDPOINTS.create>) => call(ROLE_ENDPOINTS.create, body),
  update: (id: string, body: BodyIn<typeof ROLE_ENDPOINTS.update>) =>
    call(ROLE_ENDPOINTS.update, body, { params: { id } }),
  remove: (id: string) => call(ROLE_ENDPOINTS.remove, undefined, { params: { id } }),
};

export const permissionApi = {
  upsert: (body: BodyIn<typeof PERMISSION_ENDPOINTS.upsert>) => call(PERMISSION_ENDPOINTS.upsert, body),
  byRole: (roleId: string) =>
    call(PERMISSION_ENDPOINTS.viewByRole, undefined, { params: { roleId } }).then(
      (envelope) => envelope.data,
    ),
  byUser: (userId: string) =>
    call(PERMISSION_ENDPOINTS.userPermission, { userId }).then((envelope) => envelope.data),
};

export const auditApi = {
  paginate: (body: BodyIn<typeof AUDIT_ENDPOINTS.paginate>) =>
    call(AUDIT_ENDPOINTS.paginate, body).then((envelope) => envelope.data),
};
