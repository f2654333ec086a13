import { z } from 'zod';
import { userIdentityFields } from '../auth/session-answers.ts';
import { defineEndpoint, idParams, pageOf } from '../endpoints/endpoint.ts';
import {
  userActiveSchema,
  userCreateSchema,
  userPaginateSchema,
  userResetPasswordSchema,
  userUpdateSchema,
} from './user-admin.ts';

/** A user as the user and guest screens read it. */
export const userRecordSchema = z.object({
  ...userIdentityFields,
  designation: z.string().nullable(),
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  accountId: z.string().nullable(),
  isActive: z.boolean(),
  defaultPassword: z.boolean(),
  expiresAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

interface ScreenWording {
  paginate: string;
  create: string;
  get: string;
  update: string;
}

/** The list, create, read and update endpoints of a screen over users (User, Guest), gated by its module. */
function userScreenEndpoints(base: string, module: string, tag: string, say: ScreenWording) {
  return {
    paginate: defineEndpoint({
      method: 'POST',
      path: `apis/${base}/paginate`,
      tag,
      summary: say.paginate,
      access: { module, action: 'view' },
      body: userPaginateSchema,
      answer: { data: pageOf(userRecordSchema) },
    }),
    create: defineEndpoint({
      method: 'POST',
      path: `apis/${base}/create`,
      tag,
      summary: say.create,
      access: { module, action: 'insert' },
      body: userCreateSchema,
      answer: { data: userRecordSchema },
    }),
    get: defineEndpoint({
      method: 'GET',
      path: `apis/${base}/:id`,
      tag,
      summary: say.get,
      access: { module, action: 'view' },
      params: idParams,
      answer: { data: userRecordSchema },
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: `apis/${base}/:id`,
      tag,
      summary: say.update,
      access: { module, action: 'update' },
      params: idParams,
      body: userUpdateSchema,
      answer: { data: userRecordSchema },
    }),
  };
}

const USERS_TAG = 'Users';

/** The User screen: every user type. Activation and password resets have their own modules. */
export const USER_ENDPOINTS = {
  ...userScreenEndpoints('user', 'User', USERS_TAG, {
    paginate: 'Users not deleted, searched by name, username, e-mail or phone.',
    create: 'Creates a user, who must choose a new password at first sign-in.',
    get: 'One user.',
    update: 'Changes the fields sent; activation and the password have their own endpoints.',
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: 'apis/user/:id',
    tag: USERS_TAG,
    summary: 'Deletes a user.',
    access: { module: 'User', action: 'delete' },
    params: idParams,
    answer: { data: z.null() },
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: 'apis/user/reset-password',
    tag: USERS_TAG,
    summary: 'Sets a new password, which the user must change at next sign-in.',
    access: { module: 'UserResetpass', action: 'view' },
    body: userResetPasswordSchema,
    answer: { data: z.null() },
  }),
  setActive: defineEndpoint({
    method: 'POST',
    path: 'apis/user/active',
    tag: USERS_TAG,
    summary: 'Activates or deactivates a user.',
    access: { module: 'UserActive', action: 'view' },
    body: userActiveSchema,
    answer: { data: userRecordSchema },
  }),
};

/** The Guest screen: the user endpoints, limited to guests and permanent guests. */
export const GUEST_ENDPOINTS = userScreenEndpoints('guest', 'Guest', 'Guests', {
  paginate: 'Guests and permanent guests not deleted, searched like users.',
  create: 'Creates a guest or a permanent guest.',
  get: 'One guest; other users are not found here.',
  update: 'Changes the fields sent of a guest, who stays a guest or permanent guest.',
});
