import {
  CUSTOMER_LIST_TYPES,
  type CustomerListKey,
  type customerTrackAddSchema,
  type customerTrackRemoveSchema,
  STOCK_SUMMARY_MESSAGES as M,
  REMINDER_MAX_DAYS,
  TRACK_TYPE_MODULES,
} from '@facet/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { fieldError } from '../http/envelope.ts';
import type { NotificationDelivery } from '../notifications/notify.ts';
import { notify } from '../notifications/notify.ts';
import { staffFollowing } from '../notifications/staff-following.ts';
import { type Actor, recordAudits } from '../resources/audit-log.ts';
import { customerNames } from './activity-notices.ts';
import { diamondTracks } from './stock-summary-tables.ts';
import { liveStones, refuseBlockedForOthers } from './stone-checks.ts';
import { trailOfTrack } from './track-trail.ts';

/** `ENQ-000042`: one number an enquiry, however many stones it asks about. */
async function nextEnquiryNumber(tx: Db): Promise<string> {
  const result = await tx.execute(sql`select nextval('enquiry_number_seq')::text as next`);
  const [row] = rowsOf<{ next: string }>(result);
  return `ENQ-${(row?.next ?? '').padStart(6, '0')}`;
}

export interface Customer {
  userId: string;
  accountId: string;
}

export interface ActivityWrite<T> {
  result: T;
  deliveries: NotificationDelivery[];
}

/** What staff are told when a customer adds to a list; reminders are their own (due later). */
const STAFF_NOTICES: Partial<
  Record<CustomerListKey, { action: 'cart' | 'watchlist' | 'enquiry'; verb: string }>
> = {
  cart: { action: 'cart', verb: 'added to the cart' },
  watchlist: { action: 'watchlist', verb: 'added to the watchlist' },
  enquiry: { action: 'enquiry', verb: 'sent an enquiry about' },
};

const PANEL_ROUTES: Record<CustomerListKey, string> = {
  cart: 'cart',
  watchlist: 'watchlist',
  reminder: 'reminder',
  enquiry: 'enquiry',
};

/**
 * Stones into one of the customer's lists, each with its price of the moment. A stone already in the
 * cart, watchlist or reminders stays as it was (counted as existing), and so does a stone the customer
 * already asked about and is waiting for the answer; asked again once answered, it is under a new
 * number. The cart refuses a stone held for someone else.
 */
