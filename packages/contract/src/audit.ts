import { z } from 'zod';
import { paginateRequestSchema } from './envelope.ts';
import { layoutResource } from './layouts/layout.ts';
import { RESOURCES } from './resources/index.ts';

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

export interface AuditEntry {
  id: string;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  actorId: string | null;
  actorName: string | null;
  /** Before and after of the changed fields; secrets never appear. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string;
  userAgent: string;
  createdAt: string;
}
