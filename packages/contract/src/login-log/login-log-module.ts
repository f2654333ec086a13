import { defineModule } from '../modules/contract-module.ts';
import { LOGIN_LOG_ENDPOINTS } from './login-log-endpoints.ts';
import { LOGIN_LOG_PERMISSIONS } from './login-log-permissions.ts';
import { LOGIN_REPORT_ENDPOINTS, LOGIN_SUMMARY_ENDPOINTS } from './login-reports.ts';

/** Who signed in, when and from where. */
export const loginLogModule = defineModule({
  name: 'login-log',
  permissions: LOGIN_LOG_PERMISSIONS,
  // The login summary's screen is the reports module's (its permission module), its endpoints are here.
  endpoints: [LOGIN_LOG_ENDPOINTS, LOGIN_REPORT_ENDPOINTS, LOGIN_SUMMARY_ENDPOINTS],
  screens: [
    {
      path: 'report',
      title: 'Login report',
      module: 'Login',
      menu: { group: 'Report', id: 301, name: 'Login' },
    },
    // Every sign-in event, one by one: opened from the login report.
    { path: 'report/events', title: 'Sign-in events', module: 'Login' },
  ],
});
