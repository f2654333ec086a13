import type { WebModule } from '../platform/modules/web-module.ts';

/** The login report (through the reports' ReportPage) and the sign-in events it opens. */
export const loginLogWebModule: WebModule = {
  name: 'login-log',
  screens: {
    report: () => import('./login-report-page.tsx').then((module) => module.LoginReportPage),
    'report/events': () => import('./login-events-page.tsx').then((module) => module.LoginEventsPage),
  },
};
