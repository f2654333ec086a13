import { AUDIT_ENDPOINTS, UNKNOWN_ENTITY_TYPE } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { fieldError, ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { auditPage } from './audit-queries.ts';

/** The trail of user, role and permission changes: super admins only, whatever their modules say. */
export function auditRoutes(ctx: AppContext) {
  return [
    implement(AUDIT_ENDPOINTS.paginate, async ({ body }) => {
      const entityType = body.filter?.entityType;
      if (entityType !== undefined && !ctx.contract.auditEntityTypes.includes(entityType)) {
        throw fieldError('filter.entityType', UNKNOWN_ENTITY_TYPE);
      }
      return ok('Audit trail.', await auditPage(ctx.db, body));
    }),
  ];
}
