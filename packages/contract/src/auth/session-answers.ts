import { z } from 'zod';
import { ADMIN_ACTIONS } from '../access/admin-modules.ts';
import { CUSTOMER_ACTIONS, CUSTOMER_MODULES } from '../access/customer-modules.ts';
import { USER_TYPES } from '../access/user-types.ts';

/** One flag per action, each always present. */
function flagsOf<const A extends readonly string[]>(actions: A) {
  return z.object(
    Object.fromEntries(actions.map((action) => [action, z.boolean()])) as Record<A[number], z.ZodBoolean>,
  );
}

const adminPermissionEntrySchema = z.object({
  id: z.number().int(),
  module: z.string(),
  title: z.string(),
  permissions: flagsOf(ADMIN_ACTIONS),
});

const customerPermissionEntrySchema = z.object({
  id: z.number().int(),
  module: z.enum(CUSTOMER_MODULES.map((entry) => entry.module)),
  title: z.string(),
  permissions: flagsOf(CUSTOMER_ACTIONS),
});

const contactEntrySchema = z.object({ value: z.string(), isPrimary: z.boolean() });

/** Who a user is, as every answer naming a user carries it; never the password or its hash. */
export const userIdentityFields = {
  id: z.string(),
  type: z.enum(USER_TYPES),
  name: z.string(),
  username: z.string(),
  emails: z.array(contactEntrySchema),
  phones: z.array(contactEntrySchema),
  image: z.string().nullable(),
};

/** The signed-in user as the panel keeps it. */
export const loginUserSchema = z.object({
  ...userIdentityFields,
  defaultPassword: z.boolean(),
  isActive: z.boolean(),
  sellerDetail: z.object({ sellerId: z.string() }).nullable(),
});
export type LoginUser = z.infer<typeof loginUserSchema>;

export const sendLoginOtpDataSchema = z.object({
  username: z.string(),
  /** The primary e-mail, masked: where the code went. */
  sentTo: z.string(),
  expiresAt: z.string(),
  resendAvailableAt: z.string(),
});
export type SendLoginOtpData = z.infer<typeof sendLoginOtpDataSchema>;

export const tokenDataSchema = z.object({ jwt: z.string(), expiresAt: z.string() });

export const userPermissionsDataSchema = z.object({
  /** Admin modules (staff); empty for customer users. */
  data: z.array(adminPermissionEntrySchema),
  /** Customer modules, for customer users (types 3, 4, 5). */
  customer: z.array(customerPermissionEntrySchema).optional(),
});
export type UserPermissionsData = z.infer<typeof userPermissionsDataSchema>;

/**
 * Sign-in answer. With `user.defaultPassword` the token is a short-lived one that only
 * `auth/reset-password-by-user` accepts, and `userPermissions.data` is empty.
 */
export const loginDataSchema = z.object({
  token: tokenDataSchema,
  user: loginUserSchema,
  userPermissions: userPermissionsDataSchema,
});
export type LoginData = z.infer<typeof loginDataSchema>;

export const loginUserDataSchema = z.object({
  user: loginUserSchema,
  userPermissions: userPermissionsDataSchema,
});

export const registerDataSchema = z.object({
  result: z.boolean(),
  user: loginUserSchema.pick({ id: true, name: true, username: true, emails: true, isActive: true }),
});
export type RegisterData = z.infer<typeof registerDataSchema>;
