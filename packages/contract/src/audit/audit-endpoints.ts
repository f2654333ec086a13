import { z } from 'zod';
import { defineEndpoint, pageOf } from '../endpoints/endpoint.ts';
import { paginateRequestSchema } from '../envelope.ts';
import { calendarInstant } from '../format/calendar-dates.ts';
import { AUDIT_ACTIONS, auditEntrySchema } from '../resources/audit-trail.ts';

/**
 * Refused when the trail records no such entity: users and roles, uploads, notification sends, ... as each
 * module declares them (`auditEntityTypes`), and every resource. The server checks the name against the
 * modules it was built with.
 */
export const UNKNOWN_ENTITY_TYPE = 'Unknown entity type.';

export const auditPaginateSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({
      /** The user acted on, or the user who acted. */
      userId: z.uuid().optional(),
      actorId: z.uuid().optional(),
      entityType: z.string({ error: UNKNOWN_ENTITY_TYPE }).max(64, { error: UNKNOWN_ENTITY_TYPE }).optional(),
      entityId: z.uuid().optional(),
      action: z.union([z.enum(AUDIT_ACTIONS), z.array(z.enum(AUDIT_ACTIONS)).min(1)]).optional(),
      from: calendarInstant().optional(),
      to: calendarInstant().optional(),
    })
    .optional(),
  sort: z.strictObject({ createdAt: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional() }).optional(),
});

export const AUDIT_ENDPOINTS = {
  paginate: defineEndpoint({
    method: 'POST',
    path: 'apis/audit/paginate',
    tag: 'Audit',
    summary: 'The audit trail of users, roles, permissions and records, newest first.',
    access: { superAdmin: true },
    body: auditPaginateSchema,
    answer: { data: pageOf(auditEntrySchema) },
  }),
};
