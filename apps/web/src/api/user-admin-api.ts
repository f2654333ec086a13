import {
  API,
  type AuditEntry,
  type PaginateResult,
  type PermissionUpsertPayload,
  type RolePermissionData,
  type RoleRecord,
  type UserCreatePayload,
  type UserPermissionData,
  type UserRecord,
  type UserUpdatePayload,
} from '@facet/contract';
import type { PaginateBody } from '../lists/list-params.ts';
import { apiRequest } from './api-client.ts';

export interface RoleCreatePayload {
  name: string;
  description: string | null;
  scope: RoleRecord['scope'];
  isActive: boolean;
}
export type RoleUpdatePayload = Partial<Omit<RoleCreatePayload, 'scope'>>;

const paginate =
  <T>(path: string) =>
  (body: PaginateBody) =>
    apiRequest<PaginateResult<T>>(path, { body }).then((envelope) => envelope.data);

/**
 * Users and guests share their records and forms; only the endpoints differ. Form screens show field
 * errors themselves, so their calls keep the toast for the message only (the client always toasts).
 */
function userEndpoints(base: { paginate: string; create: string; byId: (id: string) => string }) {
  return {
    paginate: paginate<UserRecord>(base.paginate),
    get: (id: string) =>
      apiRequest<UserRecord>(base.byId(id), { method: 'GET' }).then((envelope) => envelope.data),
    create: (body: UserCreatePayload) => apiRequest<UserRecord>(base.create, { body }),
    update: (id: string, body: UserUpdatePayload) =>
      apiRequest<UserRecord>(base.byId(id), { method: 'PUT', body }),
  };
}

export const userApi = {
  ...userEndpoints({ paginate: API.userPaginate, create: API.userCreate, byId: API.userById }),
  remove: (id: string) => apiRequest<unknown>(API.userById(id), { method: 'DELETE' }),
  resetPassword: (body: { id: string; password: string }) =>
    apiRequest<unknown>(API.userResetPassword, { body }),
  setActive: (body: { id: string; isActive: boolean }) => apiRequest<UserRecord>(API.userActive, { body }),
};

export const guestApi = userEndpoints({
  paginate: API.guestPaginate,
  create: API.guestCreate,
  byId: API.guestById,
});

export const roleApi = {
  paginate: paginate<RoleRecord>(API.rolePaginate),
  create: (body: RoleCreatePayload) => apiRequest<RoleRecord>(API.roleCreate, { body }),
  update: (id: string, body: RoleUpdatePayload) =>
    apiRequest<RoleRecord>(API.roleById(id), { method: 'PUT', body }),
  remove: (id: string) => apiRequest<unknown>(API.roleById(id), { method: 'DELETE' }),
};

export const permissionApi = {
  upsert: (body: PermissionUpsertPayload) => apiRequest<unknown>(API.permissionUpsert, { body }),
  byRole: (roleId: string) =>
    apiRequest<RolePermissionData>(API.permissionViewByRole(roleId), { method: 'GET' }).then(
      (envelope) => envelope.data,
    ),
  byUser: (userId: string) =>
    apiRequest<UserPermissionData>(API.userPermission, { body: { userId } }).then(
      (envelope) => envelope.data,
    ),
};

export const auditApi = {
  paginate: paginate<AuditEntry>(API.auditPaginate),
};
