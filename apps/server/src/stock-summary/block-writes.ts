import {
  BLOCK_LIMITS,
  type blockCreateSchema,
  type blockUpdateSchema,
  CUSTOMER_USER_TYPES,
  type customerHoldSchema,
  STOCK_SUMMARY_MESSAGES as M,
  STONE_BLOCK_KINDS,
  STONE_BLOCK_STATES,
  STONE_BLOCK_STATUS,
  type StoneBlockKind,
} from '@facet/contract';
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { stones } from '../db/resource-tables.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import { type NotificationDelivery, notify } from '../notifications/notify.ts';
import { reachableUsers } from '../notifications/recipients.ts';
import { staffFollowing } from '../notifications/staff-following.ts';
import { type Actor, recordAudit } from '../resources/audit-log.ts';
import { auditLogs } from '../resources/audit-table.ts';
import { BLOCKABLE_STATUSES } from '../stock/stone-availability.ts';
import { customerNames } from './activity-notices.ts';
import { refuseOverQuota } from './customer-quota.ts';
import type { ActivityWrite, Customer } from './customer-track-writes.ts';
import { stockNumberOf } from './offer-writes.ts';
import { stoneBlocks } from './stock-summary-tables.ts';
import { liveStones } from './stone-checks.ts';
import { stone } from './track-rows.ts';

const HOUR = 60 * 60 * 1000;

async function stoneStatusOf(tx: Db, stoneId: string): Promise<string> {
  const [row] = await tx.select({ status: stone.status }).from(stones).where(eq(stone.id, stoneId));
  return (row?.status as string | undefined) ?? '';
}
const DAY = 24 * HOUR;
type BlockRow = typeof stoneBlocks.$inferSelect;

function trailOfBlock(row: BlockRow): Record<string, unknown> {
  return {
    kind: row.kind,
    state: row.state,
    userId: row.userId,
    accountId: row.accountId,
    stoneId: row.stoneId,
    expiresAt: row.expiresAt.toISOString(),
    remarks: row.remarks,
  };
}

/** A hold lasts at most two weeks, a memo three months. */
function checkedUntil(kind: StoneBlockKind, until: Date, field: string): Date {
  const now = Date.now();
  if (until.getTime() <= now) throw fieldError(field, M.untilPast);
  const longest =
    kind === STONE_BLOCK_KINDS.hold ? BLOCK_LIMITS.maxHoldHours * HOUR : BLOCK_LIMITS.maxMemoDays * DAY;
  if (until.getTime() > now + longest) {
    throw fieldError(field, kind === STONE_BLOCK_KINDS.hold ? M.holdHours : M.untilTooFar);
  }
  return until;
}

/** Gives the stone its status from before the block, unless something else changed it since. */
async function restoreStone(tx: Db, row: BlockRow): Promise<void> {
  const blocked = STONE_BLOCK_STATUS[row.kind as StoneBlockKind];
  await tx
    .update(stones)
    .set({ status: row.previousStatus, updatedAt: new Date() } as never)
    .where(and(eq(stone.id, row.stoneId), eq(stone.status, blocked)));
}

/**
 * Ends the blocks past their end, oldest first, giving their stones back: the job of the maintenance
 * loop, and the first step of a new block on the same stone. Answers the ended rows.
 */
export async function lapseBlocks(tx: Db, stoneIds?: readonly string[]): Promise<BlockRow[]> {
  const now = new Date();
  // Locked first: another instance's job skips them, and each lapse records the state it ended.
  const due = await tx
    .select({ id: stoneBlocks.id, state: stoneBlocks.state })
    .from(stoneBlocks)
    .where(
      and(
        isNull(stoneBlocks.endedAt),
        lte(stoneBlocks.expiresAt, now),
        stoneIds ? inArray(stoneBlocks.stoneId, [...stoneIds]) : undefined,
      ),
    )
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  const lapsed = await tx
    .update(stoneBlocks)
    .set({ state: STONE_BLOCK_STATES.lapsed, endedAt: now, updatedAt: now })
    .where(
      inArray(
        stoneBlocks.id,
        due.map((row) => row.id),
      ),
    )
    .returning();
  for (const row of lapsed) await restoreStone(tx, row);
  const stateBefore = new Map(due.map((row) => [row.id, row.state]));
  // The system ended them: no actor.
  await tx.insert(auditLogs).values(
    lapsed.map((row) => ({
      action: 'stoneBlock.lapse' as const,
      entityType: 'stoneBlock',
      entityId: row.id,
      subjectUserId: row.userId,
      before: { state: stateBefore.get(row.id) ?? null },
      after: { state: row.state },
      actorId: null,
    })),
  );
  return lapsed;
}

