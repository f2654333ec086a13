import { defineModule } from '../modules/contract-module.ts';
import { LOGIN_LOG_ENDPOINTS } from './login-log-endpoints.ts';
import { LOGIN_LOG_PERMISSIONS } from './login-log-permissions.ts';

/** Who signed in, when and from where. */
export const loginLogModule = defineModule({
  name: 'login-log',
  permissions: LOGIN_LOG_PERMISSIONS,
  endpoints: [LOGIN_LOG_ENDPOINTS],
  screens: [
    {
      path: 'report',
      title: 'Login report',
      module: 'Login',
      menu: { group: 'Report', id: 301, name: 'Login' },
    },
  ],
});
