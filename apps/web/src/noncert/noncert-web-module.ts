import type { nonCertDiamondResource, nonCertResource } from '@facet/contract';
import { lazy } from 'react';
import type { WebModule } from '../platform/modules/web-module.ts';

// The resources' names, checked against their declarations by type only: the declarations themselves
// would bring the contract's schemas into the sign-in download, which holds this file.
const LOT: (typeof nonCertResource)['name'] = 'nonCert';
const DIAMOND: (typeof nonCertDiamondResource)['name'] = 'nonCertDiamond';

/** Non-certified lots: their forms, criteria and stones, with their own row actions and switch. */
export const noncertWebModule: WebModule = {
  name: 'noncert',
  screens: {
    'noncert/upsert/:id?': () => import('./lot-form-page.tsx').then((module) => module.LotFormPage),
    'noncert/criteria/:id?': () => import('./criteria-page.tsx').then((module) => module.CriteriaPage),
    'noncertdetails/upsert/:id?': () =>
      import('./diamond-form-page.tsx').then((module) => module.DiamondFormPage),
  },
  rowActions: {
    [LOT]: lazy(() => import('./lot-row-actions.tsx').then((module) => ({ default: module.LotRowActions }))),
    [DIAMOND]: lazy(() =>
      import('./diamond-row-actions.tsx').then((module) => ({ default: module.DiamondRowActions })),
    ),
  },
  toggles: {
    // A lot is activated with the spec's `admin/noncert/toggle`, not boolean-status-update.
    [LOT]: async (id, _field, status) => (await import('./noncert-api.ts')).nonCertApi.toggle(id, status),
  },
};
