import {
  accountResource,
  CUSTOMER_MODULES,
  type CustomerAction,
  type CustomerModuleName,
  RESOURCE_ENDPOINTS,
  type ResourceRecord,
  resourcePaths,
  USER_TYPES,
  type UserRecord,
} from '@facet/contract';
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';
import { createRole, createUserViaApi, firstSignIn } from './user-admin.ts';

/** A company through the API, approved (the flag staff set on its details page) unless asked not to. */
export async function companyViaApi(
  server: TestServer,
  token: string,
  name: string,
  { approved = true }: { approved?: boolean } = {},
): Promise<ResourceRecord> {
  const client = server.client();
  const created = await client.post<ResourceRecord>(
    resourcePaths(accountResource).create,
    {
      name,
      code: name
        .replace(/[^A-Za-z]/g, '')
        .slice(0, 6)
        .toUpperCase(),
    },
    token,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  if (approved) {
    const status = await client.post(
      RESOURCE_ENDPOINTS.booleanStatusUpdate.path,
      { id: created.body.data.id, model: 'account', fieldName: 'isApproved', status: true },
      token,
    );
    expect(status.status, JSON.stringify(status.body)).toBe(200);
  }
  return created.body.data;
}

/**
 * A customer user of a company, with a customer role granting `actions` on each of `modules`, signed in:
 * what the storefront or the mobile app would hold.
 */
export async function customerViaApi(
  server: TestServer,
  token: string,
  accountId: string | null,
  modules: readonly CustomerModuleName[],
  actions: readonly CustomerAction[] = ['view', 'insert', 'delete'],
): Promise<{ user: UserRecord; token: string }> {
  const client = server.client();
  const permissions = modules.map((module) => ({
    id: CUSTOMER_MODULES.find((entry) => entry.module === module)?.id as number,
    permissions: Object.fromEntries(actions.map((action) => [action, true])),
  }));
  const roleId = await createRole(client, token, 'customer', permissions);
  const user = await createUserViaApi(client, token, { type: USER_TYPES.CUSTOMER, roleId, accountId });
  const login = await firstSignIn(server, user.username);
  return { user, token: login.token.jwt };
}
