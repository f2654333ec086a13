import { z } from 'zod';
import { PERMISSION_SCOPES } from '../access/permission-scopes.ts';
import { USER_TYPES, type UserType } from '../access/user-types.ts';
import { requiredText } from '../auth/auth.ts';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';
import { paginateRequestSchema } from '../envelope.ts';
import { calendarInstant } from '../format/calendar-dates.ts';
import { ROLE_SORT_KEYS, USER_MESSAGES, USER_SORT_KEYS } from './user-rules.ts';

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
  expiresAt: calendarInstant().nullable().default(null),
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

export const rolePaginateSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({ scope: z.enum(PERMISSION_SCOPES).optional(), isActive: z.boolean().optional() })
    .optional(),
  sort: z.strictObject(Object.fromEntries(ROLE_SORT_KEYS.map((key) => [key, sortDirection]))).optional(),
});
