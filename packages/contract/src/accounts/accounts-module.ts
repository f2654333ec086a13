import { defineModule } from '../modules/contract-module.ts';
import { accountResource } from './account.ts';
import { accountDocumentAuditEntity } from './account-document-audit.ts';
import { ACCOUNT_ENDPOINTS } from './account-endpoints.ts';
import { ACCOUNTS_PERMISSIONS } from './accounts-permissions.ts';

/** Customer companies, their documents and their users. */
export const accountsModule = defineModule({
  name: 'accounts',
  permissions: ACCOUNTS_PERMISSIONS,
  resources: [accountResource],
  endpoints: [ACCOUNT_ENDPOINTS],
  auditEntityTypes: [accountDocumentAuditEntity],
  screens: [{ path: 'account-details/:id?', title: 'Company details', module: 'Account' }],
});
