import { recordOutcomeMessage, USER_ENDPOINTS, USER_MESSAGES } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import { implement } from '../http/route.ts';
import { deliverNotifications } from '../notifications/notify.ts';
import { usageContextOf } from '../resources/record-usage.ts';
import { paginateUsers, readUserRecord } from './user-paginate.ts';
import { createUser, deleteUser, resetUserPassword, setUserActive, updateUser } from './user-writes.ts';

/** The User screen: every user type. Activation and password resets have their own modules. */
export function userRoutes(ctx: AppContext) {
  const readOrFail = async (id: string) => {
    const record = await readUserRecord(ctx.db, id);
    if (!record) throw new HttpError('E_NOT_FOUND', USER_MESSAGES.notFound);
    return record;
  };
  return [
    implement(USER_ENDPOINTS.paginate, async ({ body }) => ok('Users.', await paginateUsers(ctx.db, body))),
    implement(USER_ENDPOINTS.create, async ({ body, auth, request }) => {
      const row = await createUser(ctx.db, { auth, client: clientInfo(request) }, body);
      const user = await readOrFail(row.id);
      return ok(recordOutcomeMessage('user', user.name, 'created'), user);
    }),
    implement(USER_ENDPOINTS.get, async ({ request }) =>
      ok('User.', await readOrFail(idParam(request, USER_MESSAGES.notFound))),
    ),
    implement(USER_ENDPOINTS.update, async ({ body, auth, request }) => {
      const id = idParam(request, USER_MESSAGES.notFound);
      await updateUser(ctx.db, { auth, client: clientInfo(request) }, id, body);
      const user = await readOrFail(id);
      return ok(recordOutcomeMessage('user', user.name, 'saved'), user);
    }),
    implement(USER_ENDPOINTS.remove, async ({ auth, request }) => {
      const id = idParam(request, USER_MESSAGES.notFound);
      const name = (await readUserRecord(ctx.db, id))?.name ?? '';
      await deleteUser(ctx.db, { auth, client: clientInfo(request) }, id, usageContextOf(ctx));
      return ok(recordOutcomeMessage('user', name, 'deleted'), null);
    }),
    implement(USER_ENDPOINTS.resetPassword, async ({ body, auth, request }) => {
      const delivery = await resetUserPassword(
        ctx.db,
        { auth, client: clientInfo(request) },
        body.id,
        body.password,
      );
      deliverNotifications(ctx, delivery);
      return ok(USER_MESSAGES.passwordReset, null);
    }),
    implement(USER_ENDPOINTS.setActive, async ({ body, auth, request }) => {
      await setUserActive(ctx.db, { auth, client: clientInfo(request) }, body.id, body.isActive);
      return ok(
        body.isActive ? USER_MESSAGES.activated : USER_MESSAGES.deactivated,
        await readOrFail(body.id),
      );
    }),
  ];
}
