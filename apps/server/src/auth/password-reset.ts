import { PANEL_LINKS, PASSWORD_RESET_TTL_MS, primaryContact } from '@facet/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResets } from '../access/auth-tables.ts';
import { hashPassword } from '../access/passwords.ts';
import { randomToken, sha256 } from '../access/secret-hash.ts';
import { revokeUserSessions } from '../access/sessions.ts';
import { findUserByLogin, setPassword } from '../access/user-repository.ts';
import { users } from '../access/user-table.ts';
import type { AppContext } from '../app-context.ts';
import type { ClientInfo } from '../http/client-info.ts';
import { recordLoginEvent } from '../login-log/login-log.ts';
import { passwordResetMail } from '../mail/messages.ts';
import { deliverNotifications } from '../notifications/notify.ts';
import { recordAuditFrom } from '../resources/audit-log.ts';
import { tellPasswordChanged } from '../users/password-changed-notice.ts';
import { takeAttempt } from './throttle.ts';

/** Reset mails one inbox may receive: forgot-password cannot be used to flood a mailbox. */
export const RESET_MAILS_PER_INBOX = { action: 'reset-mail-inbox', max: 3, windowMs: 15 * 60 * 1000 };

/**
 * Mails a one-time link when the account exists and is active. The caller answers the same either way,
 * and the mail goes out after the answer, so neither the message nor the timing tells who exists.
 */
export async function requestPasswordReset(ctx: AppContext, login: string, ip: string): Promise<void> {
  const user = await findUserByLogin(ctx.db, login);
  const email = user && primaryContact(user.emails);
  if (!user?.isActive || !email) return;
  if (!(await takeAttempt(ctx.db, RESET_MAILS_PER_INBOX, email.toLowerCase()))) return;

  const resetId = randomToken();
  await ctx.db.insert(passwordResets).values({
    tokenHash: sha256(resetId),
    userId: user.id,
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MS),
    ip,
  });
  const link = `${ctx.config.publicUrl}${PANEL_LINKS.resetPassword(resetId)}`;
  ctx.mailer.send(passwordResetMail(email, link)).catch((error: unknown) => {
    ctx.log.error({ err: error, userId: user.id }, 'password reset mail failed');
  });
}

/**
 * Uses a reset link once: sets the password and signs the user out everywhere. False when unusable.
 * The user is told (a security notice), should the link have been used by someone else.
 * The login log records the reset, which ends a sign-in lock-out of the account (see sign-in-limits.ts):
 * whoever reads the account's mailbox gets back in at once.
 */
export async function resetPasswordWithToken(
  ctx: AppContext,
  resetId: string,
  newPassword: string,
  client: ClientInfo,
): Promise<boolean> {
  const passwordHash = await hashPassword(newPassword);
  const delivery = await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(resetId)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!used) return null;
    const [user] = await tx
      .select({
        name: users.name,
        username: users.username,
        isActive: users.isActive,
        defaultPassword: users.defaultPassword,
      })
      .from(users)
      .where(eq(users.id, used.userId));
    if (!user?.isActive) return null;

    // Older links die with the password they were meant to replace (setPassword ends them).
    await setPassword(tx, used.userId, passwordHash);
    await revokeUserSessions(tx, used.userId);
    await recordLoginEvent(tx, {
      userId: used.userId,
      username: user.username,
      result: 'password_reset',
      ...client,
    });
    await recordAuditFrom(
      tx,
      { actorId: used.userId, client },
      {
        action: 'user.reset_password',
        entityType: 'user',
        entityId: used.userId,
        subjectUserId: used.userId,
        before: { defaultPassword: user.defaultPassword },
        after: { defaultPassword: false, by: 'reset_link' },
      },
    );
    return tellPasswordChanged(tx, { id: used.userId, name: user.name }, used.userId);
  });
  if (!delivery) return false;
  deliverNotifications(ctx, delivery);
  return true;
}
