import { isDeepStrictEqual } from 'node:util';
import type { AuditAction, AuditEntityType } from '@facet/contract';
import { lt, sql } from 'drizzle-orm';
import type { AuthContext } from '../access/authenticate.ts';
import type { Db } from '../db/client.ts';
import type { ClientInfo } from '../http/client-info.ts';
import { auditLogs } from './audit-table.ts';
import { preparedOn } from './write-statements.ts';

/** Who is making a change, and from where: every write of users, roles and permissions takes one. */
export interface Actor {
  auth: AuthContext;
  client: ClientInfo;
}

export interface AuditChange {
  action: AuditAction;
  /** `user`, `role` or a resource name. */
  entityType: AuditEntityType;
  entityId: string;
  subjectUserId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Fields that never reach the trail, whatever a caller passes. */
const SECRET_FIELDS = new Set(['passwordHash', 'password', 'codeHash', 'tokenHash']);

function withoutSecrets(values: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!values) return null;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !SECRET_FIELDS.has(key)));
}

/** The insert of one entry, with every value a parameter (see recordAudit). */
function prepareAuditInsert(connection: Db, name: string) {
  const value = (key: string) => sql`${sql.placeholder(key)}`;
  return connection
    .insert(auditLogs)
    .values({
      action: value('action'),
      entityType: value('entityType'),
      entityId: value('entityId'),
      subjectUserId: value('subjectUserId'),
      before: value('before'),
      after: value('after'),
      actorId: value('actorId'),
      ip: value('ip'),
      userAgent: value('userAgent'),
    })
    .prepare(name);
}

const json = (values: Record<string, unknown> | null) => (values === null ? null : JSON.stringify(values));

/**
 * Call inside the transaction of the change, so the change and its trace commit or fail together. In a
 * transaction on a pooled connection, the insert is prepared once per connection (write-statements.ts);
 * the values are sent as the built insert sends them (the JSON as text, nulls as nulls).
 */
export async function recordAudit(tx: Db, actor: Actor, change: AuditChange): Promise<void> {
  const prepared = preparedOn(tx, 'audit', prepareAuditInsert);
  if (!prepared) {
    await recordAudits(tx, actor, [change]);
    return;
  }
  await prepared.execute({
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId,
    subjectUserId: change.subjectUserId,
    before: json(withoutSecrets(change.before)),
    after: json(withoutSecrets(change.after)),
    actorId: actor.auth.user.id,
    // The built insert writes a missing value as the column's default (''); a prepared one as null.
    ip: actor.client.ip ?? '',
    userAgent: actor.client.userAgent ?? '',
  });
}

/** Several changes of one action (a reordered list) in one insert. */
export async function recordAudits(tx: Db, actor: Actor, changes: readonly AuditChange[]): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(auditLogs).values(
    changes.map((change) => ({
      ...change,
      before: withoutSecrets(change.before),
      after: withoutSecrets(change.after),
      actorId: actor.auth.user.id,
      ip: actor.client.ip,
      userAgent: actor.client.userAgent,
    })),
  );
}

/** Only the fields that differ, as a before and an after; null when nothing changed. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const keys = Object.keys(after).filter((key) => !isDeepStrictEqual(before[key], after[key]));
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, after[key] ?? null])),
  };
}

/** Retention, run with the other maintenance tasks. */
export async function pruneAuditLogs(db: Db, retentionDays: number): Promise<void> {
  await db
    .delete(auditLogs)
    .where(lt(auditLogs.createdAt, sql`now() - make_interval(days => ${retentionDays})`));
}

/**
 * A change no administrator made: a sign-up (actorId null) or a user acting on their own account
 * (actorId = that user). Same row as recordAudit, secrets stripped the same way.
 */
export async function recordAuditFrom(
  tx: Db,
  origin: { actorId: string | null; client: ClientInfo },
  change: AuditChange,
): Promise<void> {
  await tx.insert(auditLogs).values({
    ...change,
    before: withoutSecrets(change.before),
    after: withoutSecrets(change.after),
    actorId: origin.actorId,
    ip: origin.client.ip,
    userAgent: origin.client.userAgent,
  });
}
