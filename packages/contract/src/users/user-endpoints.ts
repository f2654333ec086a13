import { z } from 'zod';
import { userIdentityFields } from '../auth/session-answers.ts';
import { defineEndpoint, idParams, pageOf } from '../endpoints/endpoint.ts';
import {
  userActiveSchema,
  userCreateSchema,
  userPaginateSchema,
  userResetPasswordSchema,
  userUpdateSchema,
} from '../user-admin.ts';

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

const USERS_TAG = 'Users';
const GUESTS_TAG = 'Guests';

/** The User screen: every user type. Activation and password resets have their own modules. */
export const USER_ENDPOINTS = {
  paginate: defineEndpoint({
    method: 'POST',
    path: 'apis/user/paginate',
    tag: USERS_TAG,
    summary: 'Users not deleted, searched by name, username, e-mail or phone.',
    access: { module: 'User', action: 'view' },
    body: userPaginateSchema,
    answer: { data: pageOf(userRecordSchema) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: 'apis/user/create',
    tag: USERS_TAG,
    summary: 'Creates a user, who must choose a new password at first sign-in.',
    access: { module: 'User', action: 'insert' },
    body: userCreateSchema,
    answer: { data: userRecordSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: 'apis/user/:id',
    tag: USERS_TAG,
    summary: 'One user.',
    access: { module: 'User', action: 'view' },
    params: idParams,
    answer: { data: userRecordSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: 'apis/user/:id',
    tag: USERS_TAG,
    summary: 'Changes the fields sent; activation and the password have their own endpoints.',
    access: { module: 'User', action: 'update' },
    params: idParams,
    body: userUpdateSchema,
    answer: { data: userRecordSchema },
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
export const GUEST_ENDPOINTS = {
  paginate: defineEndpoint({
    method: 'POST',
    path: 'apis/guest/paginate',
    tag: GUESTS_TAG,
    summary: 'Guests and permanent guests not deleted, searched like users.',
    access: { module: 'Guest', action: 'view' },
    body: userPaginateSchema,
    answer: { data: pageOf(userRecordSchema) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: 'apis/guest/create',
    tag: GUESTS_TAG,
    summary: 'Creates a guest or a permanent guest.',
    access: { module: 'Guest', action: 'insert' },
    body: userCreateSchema,
    answer: { data: userRecordSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: 'apis/guest/:id',
    tag: GUESTS_TAG,
    summary: 'One guest; other users are not found here.',
    access: { module: 'Guest', action: 'view' },
    params: idParams,
    answer: { data: userRecordSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: 'apis/guest/:id',
    tag: GUESTS_TAG,
    summary: 'Changes the fields sent of a guest, who stays a guest or permanent guest.',
    access: { module: 'Guest', action: 'update' },
    params: idParams,
    body: userUpdateSchema,
    answer: { data: userRecordSchema },
  }),
};
