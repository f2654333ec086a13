import type { WebModule } from '../platform/modules/web-module.ts';

/**
 * The settings screens: each setting under its label and help, with the input its value takes. The
 * Setting table (`settingtable`) stays the generic list, with every key.
 */
export const settingsWebModule: WebModule = {
  name: 'settings',
  screens: {
    'general-setting': () => import('./settings-page.tsx').then((module) => module.GeneralSettingsPage),
    setting: () => import('./settings-page.tsx').then((module) => module.NotificationSettingsPage),
  },
};
