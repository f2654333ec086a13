import { DASHBOARD_ENDPOINTS } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { holderOf } from '../http/access-plugin.ts';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { dashboardData } from './dashboard-data.ts';

export function dashboardRoutes(ctx: AppContext) {
  return [
    implement(DASHBOARD_ENDPOINTS.data, async ({ body, auth }) =>
      ok('Dashboard', await dashboardData(ctx, holderOf(auth), body.timeZone)),
    ),
  ];
}
