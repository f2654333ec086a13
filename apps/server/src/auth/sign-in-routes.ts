import { API, AUTH_RESULTS, loginSchema, signInSchema } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { ok } from '../http/envelope.ts';
import { at, defineRoute } from '../http/route.ts';
import { permissionsOf, toLoginUser } from '../users/login-user.ts';
import { revokeSession } from './sessions.ts';
import { login, sendLoginOtp } from './sign-in.ts';

export function signInRoutes(ctx: AppContext) {
  return [
    defineRoute({
      method: 'POST',
      url: at(API.sendLoginOtp),
      access: { public: true },
      body: signInSchema,
      handler: async ({ body, request }) =>
        ok(AUTH_RESULTS.otpSent, await sendLoginOtp(ctx, body, clientInfo(request))),
    }),
    defineRoute({
      method: 'POST',
      url: at(API.login),
      access: { public: true },
      body: loginSchema,
      handler: async ({ body, request }) => {
        const { message, data } = await login(ctx, body, clientInfo(request));
        return ok(message, data);
      },
    }),
    defineRoute({
      method: 'GET',
      url: at(API.getLoginUser),
      access: { authenticated: true },
      handler: async ({ auth }) =>
        ok('Signed-in user.', {
          user: toLoginUser(auth.user),
          userPermissions: permissionsOf(auth.permissions),
        }),
    }),
    defineRoute({
      method: 'POST',
      url: at(API.logout),
      // The short-lived token of a forced password change can end itself too.
      access: { authenticated: true, acceptsDefaultPasswordToken: true },
      handler: async ({ auth }) => {
        await revokeSession(ctx.db, auth.sessionId);
        return ok(AUTH_RESULTS.loggedOut, null);
      },
    }),
  ];
}
