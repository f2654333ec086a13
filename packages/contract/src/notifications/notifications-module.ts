import { defineModule } from '../modules/contract-module.ts';
import { notificationSettingResource } from '../settings/setting-resources.ts';
import { NOTIFICATION_CHANNEL_ENDPOINTS } from './notification-channel-endpoints.ts';
import { NOTIFICATION_ENDPOINTS } from './notification-endpoints.ts';
import { NOTIFICATIONS_PERMISSIONS } from './notifications-permissions.ts';

/** Notifications sent to users, and their settings. */
export const notificationsModule = defineModule({
  name: 'notifications',
  permissions: NOTIFICATIONS_PERMISSIONS,
  resources: [notificationSettingResource],
  endpoints: [NOTIFICATION_ENDPOINTS, NOTIFICATION_CHANNEL_ENDPOINTS],
  screens: [
    {
      path: 'notification/upsert/:id?',
      title: 'Send notification',
      module: 'Notification Settings',
      menu: { group: 'Setting', id: 806, name: 'Send notification' },
    },
  ],
  auditEntityTypes: ['notification'],
});
