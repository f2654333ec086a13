import {
  AUTH_ENDPOINTS,
  type LoginData,
  PERMISSION_ENDPOINTS,
  type PermissionScope,
  ROLE_ENDPOINTS,
  USER_ENDPOINTS,
  USER_TYPES,
  type UserCreatePayload,
  type UserRecord,
} from '@facet/contract';
import { expect } from 'vitest';
import type { ApiClient, TestServer } from './harness.ts';
import { signIn } from './sign-in.ts';

export const FIRST_PASSWORD = 'Start#Pass1';
export const OWN_PASSWORD = 'Own#Pass22';

type Flags = Partial<Record<'view' | 'insert' | 'update' | 'delete' | 'printPDF', boolean>>;

let counter = 0;
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}${Date.now().toString(36)}`;
}

/** A role through the API, with its permission set. */
export async function createRole(
  client: ApiClient,
  token: string,
  scope: PermissionScope,
  permissions: { id: number; permissions: Flags }[],
): Promise<string> {
  const created = await client.call(ROLE_ENDPOINTS.create, { name: unique('Role '), scope }, { token });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const saved = await client.call(
    PERMISSION_ENDPOINTS.upsert,
    { roleId: created.body.data.id, scope, permissions },
    { token },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return created.body.data.id;
}

/** A user through the API; the answer of the create call. */
export async function createUserViaApi(
  client: ApiClient,
  token: string,
  fields: Partial<UserCreatePayload> = {},
): Promise<UserRecord> {
  const username = unique('u');
  const response = await client.call(
    USER_ENDPOINTS.create,
    {
      type: USER_TYPES.EMPLOYEE,
      name: `Name ${username}`,
      username,
      emails: [{ value: `${username}@example.com`, isPrimary: true }],
      password: FIRST_PASSWORD,
      ...fields,
    },
    { token },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

/** First sign-in of a created user: the forced change, then a real sign-in; answers the login data. */
export async function firstSignIn(server: TestServer, username: string): Promise<LoginData> {
  const client = server.client();
  const first = await signIn(server, client, username, FIRST_PASSWORD);
  expect(first.user.defaultPassword).toBe(true);
  const changed = await client.call(
    AUTH_ENDPOINTS.resetPasswordByUser,
    { currentPassword: FIRST_PASSWORD, password: OWN_PASSWORD, newPassword: OWN_PASSWORD },
    { token: first.token.jwt },
  );
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  return signIn(server, client, username, OWN_PASSWORD);
}

/** A user of `type` holding a role with `permissions`, signed in; answers the user and a full token. */
export async function userWithRole(
  server: TestServer,
  adminToken: string,
  type: number,
  scope: PermissionScope,
  permissions: { id: number; permissions: Flags }[],
): Promise<{ user: UserRecord; token: string; login: LoginData }> {
  const client = server.client();
  const roleId = permissions.length ? await createRole(client, adminToken, scope, permissions) : null;
  const user = await createUserViaApi(client, adminToken, {
    type: type as UserCreatePayload['type'],
    roleId,
    ...(type === USER_TYPES.GUEST ? { expiresAt: new Date(Date.now() + 86_400_000).toISOString() } : {}),
  });
  const login = await firstSignIn(server, user.username);
  return { user, token: login.token.jwt, login };
}
