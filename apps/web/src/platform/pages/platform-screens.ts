import type { ScreenLoader } from '../modules/web-module.ts';

/** The platform's own screens, by PANEL_ROUTES path; the features' come from their web modules. */
export const PLATFORM_SCREENS: Readonly<Record<string, ScreenLoader>> = {
  dashboard: () => import('./dashboard-page.tsx').then((module) => module.DashboardPage),
};
