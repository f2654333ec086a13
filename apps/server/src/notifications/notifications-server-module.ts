import { defineServerModule } from '../modules/server-module.ts';
import { registerNotifications } from './notification-routes.ts';
import { pruneNotifications } from './notification-writes.ts';

export const notificationsServerModule = defineServerModule({
  name: 'notifications',
  register: registerNotifications,
  maintenance: (ctx) => pruneNotifications(ctx.db),
});
