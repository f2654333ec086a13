import { z } from 'zod';
import { PERMISSION_SCOPES, type PermissionScope } from '../access/permission-sets.ts';
import { CUSTOMER_USER_TYPES, USER_TYPES, type UserType } from '../access/user-types.ts';
import { requiredText } from '../auth/auth.ts';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';
import { paginateRequestSchema } from '../envelope.ts';

export const USER_MESSAGES = {
  nameRequired: 'Please input the name!',
  usernameRequired: 'Please input the username!',
  usernameFormat: 'Use 3 to 64 letters, digits, dots, dashes, underscores or @.',
  emailRequired: 'Please add at least one e-mail.',
  emailInvalid: 'The input is not valid E-mail!',
  phoneInvalid: 'The input is not a valid phone number.',
  onePrimary: 'Mark exactly one entry as primary.',
  typeRequired: 'Please choose the user type.',
  passwordTooShort: `Password must be minimum of ${MIN_PASSWORD_LENGTH} digit.`,
  guestExpiryRequired: 'A guest needs an expiry date.',
  guestTypeOnly: 'Guests are of type guest or permanent guest.',
  expiryGuestOnly: 'Only a guest can have an expiry date.',
  roleNameRequired: 'Please input the role name!',
  accountNotFound: 'Choose a valid company.',
  accountCustomerOnly: 'Only customer users (customer, guest, permanent guest) belong to a company.',
  // Server answers.
  created: 'User created.',
  updated: 'User updated.',
  deleted: 'User deleted.',
  activated: 'User activated.',
  deactivated: 'User deactivated.',
  passwordReset: 'Password reset. The user must choose a new one at next sign-in.',
  duplicateUsername: 'This username is already taken.',
  duplicateEmail: 'This e-mail already belongs to another user.',
  lastSuperAdmin: 'The last active super admin cannot be deactivated, demoted or deleted.',
  superAdminOnly: 'Only a super admin can do this.',
  targetMorePrivileged: 'You cannot change a user who holds permissions you do not hold.',
  roleScopeMismatch: 'This role does not fit the user type.',
  roleGrantExceedsOwn: 'You cannot assign a role with permissions you do not hold.',
  roleActivationExceedsOwn: 'You cannot activate a role with permissions you do not hold.',
  roleHolderMorePrivileged: 'You cannot change a role held by a user who holds permissions you do not hold.',
  notFound: 'User not found.',
  roleNotFound: 'Role not found.',
  roleCreated: 'Role created.',
  roleUpdated: 'Role updated.',
  roleDeleted: 'Role deleted.',
  roleInUse: 'This role is assigned to users; assign them another role first.',
  duplicateRole: 'A role with this name already exists.',
  permissionsSaved: 'Permissions saved.',
} as const;

/** The scope of permission sets a user of this type carries. */
export function scopeOfUserType(type: UserType): PermissionScope {
  return CUSTOMER_USER_TYPES.includes(type) ? 'customer' : 'admin';
}

const userType = z.union(
  Object.values(USER_TYPES).map((value) => z.literal(value)) as [
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<4>,
    z.ZodLiteral<5>,
    z.ZodLiteral<6>,
  ],
  { error: USER_MESSAGES.typeRequired },
);

function contactList(value: z.ZodType<string>, minimum: number) {
  return z
    .array(z.object({ value, isPrimary: z.boolean().default(false) }))
    .max(10)
    .min(minimum, { error: USER_MESSAGES.emailRequired })
    .refine((entries) => entries.length === 0 || entries.filter((entry) => entry.isPrimary).length === 1, {
      error: USER_MESSAGES.onePrimary,
    });
}

const emailValue = z
  .string({ error: USER_MESSAGES.emailInvalid })
  .trim()
  .pipe(z.email({ error: USER_MESSAGES.emailInvalid }).max(254));
const phoneValue = z
  .string({ error: USER_MESSAGES.phoneInvalid })
  .trim()
  .regex(/^\+?[0-9][0-9 ().-]{4,24}$/, { error: USER_MESSAGES.phoneInvalid });

