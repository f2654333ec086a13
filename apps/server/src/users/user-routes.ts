import {
  API,
  USER_MESSAGES,
  userActiveSchema,
  userCreateSchema,
  userPaginateSchema,
  userResetPasswordSchema,
  userUpdateSchema,
} from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import { at, defineRoute } from '../http/route.ts';
import { paginateUsers, readUserRecord } from './user-paginate.ts';
import { createUser, deleteUser, resetUserPassword, setUserActive, updateUser } from './user-writes.ts';

/** The User screen: every user type. Activation and password resets have their own modules. */
export function userRoutes(ctx: AppContext) {
  const byId = at(API.userById(':id'));
  const readOrFail = async (id: string) => {
    const record = await readUserRecord(ctx.db, id);
    if (!record) throw new HttpError('E_NOT_FOUND', USER_MESSAGES.notFound);
    return record;
  };
  return [
    defineRoute({
      method: 'POST',
      url: at(API.userPaginate),
      access: { module: 'User', action: 'view' },
      body: userPaginateSchema,
      handler: async ({ body }) => ok('Users.', await paginateUsers(ctx.db, body)),
    }),
    defineRoute({
      method: 'POST',
      url: at(API.userCreate),
      access: { module: 'User', action: 'insert' },
      body: userCreateSchema,
      handler: async ({ body, auth, request }) => {
        const row = await createUser(ctx.db, { auth, client: clientInfo(request) }, body);
        return ok(USER_MESSAGES.created, await readOrFail(row.id));
      },
    }),
    defineRoute({
      method: 'GET',
      url: byId,
      access: { module: 'User', action: 'view' },
      handler: async ({ request }) => ok('User.', await readOrFail(idParam(request, USER_MESSAGES.notFound))),
    }),
    defineRoute({
      method: 'PUT',
      url: byId,
      access: { module: 'User', action: 'update' },
      body: userUpdateSchema,
      handler: async ({ body, auth, request }) => {
        const id = idParam(request, USER_MESSAGES.notFound);
        await updateUser(ctx.db, { auth, client: clientInfo(request) }, id, body);
        return ok(USER_MESSAGES.updated, await readOrFail(id));
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: byId,
      access: { module: 'User', action: 'delete' },
      handler: async ({ auth, request }) => {
        await deleteUser(
          ctx.db,
          { auth, client: clientInfo(request) },
          idParam(request, USER_MESSAGES.notFound),
        );
        return ok(USER_MESSAGES.deleted, null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: at(API.userResetPassword),
      access: { module: 'UserResetpass', action: 'view' },
      body: userResetPasswordSchema,
      handler: async ({ body, auth, request }) => {
        await resetUserPassword(ctx.db, { auth, client: clientInfo(request) }, body.id, body.password);
        return ok(USER_MESSAGES.passwordReset, null);
      },
    }),
    defineRoute({
      method: 'POST',
      url: at(API.userActive),
      access: { module: 'UserActive', action: 'view' },
      body: userActiveSchema,
      handler: async ({ body, auth, request }) => {
        await setUserActive(ctx.db, { auth, client: clientInfo(request) }, body.id, body.isActive);
        return ok(
          body.isActive ? USER_MESSAGES.activated : USER_MESSAGES.deactivated,
          await readOrFail(body.id),
        );
      },
    }),
  ];
}
