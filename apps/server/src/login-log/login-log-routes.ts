import { LOGIN_LOG_ENDPOINTS } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { loginLogPage } from './login-log-queries.ts';

export function loginLogRoutes(ctx: AppContext) {
  return [
    implement(LOGIN_LOG_ENDPOINTS.paginate, async ({ body }) =>
      ok('Login log.', await loginLogPage(ctx.db, body)),
    ),
  ];
}
