import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type SessionKind, sessions, users } from '../db/schema.ts';
import type { UserRow } from '../users/repository.ts';

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

/** The session and its user in one query; only live sessions of active users come back. */
export async function findLiveSession(
  db: Db,
  sessionId: string,
  userId: string,
): Promise<{ kind: SessionKind; user: UserRow } | undefined> {
  const [row] = await db
    .select({ kind: sessions.kind, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
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
