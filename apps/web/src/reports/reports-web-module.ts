import { lazy } from 'react';
import type { WebModule } from '../platform/modules/web-module.ts';

/** Reports: each report's screen (ReportPage over its declaration), and the panel's own page visits. */
export const reportsWebModule: WebModule = {
  name: 'reports',
  screens: {
    'hit-counter': () => import('./hit-counter-page.tsx').then((module) => module.HitCounterPage),
    'login-summary': () => import('./login-summary-page.tsx').then((module) => module.LoginSummaryPage),
    'search-summary': () => import('./search-summary-page.tsx').then((module) => module.SearchSummaryPage),
    summary: () => import('./search-day-page.tsx').then((module) => module.SearchDayPage),
    'layout-search': () => import('./layout-search-page.tsx').then((module) => module.LayoutSearchPage),
    'Four-C': () => import('./four-c-page.tsx').then((module) => module.FourCPage),
    'sale/summary': () => import('./search-sold-page.tsx').then((module) => module.SearchSoldPage),
  },
  // Records the screens opened for the hit counter; in the header because it lives as long as the frame.
  shellWidgets: [
    lazy(() => import('./visit-tracker.tsx').then((module) => ({ default: module.VisitTracker }))),
  ],
};
