import {
  lastSyncResource,
  nonCertDiamondResource,
  nonCertResource,
  type ResourceRecord,
} from '@facet/contract';
import type { ComponentType } from 'react';
import { DiamondRowActions } from '../noncert/diamond-row-actions.tsx';
import { LotRowActions } from '../noncert/lot-row-actions.tsx';
import { SyncNowAction } from '../sync/sync-now-action.tsx';

/** Row actions a resource has beyond the generic ones, by resource name; each decides whom it shows to. */
export const ROW_EXTRAS: Readonly<Partial<Record<string, ComponentType<{ record: ResourceRecord }>>>> = {
  [lastSyncResource.name]: SyncNowAction,
  [nonCertResource.name]: LotRowActions,
  [nonCertDiamondResource.name]: DiamondRowActions,
};
