import { defineModule } from '../modules/contract-module.ts';
import { settingResource } from './setting-resources.ts';
import { SETTING_ENDPOINTS } from './settings.ts';
import { SETTINGS_PERMISSIONS } from './settings-permissions.ts';

/** Key/value settings of the panel, the website and the apps. */
export const settingsModule = defineModule({
  name: 'settings',
  permissions: SETTINGS_PERMISSIONS,
  resources: [settingResource],
  endpoints: [SETTING_ENDPOINTS],
});
