import { defineModule } from '../modules/contract-module.ts';
import { SETTING_ENDPOINTS, settingResource } from './settings.ts';

/** Key/value settings of the panel, the website and the apps. */
export const settingsModule = defineModule({
  name: 'settings',
  permissions: [{ id: 41, module: 'General Settings', title: 'General settings' }],
  resources: [settingResource],
  endpoints: [SETTING_ENDPOINTS],
});
