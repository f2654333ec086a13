import { defineServerModule } from '../modules/server-module.ts';
import { vapidKeysOf } from './notification-push.ts';
import { registerNotifications } from './notification-routes.ts';
import { pruneNotifications } from './notification-writes.ts';

export const notificationsServerModule = defineServerModule({
  name: 'notifications',
  register: registerNotifications,
  // The push keys are read (or generated) at start, so a missing shared pair is warned of at once.
  onStart: async ({ config, log }) => {
    vapidKeysOf(config, log);
  },
  maintenance: (ctx) => pruneNotifications(ctx.db),
});
