import { z } from 'zod';
import { defineEndpoint, pageOf } from '../endpoints/endpoint.ts';
import { paginateRequestSchema } from '../envelope.ts';
import { AUDIT_ACTIONS, auditEntrySchema } from '../resources/audit-trail.ts';
import { registeredContract } from '../resources/contract-registry.ts';

/**
 * What the trail records changes of: users and roles, uploaded files, notification sends (the entity id
 * is the send's batch id), stock uploads, ... as each module declares them, then every resource by its
 * name (`country`, `master`, ...). Read when a filter is checked: the modules import this file.
 */
export function auditEntityTypes(): readonly string[] {
  return registeredContract().auditEntityTypes;
}

const UNKNOWN_ENTITY_TYPE = 'Unknown entity type.';

export const auditPaginateSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({
      /** The user acted on, or the user who acted. */
      userId: z.uuid().optional(),
      actorId: z.uuid().optional(),
      entityType: z
        .string({ error: UNKNOWN_ENTITY_TYPE })
        .refine((value) => auditEntityTypes().includes(value), { error: UNKNOWN_ENTITY_TYPE })
        .optional(),
      entityId: z.uuid().optional(),
      action: z.union([z.enum(AUDIT_ACTIONS), z.array(z.enum(AUDIT_ACTIONS)).min(1)]).optional(),
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
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
