import { AUTH_ENDPOINTS, AUTH_RESULTS } from '@facet/contract';
import { hashPassword, verifyPassword } from '../access/passwords.ts';
import { revokeUserSessions, type SessionUser, signedInUser } from '../access/sessions.ts';
import { setPassword } from '../access/user-repository.ts';
import type { AppContext } from '../app-context.ts';
import { type ClientInfo, clientInfo } from '../http/client-info.ts';
import { fieldError, HttpError, ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { recordAuditFrom } from '../resources/audit-log.ts';
import { requestPasswordReset, resetPasswordWithToken } from './password-reset.ts';
import { takeAttempt } from './throttle.ts';

export const FORGOT_PER_IP = { action: 'forgot-password-ip', max: 20, windowMs: 15 * 60 * 1000 };

/**
 * Shared by both signed-in changes: the current password must be right and the new one different. The
 * change, the end of pending reset links and the trail entry commit together; `keepSessionId` is the
 * one session that survives (none for the forced change).
 */
async function replacePassword(
  ctx: AppContext,
  signedIn: SessionUser,
  client: ClientInfo,
  fields: { current: [string, string]; next: [string, string]; keepSessionId?: string },
): Promise<void> {
  const user = await signedInUser(ctx.db, signedIn);
  const [currentField, current] = fields.current;
  const [nextField, next] = fields.next;
  if (!(await verifyPassword(user.passwordHash, current)))
    throw fieldError(currentField, AUTH_RESULTS.currentPasswordWrong);
  if (next === current) throw fieldError(nextField, AUTH_RESULTS.samePassword);
  const passwordHash = await hashPassword(next);
  await ctx.db.transaction(async (tx) => {
    await setPassword(tx, user.id, passwordHash);
    await revokeUserSessions(tx, user.id, fields.keepSessionId);
    await recordAuditFrom(
      tx,
      { actorId: user.id, client },
      {
        action: 'user.reset_password',
        entityType: 'user',
        entityId: user.id,
        subjectUserId: user.id,
        before: { defaultPassword: user.defaultPassword },
        after: { defaultPassword: false, by: user.defaultPassword ? 'forced_change' : 'self' },
      },
    );
  });
}

export function passwordRoutes(ctx: AppContext) {
  return [
    implement(AUTH_ENDPOINTS.forgotPassword, async ({ body, request }) => {
      const { ip } = clientInfo(request);
      if (!(await takeAttempt(ctx.db, FORGOT_PER_IP, ip))) {
        throw new HttpError('E_TOO_MANY_REQUESTS', AUTH_RESULTS.tooManySignInAttempts);
      }
      await requestPasswordReset(ctx, body.username, ip);
      return ok(AUTH_RESULTS.forgotPasswordSent, null);
    }),
    implement(AUTH_ENDPOINTS.resetPassword, async ({ body, request }) => {
      if (!(await resetPasswordWithToken(ctx, body.token, body.newPassword, clientInfo(request)))) {
        throw fieldError('token', AUTH_RESULTS.resetLinkInvalid);
      }
      return ok(AUTH_RESULTS.passwordChanged, null);
    }),
    // The forced first change is made with the short-lived default-password token.
    implement(AUTH_ENDPOINTS.resetPasswordByUser, async ({ body, auth, request }) => {
      // Every token dies, this one included: the user signs in again with the new password.
      await replacePassword(ctx, auth.user, clientInfo(request), {
        current: ['currentPassword', body.currentPassword],
        next: ['password', body.password],
      });
      return ok(AUTH_RESULTS.passwordChanged, null);
    }),
    implement(AUTH_ENDPOINTS.changePassword, async ({ body, auth, request }) => {
      await replacePassword(ctx, auth.user, clientInfo(request), {
        current: ['currentPassword', body.currentPassword],
        next: ['newPassword', body.newPassword],
        keepSessionId: auth.sessionId,
      });
      return ok(AUTH_RESULTS.passwordChanged, null);
    }),
  ];
}
