import {
  type PermissionScope,
  type ScopeCatalogue,
  scopeOfUserType,
  USER_TYPES,
  type UserType,
} from '@facet/contract';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type EffectivePermissions, effectiveOf, mergeFlags, superAdminPermissions } from './effective.ts';
import { flagMapOf } from './flags.ts';
import { LruCache } from './lru.ts';
import { permissionEntries } from './permission-table.ts';
import { roles } from './role-table.ts';

/** Everything effective permissions depend on, as read by the per-request auth query. */
export interface PermissionStamp {
  userId: string;
  userType: UserType;
  userVersion: number;
  roleId: string | null;
  roleVersion: number | null;
  roleActive: boolean | null;
  roleScope: PermissionScope | null;
}

const CACHE_SIZE = 2000;

/**
 * Effective permissions with an in-memory cache keyed by the versions of the user and the role. Every
 * change bumps a version in its own transaction, and the versions come from the query that checks the
 * session on each request, so a cached answer is never stale, even with several instances.
 */
export class PermissionResolver {
  readonly #cache = new LruCache<string, EffectivePermissions>(CACHE_SIZE);

  /** `catalogue`: the permission modules of the modules the server was built with. */
  constructor(
    readonly db: Db,
    readonly catalogue: ScopeCatalogue,
  ) {}

  async resolve(stamp: PermissionStamp): Promise<EffectivePermissions> {
    if (stamp.userType === USER_TYPES.SUPER_ADMIN) return superAdminPermissions(this.catalogue);
    const key = [
      stamp.userId,
      stamp.userType,
      stamp.userVersion,
      stamp.roleId,
      stamp.roleVersion,
      stamp.roleActive,
      stamp.roleScope,
    ].join('|');
    const cached = this.#cache.get(key);
    if (cached) return cached;
    const computed = await this.#load(stamp);
    this.#cache.set(key, computed);
    return computed;
  }

  /** For callers without the stamp (sign-in, user administration): reads the role first. */
  async ofUser(user: {
    id: string;
    type: UserType;
    permissionsVersion: number;
    roleId: string | null;
  }): Promise<EffectivePermissions> {
    const [role] = user.roleId
      ? await this.db
          .select({ version: roles.permissionsVersion, isActive: roles.isActive, scope: roles.scope })
          .from(roles)
          .where(eq(roles.id, user.roleId))
      : [];
    return this.resolve({
      userId: user.id,
      userType: user.type,
      userVersion: user.permissionsVersion,
      roleId: role ? user.roleId : null,
      roleVersion: role?.version ?? null,
      roleActive: role?.isActive ?? null,
      roleScope: role?.scope ?? null,
    });
  }

  async #load(stamp: PermissionStamp): Promise<EffectivePermissions> {
    const scope = scopeOfUserType(stamp.userType);
    // An inactive role, or one of the other scope, grants nothing.
    const roleCounts = stamp.roleId !== null && stamp.roleActive === true && stamp.roleScope === scope;
    const rows = await this.db
      .select()
      .from(permissionEntries)
      .where(
        and(
          eq(permissionEntries.scope, scope),
          or(
            eq(permissionEntries.userId, stamp.userId),
            roleCounts && stamp.roleId ? eq(permissionEntries.roleId, stamp.roleId) : undefined,
          ),
        ),
      );
    const merged = mergeFlags(
      flagMapOf(rows.filter((row) => row.roleId !== null)),
      flagMapOf(rows.filter((row) => row.userId !== null)),
    );
    return effectiveOf(this.catalogue, stamp.userType, scope, merged);
  }
}