/**
 * A new block of a stone for a customer. The stone must be in the stock and not blocked for anyone
 * (a lapsed block is ended first); the unique index refuses a second live block whatever the race.
 */
async function insertBlock(
  tx: Db,
  actor: Actor,
  values: {
    kind: StoneBlockKind;
    state: number;
    userId: string;
    accountId: string | null;
    stoneId: string;
    expiresAt: Date;
    remarks: string | null;
    device: string | null;
  },
): Promise<BlockRow> {
  // The stone first: parallel blocks of one stone queue here, and the second sees the first's block.
  const [found] = await liveStones(tx, [values.stoneId], 'stoneId', 'update');
  if (!found) throw fieldError('stoneId', M.stoneUnavailable);
  const ended = await lapseBlocks(tx, [values.stoneId]);
  // A lapsed block may just have given the stone its own status back: read it again.
  const status = ended.length > 0 ? await stoneStatusOf(tx, values.stoneId) : found.status;
  const [live] = await tx
    .select({ userId: stoneBlocks.userId })
    .from(stoneBlocks)
    .where(and(eq(stoneBlocks.stoneId, values.stoneId), isNull(stoneBlocks.endedAt)));
  if (live)
    throw new HttpError('E_CONFLICT', live.userId === values.userId ? M.alreadyBlocked : M.stoneBlocked);
  if (!BLOCKABLE_STATUSES.has(status)) throw fieldError('stoneId', M.stoneNotBlockable);
  const [row] = await tx
    .insert(stoneBlocks)
    .values({
      ...values,
      previousStatus: status,
      createdBy: actor.auth.user.id,
    })
    .onConflictDoNothing()
    .returning();
  // Another request blocked it between the check and the insert.
  if (!row) throw new HttpError('E_CONFLICT', M.stoneBlocked);
  await tx
    .update(stones)
    .set({ status: STONE_BLOCK_STATUS[values.kind], updatedAt: new Date() } as never)
    .where(eq(stone.id, values.stoneId));
  await recordAudit(tx, actor, {
    action: 'stoneBlock.create',
    entityType: 'stoneBlock',
    entityId: row.id,
    subjectUserId: row.userId,
    before: null,
    after: trailOfBlock(row),
  });
  return row;
}

/** A customer holds a stone for some hours; staff confirm it or it lapses. Staff are told. */
export async function requestHold(
  db: Db,
  actor: Actor,
  customer: Customer,
  body: z.output<typeof customerHoldSchema>,
): Promise<ActivityWrite<string>> {
  return db.transaction(async (tx) => {
    await refuseOverQuota(tx, customer.userId, {
      table: stoneBlocks,
      where: and(
        eq(stoneBlocks.userId, customer.userId),
        eq(stoneBlocks.kind, STONE_BLOCK_KINDS.hold),
        isNull(stoneBlocks.endedAt),
        gt(stoneBlocks.expiresAt, new Date()),
      ),
      limit: BLOCK_LIMITS.liveHoldsPerCustomer,
      message: M.tooManyHolds,
    });
    const row = await insertBlock(tx, actor, {
      kind: STONE_BLOCK_KINDS.hold,
      state: STONE_BLOCK_STATES.requested,
      userId: customer.userId,
      accountId: customer.accountId,
      stoneId: body.stoneId,
      expiresAt: new Date(Date.now() + body.hours * HOUR),
      remarks: body.remarks ?? null,
      device: body.device ?? null,
    });
    const names = await customerNames(tx, customer.userId);
    const stockNumber = await stockNumberOf(tx, row.stoneId);
    const delivery = await notify(tx, {
      action: 'hold',
      userIds: await staffFollowing(tx, customer.accountId, 'Hold'),
      title: `${names.name} holds ${stockNumber}`,
      message: `${names.name} of ${names.company || 'no company'} put ${stockNumber} on hold for ${body.hours} hours. Confirm or release it.`,
      values: { name: names.name, company: names.company, stone: stockNumber },
      module: 'Hold',
      url: `/hkadmin/hold/${customer.userId}`,
      createdBy: customer.userId,
    });
    return { result: row.id, deliveries: [delivery] };
  });
}

