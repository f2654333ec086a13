import { type ContactEntry, primaryContact } from '@facet/contract';
import { and, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passwordResets } from './auth-tables.ts';
import { users } from './user-table.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'usernameLower' | 'primaryEmailLower' | 'emailsLower'>;

/** The lookup columns derived from the e-mail list. */
export function emailColumns(emails: readonly ContactEntry[]) {
  return {
    primaryEmailLower: primaryContact(emails)?.toLowerCase() ?? null,
    emailsLower: [...new Set(emails.map((entry) => entry.value.trim().toLowerCase()))],
  };
}

/** Sign-in accepts a username or the primary e-mail, case-insensitively; a username match wins. Deleted users are unknown. */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const lower = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(isNull(users.deletedAt), or(eq(users.usernameLower, lower), eq(users.primaryEmailLower, lower))),
    )
    .orderBy(desc(sql`${users.usernameLower} = ${lower}`))
    .limit(1);
  return row;
}

/** Inserts a user, deriving the lookup columns from username and e-mails. */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      ...user,
      usernameLower: user.username.toLowerCase(),
      ...emailColumns(user.emails ?? []),
    })
    .returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

/**
 * Every reset link of the user not used yet dies: after a password change (a link must not undo it) and
 * after a change of e-mails (a link mailed to a former address must not reach the account).
 */
export async function expirePasswordResets(db: Db, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** A new password chosen by the user ends the default-password state, and any pending reset link. */
export async function setPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, defaultPassword: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await expirePasswordResets(db, userId);
}

export async function recordLogin(db: Db, userId: string, ip: string): Promise<void> {
  await db.update(users).set({ lastLoginAt: sql`now()`, lastLoginIp: ip }).where(eq(users.id, userId));
}
