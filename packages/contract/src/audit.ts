import { z } from 'zod';
import { paginateRequestSchema } from './envelope.ts';
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
] as const;
/**
 * Changes of engine resources are recorded as `${resource name}.${verb}`, e.g. `country.create`;
 * `status` is a boolean-status-update, `sequence` a bulk-sequence-update.
 */
export const RESOURCE_AUDIT_VERBS = ['create', 'update', 'delete', 'status', 'sequence'] as const;
export type ResourceAuditVerb = (typeof RESOURCE_AUDIT_VERBS)[number];
export type ResourceAuditAction = `${string}.${ResourceAuditVerb}`;
export type AuditAction = (typeof AUDIT_ACTIONS)[number] | ResourceAuditAction;

/** Users and roles, then every engine resource by its name (`country`, `master`, ...). */
export const AUDIT_ENTITY_TYPES = ['user', 'role', ...RESOURCES.map((resource) => resource.name)] as [
  string,
  ...string[],
];
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
