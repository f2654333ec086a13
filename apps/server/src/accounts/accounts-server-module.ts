import { accountResource } from '@facet/contract';
import { defineServerModule } from '../modules/server-module.ts';
import { defaultUploadStorage } from '../uploads/upload-routes.ts';
import { kycTile } from './account-dashboard.ts';
import { movePrivateDocumentsApart } from './account-document-files.ts';
import { accountHooks } from './account-hooks.ts';
import { accountRoutes } from './account-routes.ts';

export const accountsServerModule = defineServerModule({
  name: 'accounts',
  routes: accountRoutes,
  resourceHooks: { [accountResource.name]: accountHooks },
  dashboardTiles: { kyc: kycTile },
  tableRows: { account_documents: { one: 'KYC document', many: 'KYC documents' } },
  // KYC files stored before files were kept apart move into the private area, once the server is ready.
  register: (app, ctx) => {
    app.addHook('onReady', async () => {
      await movePrivateDocumentsApart(ctx.db, defaultUploadStorage(ctx.config.dataDir), ctx.log);
    });
  },
});
