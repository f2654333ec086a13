import { z } from 'zod';

/**
 * The audit trail: every write leaves an entry (who changed what, before and after). Part of the engine,
 * since every resource's generic writes record themselves and answer their history.
 */

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
  /** Customer activity answered by staff: an enquiry replied, an offer decided. */
  'reply',
  'accept',
  'reject',
  'counter',
  /** An offer or a hold that reached its end; a hold confirmed, extended or released. */
  'expire',
  'confirm',
  'extend',
  'release',
  'lapse',
  /** A booking approved, cancelled or moved to another time. */
  'approve',
  'cancel',
  'move',
] as const;
export type ResourceAuditVerb = (typeof RESOURCE_AUDIT_VERBS)[number];
export type ResourceAuditAction = `${string}.${ResourceAuditVerb}`;
export type AuditAction = (typeof AUDIT_ACTIONS)[number] | ResourceAuditAction;

export type AuditEntityType = 'user' | 'role' | (string & {});

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
  /**
   * The names behind the ids the entry holds (its record, and the companies, countries, master values,
   * users... its fields point at), by id; an id missing here points at nothing any more.
   */
  names: z.record(z.string(), z.string()),
  ip: z.string(),
  userAgent: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
