import type { stoneResource } from '@facet/contract';
import { lazy } from 'react';
import type { WebModule } from '../platform/modules/web-module.ts';

// Checked against the declaration by type only, which keeps the contract's schemas out of sign-in.
const STONE: (typeof stoneResource)['name'] = 'diamond';

/** The stock search, and the choice of a stone wherever a form points at one. */
export const stockWebModule: WebModule = {
  name: 'stock',
  screens: {
    stock: () => import('./stock-page.tsx').then((module) => module.StockPage),
  },
  inputs: {
    // Stones are too many to list: they are found by stock or report number.
    [STONE]: lazy(() => import('./stone-select.tsx').then((module) => ({ default: module.StoneSelect }))),
  },
};
