import { z } from 'zod';
import { defineEndpoint, pageOf } from '../endpoints/endpoint.ts';
import { paginateRequestSchema } from '../envelope.ts';
import { layoutResource } from '../layouts/layout.ts';
import { RESOURCES } from '../resources/index.ts';

/** Every change to users, roles and permissions leaves one of these. */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.delete',
  'user.activate',
  'user.deactivate',
  'user.reset_password',
  'role.create',
  'role.update',
  'role.delete',
  'permission.role',
  'permission.user',
  'notification.send',
  /** A customer user created or changed by a synchronisation with the stock system. */
  'user.sync',
] as const;
/**
 * Changes of engine resources are recorded as `${resource name}.${verb}`, e.g. `country.create`;
 * `status` is a boolean-status-update, `sequence` a bulk-sequence-update, `sync` a record created or
 * changed by a synchronisation with the stock system.
 */
export const RESOURCE_AUDIT_VERBS = [
  'create',
  'update',
  'delete',
  'status',
  'sequence',
  'sync',
  /** A non-certified lot's criteria saved as a set (on the lot). */
  'criteria',
  /** A price set on many records at once: a layout's reprice, on the layout and on each of its stones. */
  'reprice',
] as const;
export type ResourceAuditVerb = (typeof RESOURCE_AUDIT_VERBS)[number];
export type ResourceAuditAction = `${string}.${ResourceAuditVerb}`;
export type AuditAction = (typeof AUDIT_ACTIONS)[number] | ResourceAuditAction;

/**
 * Users and roles, uploaded files, notification sends (the entity id is the send's batch id), stock
 * uploads (one entry per upload, with its counts), then every engine resource by its name (`country`,
 * `master`, ...).
 */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'role',
  'upload',
  'notification',
  'stockUpload',
  'diamondComment',
  ...RESOURCES.map((resource) => resource.name),
  layoutResource.name,
] as [string, ...string[]];
export type AuditEntityType = 'user' | 'role' | (string & {});

export const auditPaginateSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({
      /** The user acted on, or the user who acted. */
      userId: z.uuid().optional(),
      actorId: z.uuid().optional(),
      entityType: z.enum(AUDIT_ENTITY_TYPES).optional(),
      entityId: z.uuid().optional(),
      action: z.union([z.enum(AUDIT_ACTIONS), z.array(z.enum(AUDIT_ACTIONS)).min(1)]).optional(),
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
    })
    .optional(),
  sort: z.strictObject({ createdAt: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional() }).optional(),
});

const auditActionSchema = z.string() as z.ZodType<AuditAction>;

/** One change: who did what to which record, with the changed fields before and after. */
export const auditEntrySchema = z.object({
  id: z.string(),
  action: auditActionSchema,
  entityType: z.string() as z.ZodType<AuditEntityType>,
  entityId: z.string(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  /** Before and after of the changed fields; secrets never appear. */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

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
