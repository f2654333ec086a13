import { API, AUTH_RESULTS, type RegisterData, registerSchema, USER_TYPES } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/client.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { at, defineRoute } from '../http/route.ts';
import { insertUser, loginTaken } from '../users/repository.ts';
import { hashPassword } from './passwords.ts';
import { takeAttempt } from './throttle.ts';

const REGISTER_PER_IP = { action: 'register', max: 10, windowMs: 60 * 60 * 1000 };

/** Self sign-up creates an inactive employee with no permissions; an administrator activates it. */
export function registerRoutes(ctx: AppContext) {
  return [
    defineRoute({
      method: 'POST',
      url: at(API.register),
      access: { public: true },
      body: registerSchema,
      handler: async ({ body, request }) => {
        if (!(await takeAttempt(ctx.db, REGISTER_PER_IP, clientInfo(request).ip))) {
          throw new HttpError('E_TOO_MANY_REQUESTS', AUTH_RESULTS.tooManySignInAttempts);
        }
        const email = body.email.toLowerCase();
        if (await loginTaken(ctx.db, [email]))
          throw new HttpError('E_CONFLICT', AUTH_RESULTS.duplicateAccount);
        try {
          const user = await insertUser(ctx.db, {
            type: USER_TYPES.EMPLOYEE,
            name: body.name,
            username: email,
            emails: [{ value: body.email, isPrimary: true }],
            passwordHash: await hashPassword(body.password),
            isActive: false,
          });
          const data: RegisterData = {
            result: true,
            user: {
              id: user.id,
              name: user.name,
              username: user.username,
              emails: user.emails,
              isActive: user.isActive,
            },
          };
          return ok(AUTH_RESULTS.registered, data);
        } catch (error) {
          // Lost a race with an identical sign-up.
          if (pgErrorCode(error) === UNIQUE_VIOLATION)
            throw new HttpError('E_CONFLICT', AUTH_RESULTS.duplicateAccount);
          throw error;
        }
      },
    }),
  ];
}
