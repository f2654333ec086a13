import type { ScreenLoader } from '../modules/web-module.ts';

/**
 * The platform's own screens, by PANEL_ROUTES path; the features' come from their web modules (the
 * dashboard is the dashboard feature's, apps/web/src/dashboard).
 */
export const PLATFORM_SCREENS: Readonly<Record<string, ScreenLoader>> = {};
