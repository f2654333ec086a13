import { defineModule } from '../modules/contract-module.ts';
import { notificationSettingResource } from '../settings/settings.ts';
import { NOTIFICATION_ENDPOINTS } from './notification-endpoints.ts';

/** Notifications sent to users, and their settings. */
export const notificationsModule = defineModule({
  name: 'notifications',
  permissions: [{ id: 36, module: 'Notification Settings', title: 'Notification settings' }],
  resources: [notificationSettingResource],
  endpoints: [NOTIFICATION_ENDPOINTS],
  screens: [{ path: 'notification/upsert/:id?', title: 'Notification', module: 'Notification Settings' }],
  auditEntityTypes: ['notification'],
});
