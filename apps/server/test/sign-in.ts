import type { AdminPermissionEntry, ContactEntry, UserType } from '@facet/contract';
import { AUTH_ENDPOINTS, USER_TYPES } from '@facet/contract';
import { expect } from 'vitest';
import { hashPassword } from '../src/access/passwords.ts';
import { permissionEntries } from '../src/access/permission-table.ts';
import { insertUser, type UserRow } from '../src/access/user-repository.ts';
import { ADMIN, type ApiClient, extractCode, type TestServer } from './harness.ts';

export const ADMIN_NEW_PASSWORD = 'Changed#Pass2';

/** Step one: asks for a code and reads it from the mailbox. */
export async function requestCode(server: TestServer, client: ApiClient, username: string, password: string) {
  const response = await client.call(AUTH_ENDPOINTS.sendLoginOtp, { username, password });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return extractCode(await server.mailbox.next());
}

/** Both steps; answers the login response. */
export async function signIn(server: TestServer, client: ApiClient, username: string, password: string) {
  const otp = await requestCode(server, client, username, password);
  const response = await client.call(AUTH_ENDPOINTS.login, { username, password, otp });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

/** The seeded admin's first sign-in, forced password change included; answers a full token. */
export async function adminToken(server: TestServer, client: ApiClient): Promise<string> {
  const first = await signIn(server, client, ADMIN.username, ADMIN.password);
  expect(first.user.defaultPassword).toBe(true);
  const changed = await client.call(
    AUTH_ENDPOINTS.resetPasswordByUser,
    { currentPassword: ADMIN.password, password: ADMIN_NEW_PASSWORD, newPassword: ADMIN_NEW_PASSWORD },
    { token: first.token.jwt },
  );
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  const second = await signIn(server, client, ADMIN.username, ADMIN_NEW_PASSWORD);
  return second.token.jwt;
}

let counter = 0;

/** Creates a user straight in the database, with admin overrides; user-admin.ts creates them through the API. */
export async function createUser(
  server: TestServer,
  input: {
    password: string;
    type?: UserType;
    isActive?: boolean;
    defaultPassword?: boolean;
    permissions?: AdminPermissionEntry[];
  },
): Promise<UserRow & { email: string }> {
  counter += 1;
  const username = `user${counter}-${Date.now().toString(36)}`;
  const email = `${username}@example.com`;
  const emails: ContactEntry[] = [{ value: email, isPrimary: true }];
  const user = await insertUser(server.database.db, {
    type: input.type ?? USER_TYPES.ADMIN,
    name: `User ${counter}`,
    username,
    emails,
    passwordHash: await hashPassword(input.password),
    isActive: input.isActive ?? true,
    defaultPassword: input.defaultPassword ?? false,
  });
  if (input.permissions?.length) {
    await server.database.db.insert(permissionEntries).values(
      input.permissions.map((entry) => ({
        userId: user.id,
        scope: 'admin' as const,
        moduleId: entry.id,
        ...entry.permissions,
      })),
    );
  }
  return { ...user, email };
}
