import { AUTH_ENDPOINTS, AUTH_RESULTS, type RegisterData, USER_TYPES } from '@facet/contract';
import { hashPassword } from '../access/passwords.ts';
import { insertUser } from '../access/user-repository.ts';
import type { AppContext } from '../app-context.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/client.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { deliverNotifications } from '../notifications/notify.ts';
import { recordAuditFrom } from '../resources/audit-log.ts';
import { assertIdentityFree } from '../users/user-guards.ts';
import { userAuditFields } from '../users/user-record.ts';
import { tellSignUp } from './sign-up-notice.ts';
import { takeAttempt } from './throttle.ts';

export const REGISTER_PER_IP = { action: 'register', max: 10, windowMs: 60 * 60 * 1000 };

/**
 * Self sign-up creates an inactive employee with no permissions; an administrator activates it, so the
 * administrators are told.
 */
export function registerRoutes(ctx: AppContext) {
  return [
    implement(AUTH_ENDPOINTS.register, async ({ body, request }) => {
      const client = clientInfo(request);
      if (!(await takeAttempt(ctx.db, REGISTER_PER_IP, client.ip))) {
        throw new HttpError('E_TOO_MANY_REQUESTS', AUTH_RESULTS.tooManySignInAttempts);
      }
      const email = body.email.toLowerCase();
      const passwordHash = await hashPassword(body.password);
      try {
        const { user, delivery } = await ctx.db.transaction(async (tx) => {
          // The same lock and checks as an administrator's create: the address must be free as a
          // username and as an e-mail of anyone.
          await assertIdentityFree(tx, { username: email, emailsLower: [email] });
          const row = await insertUser(tx, {
            type: USER_TYPES.EMPLOYEE,
            name: body.name,
            username: email,
            emails: [{ value: body.email, isPrimary: true }],
            passwordHash,
            isActive: false,
          });
          await recordAuditFrom(
            tx,
            { actorId: null, client },
            {
              action: 'user.create',
              entityType: 'user',
              entityId: row.id,
              subjectUserId: row.id,
              before: null,
              after: userAuditFields(row),
            },
          );
          return { user: row, delivery: await tellSignUp(tx, row) };
        });
        deliverNotifications(ctx, delivery);
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
        // Taken, or lost a race with an identical sign-up (the unique index fired).
        if (
          pgErrorCode(error) === UNIQUE_VIOLATION ||
          (error instanceof HttpError && error.code === 'E_CONFLICT')
        )
          throw new HttpError('E_CONFLICT', AUTH_RESULTS.duplicateAccount);
        throw error;
      }
    }),
  ];
}
