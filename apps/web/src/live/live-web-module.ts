import { lazy } from 'react';
import type { WebModule } from '../platform/modules/web-module.ts';

/** Live screens: the signed-in panel listens to the server's changes (mounted once, with the header). */
export const liveWebModule: WebModule = {
  name: 'live',
  shellWidgets: [
    lazy(() => import('./live-updates.tsx').then((module) => ({ default: module.LiveUpdates }))),
  ],
};
