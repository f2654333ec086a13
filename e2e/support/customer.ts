import {
  AUTH_ENDPOINTS,
  accountResource,
  CUSTOMER_MODULES,
  type CustomerModuleName,
  PERMISSION_ENDPOINTS,
  RESOURCE_ENDPOINTS,
  ROLE_ENDPOINTS,
  resourceEndpoints,
  USER_ENDPOINTS,
  USER_TYPES,
} from '@facet/contract';
import { callEndpoint } from '../../apps/server/test/endpoint-client.ts';
import { Mailbox } from './mailbox.ts';
import { signInThroughApi } from './panel-session.ts';
import type { RunningPanel } from './server.ts';

/**
 * A customer user of a new approved company, allowed to view `modules`, past the first password change
 * and signed in through the API: the token the storefront or the apps would hold.
 */
export async function customerThroughApi(
  panel: RunningPanel,
  staffToken: string,
  name: string,
  modules: readonly CustomerModuleName[],
): Promise<string> {
  const as = { token: staffToken };
  const code = name.replace(/[^A-Za-z]/g, '').slice(0, 6);
  const create = resourceEndpoints(accountResource).create;
  if (!create) throw new Error('companies cannot be created through the API');
  const company = await callEndpoint(
    panel.url,
    create,
    { name: `${name} Gems`, code: code.toUpperCase() },
    as,
  );
  await callEndpoint(
    panel.url,
    RESOURCE_ENDPOINTS.booleanStatusUpdate,
    { id: company.id, model: 'account', fieldName: 'isApproved', status: true },
    as,
  );
  const role = await callEndpoint(
    panel.url,
    ROLE_ENDPOINTS.create,
    { name: `${name} buyers`, scope: 'customer' },
    as,
  );
  await callEndpoint(
    panel.url,
    PERMISSION_ENDPOINTS.upsert,
    {
      roleId: role.id,
      scope: 'customer',
      permissions: CUSTOMER_MODULES.filter((entry) => modules.includes(entry.module)).map((entry) => ({
        id: entry.id,
        permissions: { view: true },
      })),
    },
    as,
  );
  const username = code.toLowerCase();
  const email = `${username}@example.com`;
  await callEndpoint(
    panel.url,
    USER_ENDPOINTS.create,
    {
      type: USER_TYPES.CUSTOMER,
      name,
      username,
      emails: [{ value: email, isPrimary: true }],
      password: 'Start#Pass1',
      roleId: role.id,
      accountId: company.id,
    },
    as,
  );
  const mailbox = new Mailbox(`${panel.dataDir}/mail`);
  const first = await signInThroughApi(panel, mailbox, { username, password: 'Start#Pass1', email });
  await callEndpoint(
    panel.url,
    AUTH_ENDPOINTS.resetPasswordByUser,
    { currentPassword: 'Start#Pass1', password: 'Own#Pass22', newPassword: 'Own#Pass22' },
    { token: first },
  );
  return signInThroughApi(panel, mailbox, { username, password: 'Own#Pass22', email });
}
