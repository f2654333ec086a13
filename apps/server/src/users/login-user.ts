import {
  ADMIN_ACTIONS,
  ADMIN_MODULES,
  type AdminPermissionEntry,
  type LoginUser,
  USER_TYPES,
  type UserPermissionsData,
} from '@facet/contract';
import type { UserRow } from './repository.ts';

export function toLoginUser(user: UserRow): LoginUser {
  return {
    id: user.id,
    type: user.type,
    name: user.name,
    username: user.username,
    emails: user.emails,
    phones: user.phones,
    image: user.image,
    defaultPassword: user.defaultPassword,
    isActive: user.isActive,
    sellerDetail: user.sellerId ? { sellerId: user.sellerId } : null,
  };
}

const EVERYTHING: AdminPermissionEntry[] = ADMIN_MODULES.map((entry) => ({
  id: entry.id,
  module: entry.module,
  title: entry.title,
  permissions: Object.fromEntries(
    ADMIN_ACTIONS.map((action) => [action, true]),
  ) as AdminPermissionEntry['permissions'],
}));

/** The list the panel stores after sign-in: a super admin gets every module with every flag. */
export function permissionsOf(user: UserRow): UserPermissionsData {
  return { data: user.type === USER_TYPES.SUPER_ADMIN ? EVERYTHING : user.permissions };
}
