import { defineModule } from '../modules/contract-module.ts';
import { lastSyncResource } from './last-sync.ts';
import { SYNC_ENDPOINTS } from './sync.ts';

/** Synchronisation with the trading system. */
export const syncModule = defineModule({
  name: 'sync',
  permissions: [
    { id: 50, module: 'Sync Setting', title: 'Sync setting' },
    { id: 201, module: 'sync', title: 'Synchronisation' },
  ],
  resources: [lastSyncResource],
  endpoints: [SYNC_ENDPOINTS],
});
