import { isDeepStrictEqual } from 'node:util';
import {
  CUSTOMER_USER_TYPES,
  type FieldError,
  SYNC_MESSAGES,
  type SyncedUser,
  syncedUserSchema,
  USER_MESSAGES,
  USER_TYPES,
  type UserType,
} from '@facet/contract';
import { and, inArray, isNull } from 'drizzle-orm';
import { emailColumns, insertUser, type UserRow } from '../access/user-repository.ts';
import { users } from '../access/user-table.ts';
import { assertAccountAssignable } from '../accounts/account-link.ts';
import { fieldError } from '../http/envelope.ts';
import { recordAudit } from '../resources/audit-log.ts';
import { assertIdentityFree } from '../users/user-guards.ts';
import { userAuditFields } from '../users/user-record.ts';
import { updateUser } from '../users/user-writes.ts';
import { accountByCode } from './lookups.ts';
import { isRecord, issuesOf, orReject, type SyncHandler, type SyncRun } from './sync-run.ts';

/**
 * Not an argon2 hash, so no password ever verifies against it: a synced user has none until they
 * choose one through forgot-password (or an administrator resets it).
 */
const NO_PASSWORD = '!synchronised-without-password';
const PRELOAD_CHUNK = 500;
const companyLookup = accountByCode('accountCode', 'accountId');

/** What a synced user's row holds, as the stock system names it. */
interface UserValues extends Omit<SyncedUser, 'accountCode'> {
  accountId?: string | null;
}

function checkGuestExpiry(type: UserType, expiresAt: string | null): void {
  if (type === USER_TYPES.GUEST && !expiresAt)
    throw fieldError('expiresAt', USER_MESSAGES.guestExpiryRequired);
  if (type !== USER_TYPES.GUEST && expiresAt) throw fieldError('expiresAt', USER_MESSAGES.expiryGuestOnly);
}

/** Like an administrator's create, but without a password; the trail says `user.sync`. */
async function createSyncedUser(run: SyncRun, values: UserValues): Promise<void> {
  await run.tx.transaction(async (tx) => {
    const type = values.type ?? USER_TYPES.CUSTOMER;
    const expiresAt = values.expiresAt ?? null;
    checkGuestExpiry(type, expiresAt);
    await assertIdentityFree(tx, {
      username: values.username,
      emailsLower: emailColumns(values.emails).emailsLower,
    });
    await assertAccountAssignable(tx, values.accountId ?? null, type);
    const row = await insertUser(tx, {
      type,
      name: values.name,
      username: values.username,
      emails: values.emails,
      phones: values.phones ?? [],
      designation: values.designation ?? null,
      accountId: values.accountId ?? null,
      isActive: values.isActive ?? true,
      expiresAt: expiresAt ? new Date(expiresAt) : null,
      passwordHash: NO_PASSWORD,
      defaultPassword: true,
    });
    await recordAudit(tx, run.actor, {
      action: 'user.sync',
      entityType: 'user',
      entityId: row.id,
      subjectUserId: row.id,
      before: null,
      after: userAuditFields(row),
    });
  });
}

/** The fields of `values` that differ from the stored user; null when none does. */
function changesOf(current: UserRow, values: UserValues): Partial<UserValues> | null {
  const stored: Record<string, unknown> = {
    ...userAuditFields(current),
    expiresAt: current.expiresAt?.toISOString() ?? null,
  };
  const changes = Object.fromEntries(
    Object.entries(values).filter(([key, value]) => {
      if (key === 'username') return false;
      const proposed = key === 'expiresAt' && value ? new Date(value as string).toISOString() : value;
      return !isDeepStrictEqual(stored[key] ?? null, proposed ?? null);
    }),
  );
  return Object.keys(changes).length > 0 ? (changes as Partial<UserValues>) : null;
}

async function existingUsers(run: SyncRun, records: readonly unknown[]): Promise<Map<string, UserRow>> {
  const wanted = [
    ...new Set(
      records.flatMap((raw) =>
        isRecord(raw) && typeof raw.username === 'string' && raw.username.trim()
          ? [raw.username.trim().toLowerCase()]
          : [],
      ),
    ),
  ];
  const rows = new Map<string, UserRow>();
  for (let start = 0; start < wanted.length; start += PRELOAD_CHUNK) {
    const found = await run.tx
      .select()
      .from(users)
      .where(
        and(
          isNull(users.deletedAt),
          inArray(users.usernameLower, wanted.slice(start, start + PRELOAD_CHUNK)),
        ),
      );
    for (const row of found) rows.set(row.usernameLower, row);
  }
  return rows;
}

async function prepare(
  run: SyncRun,
  raw: Readonly<Record<string, unknown>>,
): Promise<{ values: UserValues } | { errors: FieldError[] }> {
  const picked = Object.fromEntries(
    Object.keys(syncedUserSchema.shape).flatMap((key) => (key in raw ? [[key, raw[key]]] : [])),
  );
  const parsed = syncedUserSchema.safeParse(picked);
  if (!parsed.success) return { errors: issuesOf(parsed.error) };
  const { accountCode, ...values } = parsed.data;
  if (accountCode === undefined) return { values };
  if (accountCode === null) return { values: { ...values, accountId: null } };
  const accountId = await companyLookup.find(run, accountCode, {});
  if (!accountId) {
    return {
      errors: [{ field: 'accountCode', message: SYNC_MESSAGES.notFound(companyLookup.what, accountCode) }],
    };
  }
  return { values: { ...values, accountId } };
}

/**
 * Customer users by username, linked to their company by its code. A staff user or super admin with
 * the same username is never touched: the record is rejected. Changes go through the user writes, so
 * sessions end when a user is deactivated and the trail records `user.sync`.
 */
export const customerUserSync: SyncHandler = {
  async apply(run, records) {
    const existing = await existingUsers(run, records);
    const firstSeen = new Map<string, number>();
    for (const [index, raw] of records.entries()) {
      if (!isRecord(raw)) {
        run.outcome.reject(index, null, [{ field: '', message: SYNC_MESSAGES.notAnObject }]);
        continue;
      }
      const label = typeof raw.username === 'string' ? raw.username : null;
      const prepared = await prepare(run, raw);
      if ('errors' in prepared) {
        run.outcome.reject(index, label, prepared.errors);
        continue;
      }
      const { values } = prepared;
      const key = values.username.toLowerCase();
      const earlier = firstSeen.get(key);
      if (earlier !== undefined) {
        run.outcome.reject(index, label, [{ field: '', message: SYNC_MESSAGES.repeated(earlier) }]);
        continue;
      }
      firstSeen.set(key, index);
      const current = existing.get(key);
      if (current && !CUSTOMER_USER_TYPES.includes(current.type)) {
        run.outcome.reject(index, label, [{ field: 'username', message: SYNC_MESSAGES.staffUser }]);
        continue;
      }
      await orReject(
        run,
        index,
        label,
        async () => {
          if (!current) {
            await createSyncedUser(run, values);
            run.outcome.created += 1;
            return;
          }
          const changes = changesOf(current, values);
          if (!changes) {
            run.outcome.unchanged += 1;
            return;
          }
          await updateUser(run.tx, run.actor, current.id, changes, { auditAction: 'user.sync' });
          run.outcome.updated += 1;
        },
        (field) => (field === 'accountId' ? 'accountCode' : field),
      );
    }
  },
};
