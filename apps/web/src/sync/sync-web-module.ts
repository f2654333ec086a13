import type { lastSyncResource } from '@facet/contract';
import { lazy } from 'react';
import type { WebModule } from '../platform/modules/web-module.ts';

// Checked against the declaration by type only, which keeps the contract's schemas out of sign-in.
const LAST_SYNC: (typeof lastSyncResource)['name'] = 'lastSync';

/** Synchronisation with the trading system: a "sync now" on each row of the Sync Setting list. */
export const syncWebModule: WebModule = {
  name: 'sync',
  rowActions: {
    [LAST_SYNC]: lazy(() =>
      import('./sync-now-action.tsx').then((module) => ({ default: module.SyncNowAction })),
    ),
  },
};
