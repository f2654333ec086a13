import { AUTH_ENDPOINTS, AUTH_RESULTS } from '@facet/contract';
import { revokeSession, signedInUser } from '../access/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { permissionsOf, toLoginUser } from '../users/login-user.ts';
import { login, sendLoginOtp } from './sign-in.ts';

export function signInRoutes(ctx: AppContext) {
  return [
    implement(AUTH_ENDPOINTS.sendLoginOtp, async ({ body, request }) =>
      ok(AUTH_RESULTS.otpSent, await sendLoginOtp(ctx, body, clientInfo(request))),
    ),
    implement(AUTH_ENDPOINTS.login, async ({ body, request }) => {
      const { message, data } = await login(ctx, body, clientInfo(request));
      return ok(message, data);
    }),
    implement(AUTH_ENDPOINTS.getLoginUser, async ({ auth }) =>
      ok('Signed-in user.', {
        user: toLoginUser(await signedInUser(ctx.db, auth.user)),
        userPermissions: permissionsOf(auth.permissions),
      }),
    ),
    // The short-lived token of a forced password change can end itself too (see its access rule).
    implement(AUTH_ENDPOINTS.logout, async ({ auth }) => {
      await revokeSession(ctx.db, auth.sessionId);
      return ok(AUTH_RESULTS.loggedOut, null);
    }),
  ];
}
