import { defineModule } from '../modules/contract-module.ts';
import { lastSyncResource } from './last-sync.ts';
import { SYNC_ENDPOINTS } from './sync.ts';
import { SYNC_PERMISSIONS } from './sync-permissions.ts';

/** Synchronisation with the trading system. */
export const syncModule = defineModule({
  name: 'sync',
  permissions: SYNC_PERMISSIONS,
  resources: [lastSyncResource],
  endpoints: [SYNC_ENDPOINTS],
});