/** Staff hold a stone or send it on memo for a customer; the customer is told. */
export async function createBlock(
  db: Db,
  actor: Actor,
  body: z.output<typeof blockCreateSchema>,
): Promise<ActivityWrite<string>> {
  const kind = body.kind as StoneBlockKind;
  const expiresAt = checkedUntil(kind, new Date(body.until), 'until');
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: users.id, accountId: users.accountId })
      .from(users)
      .where(and(eq(users.id, body.userId), inArray(users.type, [...CUSTOMER_USER_TYPES]), reachableUsers()));
    if (!customer) throw fieldError('userId', M.customerRequired);
    const row = await insertBlock(tx, actor, {
      kind,
      state: STONE_BLOCK_STATES.confirmed,
      userId: customer.id,
      accountId: customer.accountId,
      stoneId: body.stoneId,
      expiresAt,
      remarks: body.remarks ?? null,
      device: 'panel',
    });
    await tx
      .update(stoneBlocks)
      .set({ confirmedAt: new Date(), confirmedBy: actor.auth.user.id })
      .where(eq(stoneBlocks.id, row.id));
    const delivery = await tellCustomer(
      tx,
      actor,
      row,
      kind === STONE_BLOCK_KINDS.hold ? 'held for you' : 'sent to you on memo',
    );
    return { result: row.id, deliveries: [delivery] };
  });
}

async function tellCustomer(
  tx: Db,
  actor: Actor,
  row: BlockRow,
  what: string,
  { ended = false }: { ended?: boolean } = {},
): Promise<NotificationDelivery> {
  const stockNumber = await stockNumberOf(tx, row.stoneId);
  const kind = row.kind === STONE_BLOCK_KINDS.memo ? 'memo' : 'hold';
  const names = await customerNames(tx, row.userId);
  return notify(tx, {
    action: kind,
    // The action's template announces a block; an ended one is told in the caller's words.
    useTemplate: !ended,
    userIds: [row.userId],
    title: `${stockNumber} ${what}`,
    message: `${stockNumber} ${what}, until ${row.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    values: { ...names, stone: stockNumber, date: row.expiresAt.toISOString().slice(0, 10) },
    module: kind,
    createdBy: actor.auth.user.id,
  });
}

const UPDATES = {
  confirm: { message: M.blockConfirmed, told: 'confirmed as held for you' },
  extend: { message: M.blockExtended, told: 'held for you longer' },
  release: { message: M.blockReleased, told: 'released' },
} as const;

/** Staff confirm a requested block, extend a live one, or release its stone; the customer is told. */
export async function updateBlock(
  db: Db,
  actor: Actor,
  body: z.output<typeof blockUpdateSchema>,
): Promise<ActivityWrite<{ id: string; message: string }>> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(stoneBlocks).where(eq(stoneBlocks.id, body.id)).for('update');
    if (!before) throw new HttpError('E_NOT_FOUND', M.blockNotFound);
    if (before.endedAt || before.expiresAt <= new Date()) throw new HttpError('E_CONFLICT', M.blockEnded);
    // A stone that left the stock or was hidden can only be released.
    if (body.action !== 'release') await liveStones(tx, [before.stoneId], 'id');
    if (body.action === 'confirm' && before.state !== STONE_BLOCK_STATES.requested) {
      throw new HttpError('E_CONFLICT', M.blockAlreadyConfirmed);
    }
    const now = new Date();
    const changes =
      body.action === 'confirm'
        ? { state: STONE_BLOCK_STATES.confirmed, confirmedAt: now, confirmedBy: actor.auth.user.id }
        : body.action === 'extend'
          ? { expiresAt: checkedUntil(before.kind as StoneBlockKind, new Date(body.until ?? ''), 'until') }
          : { state: STONE_BLOCK_STATES.released, endedAt: now, endedBy: actor.auth.user.id };
    const [after] = await tx
      .update(stoneBlocks)
      .set({ ...changes, updatedAt: now })
      .where(eq(stoneBlocks.id, before.id))
      .returning();
    if (!after) throw new Error('update returned no row');
    if (body.action === 'release') await restoreStone(tx, after);
    await recordAudit(tx, actor, {
      action: `stoneBlock.${body.action}`,
      entityType: 'stoneBlock',
      entityId: after.id,
      subjectUserId: after.userId,
      before: trailOfBlock(before),
      after: trailOfBlock(after),
    });
    const delivery = await tellCustomer(tx, actor, after, UPDATES[body.action].told, {
      ended: body.action === 'release',
    });
    return { result: { id: after.id, message: UPDATES[body.action].message }, deliveries: [delivery] };
  });
}
