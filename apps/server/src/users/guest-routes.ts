import {
  GUEST_ENDPOINTS,
  recordOutcomeMessage,
  USER_MESSAGES,
  USER_TYPES,
  type UserType,
} from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { fieldError, HttpError, ok } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import { implement } from '../http/route.ts';
import { paginateUsers, readUserRecord } from './user-paginate.ts';
import { createUser, updateUser } from './user-writes.ts';

const GUEST_TYPES: readonly UserType[] = [USER_TYPES.GUEST, USER_TYPES.PERMANENT_GUEST];

function assertGuestType(type: UserType | readonly UserType[] | undefined): void {
  const types = type === undefined ? [] : Array.isArray(type) ? type : [type];
  if (types.some((one) => !GUEST_TYPES.includes(one))) throw fieldError('type', USER_MESSAGES.guestTypeOnly);
}

/** The Guest screen: the user services, limited to guests and permanent guests (module Guest). */
export function guestRoutes(ctx: AppContext) {
  /** Ids of other users are not found here, so the screen cannot reach staff. */
  const readGuest = async (id: string) => {
    const record = await readUserRecord(ctx.db, id);
    if (!record || !GUEST_TYPES.includes(record.type))
      throw new HttpError('E_NOT_FOUND', USER_MESSAGES.notFound);
    return record;
  };
  return [
    implement(GUEST_ENDPOINTS.paginate, async ({ body }) => {
      assertGuestType(body.filter?.type);
      return ok('Guests.', await paginateUsers(ctx.db, body, GUEST_TYPES));
    }),
    implement(GUEST_ENDPOINTS.create, async ({ body, auth, request }) => {
      assertGuestType(body.type);
      const row = await createUser(ctx.db, { auth, client: clientInfo(request) }, body);
      const guest = await readGuest(row.id);
      return ok(recordOutcomeMessage('guest', guest.name, 'created'), guest);
    }),
    implement(GUEST_ENDPOINTS.get, async ({ request }) =>
      ok('Guest.', await readGuest(idParam(request, USER_MESSAGES.notFound))),
    ),
    implement(GUEST_ENDPOINTS.update, async ({ body, auth, request }) => {
      const id = idParam(request, USER_MESSAGES.notFound);
      assertGuestType(body.type);
      await updateUser(ctx.db, { auth, client: clientInfo(request) }, id, body, { types: GUEST_TYPES });
      const guest = await readGuest(id);
      return ok(recordOutcomeMessage('guest', guest.name, 'saved'), guest);
    }),
  ];
}