export async function addToList(
  db: Db,
  actor: Actor,
  customer: Customer,
  body: z.output<typeof customerTrackAddSchema>,
): Promise<ActivityWrite<{ added: number; existing: number; ids: string[] }>> {
  const reminderDate = body.list === 'reminder' && body.reminderDate ? new Date(body.reminderDate) : null;
  if (reminderDate && reminderDate <= new Date()) throw fieldError('reminderDate', M.reminderInPast);
  if (reminderDate && reminderDate.getTime() > Date.now() + REMINDER_MAX_DAYS * 24 * 60 * 60 * 1000) {
    throw fieldError('reminderDate', M.reminderTooFar);
  }
  return db.transaction(async (tx) => {
    const found = await liveStones(tx, body.stoneIds, 'stoneIds');
    if (body.list === 'cart') await refuseBlockedForOthers(tx, body.stoneIds, customer.userId, 'stoneIds');
    const trackType = CUSTOMER_LIST_TYPES[body.list];
    const asked =
      body.list === 'enquiry' ? await unansweredEnquiries(tx, customer.userId, body.stoneIds) : null;
    const adding = asked ? found.filter((stone) => !asked.has(stone.id)) : found;
    const enquiryNumber = body.list === 'enquiry' && adding.length > 0 ? await nextEnquiryNumber(tx) : null;
    const inserted =
      adding.length === 0
        ? []
        : await tx
            .insert(diamondTracks)
            .values(
              adding.map((stone) => ({
                trackType,
                userId: customer.userId,
                accountId: customer.accountId,
                stoneId: stone.id,
                pricePerCarat: stone.pricePerCarat,
                discount: stone.discount,
                amount: stone.amount,
                remarks: body.list === 'enquiry' ? (body.message ?? null) : (body.remarks ?? null),
                reminderDate,
                enquiryNumber,
                device: body.device ?? null,
                createdBy: actor.auth.user.id,
              })),
            )
            .onConflictDoNothing()
            .returning();
    await recordAudits(
      tx,
      actor,
      inserted.map((row) => ({
        action: 'diamondTrack.create',
        entityType: 'diamondTrack',
        entityId: row.id,
        subjectUserId: row.userId,
        before: null,
        after: trailOfTrack(row),
      })),
    );
    const deliveries: NotificationDelivery[] = [];
    const notice = STAFF_NOTICES[body.list];
    if (notice && inserted.length > 0) {
      const names = await customerNames(tx, customer.userId);
      const stones = found
        .filter((stone) => inserted.some((row) => row.stoneId === stone.id))
        .map((stone) => stone.stockNumber);
      const stoneText =
        stones.length > 3
          ? `${stones.slice(0, 3).join(', ')} and ${stones.length - 3} more`
          : stones.join(', ');
      deliveries.push(
        await notify(tx, {
          action: notice.action,
          userIds: await staffFollowing(tx, customer.accountId, TRACK_TYPE_MODULES[trackType]),
          title: `${names.name} ${notice.verb} ${stoneText}`,
          message:
            body.list === 'enquiry'
              ? `${enquiryNumber}: ${body.message ?? ''}`
              : `${names.name} of ${names.company || 'no company'} ${notice.verb} ${stoneText}.`,
          values: { name: names.name, company: names.company, stone: stoneText },
          module: notice.action === 'enquiry' ? 'Enquiry' : notice.action === 'cart' ? 'Cart' : 'Watchlist',
          url: `/hkadmin/${PANEL_ROUTES[body.list]}/${customer.userId}`,
          createdBy: customer.userId,
        }),
      );
    }
    return {
      result: {
        added: inserted.length,
        existing: found.length - inserted.length,
        ids: inserted.map((row) => row.id),
      },
      deliveries,
    };
  });
}

/**
 * The stones of `stoneIds` the customer asked about and has no answer for yet. The customer's row is
 * locked first, so that parallel enquiries of one customer are looked at one after the other (the
 * database has no index to keep them unique: an answered enquiry may be asked again).
 */
async function unansweredEnquiries(
  tx: Db,
  userId: string,
  stoneIds: readonly string[],
): Promise<Set<string>> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const rows = await tx
    .select({ stoneId: diamondTracks.stoneId })
    .from(diamondTracks)
    .where(
      and(
        eq(diamondTracks.userId, userId),
        eq(diamondTracks.trackType, CUSTOMER_LIST_TYPES.enquiry),
        inArray(diamondTracks.stoneId, [...stoneIds]),
        isNull(diamondTracks.repliedAt),
        isNull(diamondTracks.deletedAt),
      ),
    );
  return new Set(rows.map((row) => row.stoneId));
}

/** Stones out of one of the customer's lists (soft delete, recorded); stones not in it are ignored. */
export async function removeFromList(
  db: Db,
  actor: Actor,
  customer: Customer,
  body: z.output<typeof customerTrackRemoveSchema>,
): Promise<number> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const removed = await tx
      .update(diamondTracks)
      .set({ deletedAt: now, updatedAt: now, isActive: false })
      .where(
        and(
          eq(diamondTracks.userId, customer.userId),
          eq(diamondTracks.trackType, CUSTOMER_LIST_TYPES[body.list]),
          inArray(diamondTracks.stoneId, body.stoneIds),
          isNull(diamondTracks.deletedAt),
        ),
      )
      .returning();
    await recordAudits(
      tx,
      actor,
      removed.map((row) => ({
        action: 'diamondTrack.delete',
        entityType: 'diamondTrack',
        entityId: row.id,
        subjectUserId: row.userId,
        before: trailOfTrack(row),
        after: null,
      })),
    );
    return removed.length;
  });
}
