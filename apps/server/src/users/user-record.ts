import type { UserRecord } from '@facet/contract';
import type { UserRow } from '../access/user-repository.ts';

export function toUserRecord(row: UserRow, roleName: string | null): UserRecord {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    username: row.username,
    emails: row.emails,
    phones: row.phones,
    image: row.image,
    designation: row.designation,
    roleId: row.roleId,
    roleName,
    accountId: row.accountId,
    isActive: row.isActive,
    defaultPassword: row.defaultPassword,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    lastLoginIp: row.lastLoginIp,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields an audit entry may show: never the password hash or any derived lookup column. */
export function userAuditFields(row: UserRow): Record<string, unknown> {
  return {
    type: row.type,
    name: row.name,
    username: row.username,
    emails: row.emails,
    phones: row.phones,
    designation: row.designation,
    roleId: row.roleId,
    accountId: row.accountId,
    isActive: row.isActive,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}
