import { lazy } from 'react';
import type { WebModule } from '../platform/modules/web-module.ts';

/** Sending notifications, and the bell in the panel's header that lists the latest ones. */
export const notificationsWebModule: WebModule = {
  name: 'notifications',
  screens: {
    'notification/upsert/:id?': () =>
      import('./send-notification-page.tsx').then((module) => module.SendNotificationPage),
  },
  shellWidgets: [
    lazy(() => import('./notification-bell.tsx').then((module) => ({ default: module.NotificationBell }))),
  ],
};
