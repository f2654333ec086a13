import { AUDIT_ENDPOINTS } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { auditPage } from './audit-queries.ts';

/** The trail of user, role and permission changes: super admins only, whatever their modules say. */
export function auditRoutes(ctx: AppContext) {
  return [
    implement(AUDIT_ENDPOINTS.paginate, async ({ body }) =>
      ok('Audit trail.', await auditPage(ctx.db, body)),
    ),
  ];
}
