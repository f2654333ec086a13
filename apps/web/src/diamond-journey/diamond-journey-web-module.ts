import type { WebModule } from '../platform/modules/web-module.ts';

export const diamondJourneyWebModule: WebModule = {
  name: 'diamond-journey',
  screens: {
    'diamond-journey': () => import('./diamond-journey-page.tsx').then((module) => module.DiamondJourneyPage),
  },
};
