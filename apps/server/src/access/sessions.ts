import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type SessionKind, sessions } from './auth-tables.ts';
import type { PermissionStamp } from './resolver.ts';
import { roles } from './role-table.ts';
import type { UserRow } from './user-repository.ts';
import { users } from './user-table.ts';

export interface NewSession {
  userId: string;
  kind: SessionKind;
  ttlMs: number;
  ip: string;
  userAgent: string;
}

export async function createSession(db: Db, input: NewSession): Promise<{ id: string; expiresAt: Date }> {
  const expiresAt = new Date(Date.now() + input.ttlMs);
  const [row] = await db
    .insert(sessions)
    .values({ userId: input.userId, kind: input.kind, expiresAt, ip: input.ip, userAgent: input.userAgent })
    .returning({ id: sessions.id });
  if (!row) throw new Error('session insert returned no row');
  return { id: row.id, expiresAt };
}

/**
 * What a request knows of its user: who they are, and what the permission stamp needs. Read on every
 * request, so not the whole row (the password hash, the contact lists, the sign-in history): a route
 * that needs more reads it (signedInUser).
 */
export type SessionUser = Pick<UserRow, 'id' | 'type' | 'name' | 'roleId' | 'permissionsVersion'>;

/** The session check of every request, built once per database (see liveSessionQuery). */
const liveSessionQueries = new WeakMap<Db, ReturnType<typeof buildLiveSessionQuery>>();

function buildLiveSessionQuery(db: Db) {
  return db
    .select({
      kind: sessions.kind,
      user: {
        id: users.id,
        type: users.type,
        name: users.name,
        roleId: users.roleId,
        permissionsVersion: users.permissionsVersion,
      },
      roleVersion: roles.permissionsVersion,
      roleActive: roles.isActive,
      roleScope: roles.scope,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
        isNull(users.deletedAt),
        or(isNull(users.expiresAt), gt(users.expiresAt, sql`now()`)),
      ),
    )
    .limit(1)
    .prepare('facet_live_session');
}

/**
 * Every request runs this query, so it is built once per database and sent as a prepared statement:
 * drizzle does not build its SQL again, and PostgreSQL parses it once per connection. `now()` is read
 * when it runs, so a session expires, is revoked or loses its user at the next request as before.
 */
function liveSessionQuery(db: Db) {
  let query = liveSessionQueries.get(db);
  if (!query) {
    query = buildLiveSessionQuery(db);
    liveSessionQueries.set(db, query);
  }
  return query;
}

/**
 * The session, its user and the versions of the user's permissions in one query; only live sessions of
 * active, undeleted, unexpired users come back.
 */
export async function findLiveSession(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<{ kind: SessionKind; user: SessionUser; stamp: PermissionStamp } | undefined> {
  const [row] = await liveSessionQuery(db).execute({ sessionId, userId });
  if (!row) return undefined;
  const { user } = row;
  const stamp: PermissionStamp = {
    userId: user.id,
    userType: user.type,
    userVersion: user.permissionsVersion,
    roleId: row.roleVersion === null ? null : user.roleId,
    roleVersion: row.roleVersion,
    roleActive: row.roleActive,
    roleScope: row.roleScope,
  };
  return { kind: row.kind, user, stamp };
}

/** The whole row of the signed-in user, for the routes that answer or check more than SessionUser. */
export async function signedInUser(db: Db, user: SessionUser): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  // The session check of this request found the user live; only a hard delete since could remove it.
  if (!row) throw new Error('the signed-in user is gone');
  return row;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of a user, but the one given in `exceptSessionId`. */
export async function revokeUserSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}
