import { describe, expect, it } from 'vitest';
import { permissionUpsertSchema } from '../access/permission-sets.ts';
import { userCreateSchema, userPaginateSchema, userUpdateSchema } from './user-admin.ts';
import { USER_MESSAGES } from './user-rules.ts';

const valid = {
  type: 6,
  name: 'Opal Grader',
  username: 'opal',
  emails: [{ value: 'opal@example.com', isPrimary: true }],
  password: 'long-enough',
};

describe('user administration payloads', () => {
  it('accepts a valid employee and fills the defaults', () => {
    const parsed = userCreateSchema.parse(valid);
    expect(parsed).toMatchObject({ phones: [], roleId: null, isActive: true, expiresAt: null });
  });

  it('requires one primary e-mail and an expiry for guests', () => {
    const messages = (body: unknown) =>
      userCreateSchema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages({ ...valid, emails: [] })).toEqual([['emails', USER_MESSAGES.emailRequired]]);
    expect(
      messages({
        ...valid,
        emails: [
          { value: 'a@example.com', isPrimary: true },
          { value: 'b@example.com', isPrimary: true },
        ],
      }),
    ).toEqual([['emails', USER_MESSAGES.onePrimary]]);
    expect(messages({ ...valid, type: 4 })).toEqual([['expiresAt', USER_MESSAGES.guestExpiryRequired]]);
    expect(messages({ ...valid, type: 9 })).toEqual([['type', USER_MESSAGES.typeRequired]]);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect(messages({ ...valid, type: 1, expiresAt: later })).toEqual([
      ['expiresAt', USER_MESSAGES.expiryGuestOnly],
    ]);
    expect(userUpdateSchema.safeParse({ type: 2, expiresAt: later }).success).toBe(false);
    expect(userUpdateSchema.safeParse({ type: 4, expiresAt: later }).success).toBe(true);
  });

  it('refuses unknown fields on update and unknown filters or sorts on paginate', () => {
    expect(userUpdateSchema.safeParse({ name: 'New name' }).success).toBe(true);
    expect(userUpdateSchema.safeParse({ passwordHash: 'x' }).success).toBe(false);
    // Activation has its own call (UserActive); an update cannot carry it.
    expect(userUpdateSchema.safeParse({ isActive: false }).success).toBe(false);
    expect(userPaginateSchema.safeParse({ filter: { 'name; drop table users': 1 } }).success).toBe(false);
    expect(userPaginateSchema.safeParse({ sort: { password_hash: 'asc' } }).success).toBe(false);
    expect(userPaginateSchema.parse({ filter: { type: [4, 5] }, sort: { name: 'asc' } })).toMatchObject({
      page: 1,
      limit: 50,
    });
  });
});

describe('permission upsert payload', () => {
  const roleId = '7d0c8f3e-3f4a-4c1e-9a51-1f0d2b3c4d5e';
  it('takes a role or a user, not both and not neither', () => {
    expect(permissionUpsertSchema.safeParse({ scope: 'admin', permissions: [] }).success).toBe(false);
    expect(
      permissionUpsertSchema.safeParse({ roleId, userId: roleId, scope: 'admin', permissions: [] }).success,
    ).toBe(false);
    expect(permissionUpsertSchema.safeParse({ roleId, scope: 'admin', permissions: [] }).success).toBe(true);
  });

  // Unknown module ids are the server's to refuse (it serves the modules it was built with): see
  // roles-permissions.api.test.ts.
  it('refuses duplicate modules and customer-only actions on admin modules', () => {
    const issues = (permissions: unknown) =>
      permissionUpsertSchema
        .safeParse({ roleId, scope: 'admin', permissions })
        .error?.issues.map((i) => i.message);
    expect(
      issues([
        { id: 5, permissions: { view: true } },
        { id: 5, permissions: { view: false } },
      ]),
    ).toEqual(['Each module may appear once.']);
    expect(issues([{ id: 5, permissions: { uploadExcel: true } }])).toEqual([
      'This module has no such action.',
    ]);
    expect(
      permissionUpsertSchema.safeParse({
        roleId,
        scope: 'customer',
        permissions: [{ id: 36, permissions: { uploadExcel: true } }],
      }).success,
    ).toBe(true);
  });
});
