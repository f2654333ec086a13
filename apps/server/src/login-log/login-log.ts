import type { LoginResult } from '@facet/contract';
import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginLogs } from './login-log-table.ts';
import { deviceOf } from './user-agent-device.ts';

export interface LoginEvent {
  userId: string | null;
  username: string;
  result: LoginResult;
  ip: string;
  userAgent: string;
}

export async function recordLoginEvent(db: Db, event: LoginEvent): Promise<void> {
  await db.insert(loginLogs).values({
    ...event,
    username: event.username.trim().toLowerCase().slice(0, 254),
    device: deviceOf(event.userAgent),
  });
}

/** Results that count against the sign-in limits. Refusals themselves do not, so a lock-out ends. */
export const FAILED_LOGIN_RESULTS: LoginResult[] = [
  'unknown_user',
  'wrong_password',
  'inactive',
  'otp_invalid',
  'otp_expired',
];

/** An account (by user, so its username and e-mail count as one; by the login text when unknown). */
export type FailureKey = { userId: string } | { username: string };

export async function countRecentFailures(
  db: Db,
  by: FailureKey | { ip: string },
  windowMs: number,
): Promise<number> {
  const since = new Date(Date.now() - windowMs);
  const key =
    'userId' in by
      ? eq(loginLogs.userId, by.userId)
      : 'username' in by
        ? eq(loginLogs.username, by.username.trim().toLowerCase())
        : eq(loginLogs.ip, by.ip);
  const [row] = await db
    .select({ value: count() })
    .from(loginLogs)
    .where(and(key, inArray(loginLogs.result, FAILED_LOGIN_RESULTS), gt(loginLogs.createdAt, since)));
  return row?.value ?? 0;
}

/** Retention: the log would otherwise grow without bound. */
export async function pruneLoginLogs(db: Db, retentionDays: number): Promise<void> {
  await db
    .delete(loginLogs)
    .where(lt(loginLogs.createdAt, sql`now() - make_interval(days => ${retentionDays})`));
}