export const userFieldsSchema = z.object({
  type: userType,
  name: requiredText(USER_MESSAGES.nameRequired).pipe(z.string().max(120)),
  username: requiredText(USER_MESSAGES.usernameRequired).pipe(
    z.string().regex(/^[A-Za-z0-9._@-]{3,64}$/, { error: USER_MESSAGES.usernameFormat }),
  ),
  emails: contactList(emailValue, 1),
  phones: contactList(phoneValue, 0).default([]),
  roleId: z.uuid().nullable().default(null),
  /** The customer company (issue 4 links it); null for staff. */
  accountId: z.uuid().nullable().default(null),
  designation: z.string().trim().max(120).nullable().default(null),
  /** Guests (type 4) lose access after this instant. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().default(null),
  isActive: z.boolean().default(true),
});

const guestNeedsExpiry = (body: { type?: UserType; expiresAt?: string | null }) =>
  body.type !== USER_TYPES.GUEST || Boolean(body.expiresAt);
/** An expiry locks a user out; only guests (type 4) carry one, so no admin can be timed out. */
const onlyGuestsExpire = (body: { type?: UserType; expiresAt?: string | null }) =>
  body.type === undefined || body.type === USER_TYPES.GUEST || !body.expiresAt;

export const userCreateSchema = userFieldsSchema
  .extend({
    password: z
      .string({ error: USER_MESSAGES.passwordTooShort })
      .min(MIN_PASSWORD_LENGTH, { error: USER_MESSAGES.passwordTooShort })
      .max(256),
  })
  .refine(guestNeedsExpiry, { path: ['expiresAt'], error: USER_MESSAGES.guestExpiryRequired })
  .refine(onlyGuestsExpire, { path: ['expiresAt'], error: USER_MESSAGES.expiryGuestOnly });
export type UserCreatePayload = z.input<typeof userCreateSchema>;

/**
 * Update bodies: every field optional and without its default, so a field left out keeps its stored
 * value (a default would silently reset it).
 */
function partialWithoutDefaults<S extends z.ZodRawShape>(shape: S) {
  return z
    .object(
      Object.fromEntries(
        Object.entries(shape).map(([key, field]) => [
          key,
          (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType)).optional(),
        ]),
      ) as unknown as { [K in keyof S]: z.ZodOptional<S[K]> },
    )
    .strict();
}

/**
 * `PUT apis/user/{id}`: any subset of the fields. The password changes through reset-password only, and
 * activation through `apis/user/active` only (it needs UserActive, which an update does not).
 */
export const userUpdateSchema = partialWithoutDefaults(
  userFieldsSchema.omit({ isActive: true }).shape,
).refine(onlyGuestsExpire, { path: ['expiresAt'], error: USER_MESSAGES.expiryGuestOnly });
export type UserUpdatePayload = z.input<typeof userUpdateSchema>;

export const userResetPasswordSchema = z.object({
  id: z.uuid(),
  password: z
    .string({ error: USER_MESSAGES.passwordTooShort })
    .min(MIN_PASSWORD_LENGTH, { error: USER_MESSAGES.passwordTooShort })
    .max(256),
});

export const userActiveSchema = z.object({ id: z.uuid(), isActive: z.boolean() });

const sortDirection = z.enum(['asc', 'desc', 'ASC', 'DESC']).optional();
const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1).max(10)]);

export const USER_SORT_KEYS = ['name', 'username', 'type', 'createdAt', 'lastLoginAt', 'expiresAt'] as const;

/** `apis/user/paginate` and `apis/guest/paginate`; search matches name, username, e-mail and phone. */
export const userPaginateSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({
      type: oneOrMany(userType).optional(),
      roleId: z.uuid().optional(),
      accountId: z.uuid().optional(),
      isActive: z.boolean().optional(),
    })
    .optional(),
  sort: z.strictObject(Object.fromEntries(USER_SORT_KEYS.map((key) => [key, sortDirection]))).optional(),
});

const roleFieldsSchema = z.object({
  name: requiredText(USER_MESSAGES.roleNameRequired).pipe(z.string().max(80)),
  description: z.string().trim().max(500).nullable().default(null),
  scope: z.enum(PERMISSION_SCOPES),
  isActive: z.boolean().default(true),
});
export const roleCreateSchema = roleFieldsSchema;
/** The scope of a role is fixed at creation: its permission set belongs to that scope. */
export const roleUpdateSchema = partialWithoutDefaults(roleFieldsSchema.omit({ scope: true }).shape);

export const ROLE_SORT_KEYS = ['name', 'createdAt', 'userCount'] as const;
export const rolePaginateSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({ scope: z.enum(PERMISSION_SCOPES).optional(), isActive: z.boolean().optional() })
    .optional(),
  sort: z.strictObject(Object.fromEntries(ROLE_SORT_KEYS.map((key) => [key, sortDirection]))).optional(),
});
