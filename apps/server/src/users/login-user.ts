import type { LoginUser, UserPermissionsData } from '@facet/contract';
import type { EffectivePermissions } from '../access/effective.ts';
import type { UserRow } from '../access/user-repository.ts';

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

/** The list the panel stores after sign-in: admin modules for staff, customer modules for customers. */
export function permissionsOf(permissions: EffectivePermissions): UserPermissionsData {
  return permissions.scope === 'admin'
    ? { data: permissions.admin }
    : { data: [], customer: permissions.customer };
}
