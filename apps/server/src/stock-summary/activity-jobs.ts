import {
  DEMAND_LIMITS,
  formatDateTime,
  OFFER_STATUSES,
  OPEN_OFFER_STATUSES,
  TRACK_TYPES,
} from '@facet/contract';
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { stones } from '../db/resource-tables.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { type NotificationDelivery, notify } from '../notifications/notify.ts';
import { auditLogs } from '../resources/audit-table.ts';
import { columnOf } from '../resources/columns.ts';
import { writeVersionOf } from '../resources/write-version.ts';
import { customerNames, customersOfApprovedCompanies } from './activity-notices.ts';
import { afterCommit } from './after-commit.ts';
import { lapseBlocks } from './block-writes.ts';
import { availableCondition, matchesOf } from './demand-store.ts';
import { stockNumberOf } from './offer-writes.ts';
import { diamondTracks, stoneDemandMatches, stoneDemands } from './stock-summary-tables.ts';
import { stone } from './track-rows.ts';

/** The stock version each instance last matched every demand against (a shortcut, not a record). */
const matchedVersions = new WeakMap<AppContext, string>();
/** Demands matched per run; the rest wait for the next. */
const DEMANDS_PER_RUN = 200;
/** Stones named in one demand notification. */
const STONES_NAMED = 5;
/** Newly matching stones recorded a demand a run. */
const MATCHES_PER_RUN = 500;

/** A moment as the panel writes it; in UTC, said so, as a notice has no reader's zone. */
const when = (date: Date) => `${formatDateTime(date, { timeZone: 'UTC' })} UTC`;

/** Holds and memos past their end free their stones; their customers are told. */
export async function lapseDueBlocks(ctx: AppContext): Promise<number> {
  const { lapsed, deliveries } = await ctx.db.transaction(async (tx) => {
    const ended = await lapseBlocks(tx);
    const told: NotificationDelivery[] = [];
    for (const row of ended) {
      const stockNumber = await stockNumberOf(tx, row.stoneId);
      told.push(
        await notify(tx, {
          action: row.kind === 2 ? 'memo' : 'hold',
          // The action's template announces a block: its end is told in these words.
          useTemplate: false,
          userIds: [row.userId],
          title: `${stockNumber} is no longer held for you`,
          message: `Your ${row.kind === 2 ? 'memo' : 'hold'} of ${stockNumber} ended on ${when(row.expiresAt)}.`,
          values: { stone: stockNumber, date: row.expiresAt.toISOString().slice(0, 10) },
          module: row.kind === 2 ? 'memo' : 'hold',
        }),
      );
    }
    return { lapsed: ended.length, deliveries: told };
  });
  if (lapsed > 0) afterCommit(ctx, { deliveries, changed: [{ list: 'block' }] });
  return lapsed;
}

/**
 * Open offers past their date expire (status 4), recorded as the system's doing: a pending offer at its
 * own date, a countered one when its counter lapses.
 */
export async function expireOffers(ctx: AppContext): Promise<number> {
  const expired = await ctx.db.transaction(async (tx) => {
    let count = 0;
    // One statement a status, so that the trail says which one each offer left.
    for (const status of OPEN_OFFER_STATUSES) {
      const rows = await tx
        .update(diamondTracks)
        .set({ offerStatus: OFFER_STATUSES.expired, updatedAt: new Date() })
        .where(
          and(
            eq(diamondTracks.trackType, TRACK_TYPES.offer),
            eq(diamondTracks.offerStatus, status),
            lte(diamondTracks.validUntil, new Date()),
            isNull(diamondTracks.deletedAt),
          ),
        )
        .returning({ id: diamondTracks.id, userId: diamondTracks.userId });
      if (rows.length > 0) {
        await tx.insert(auditLogs).values(
          rows.map((row) => ({
            action: 'diamondTrack.expire' as const,
            entityType: 'diamondTrack',
            entityId: row.id,
            subjectUserId: row.userId,
            before: { offerStatus: status },
            after: { offerStatus: OFFER_STATUSES.expired },
            actorId: null,
          })),
        );
      }
      count += rows.length;
    }
    return count;
  });
  if (expired > 0) afterCommit(ctx, { changed: [{ list: 'track', trackType: TRACK_TYPES.offer }] });
  return expired;
}

/** Reminders whose moment came: their customers are told, once. */
export async function sendDueReminders(ctx: AppContext): Promise<number> {
  const deliveries = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .update(diamondTracks)
      .set({ notifiedAt: new Date() })
      .where(
        and(
          eq(diamondTracks.trackType, TRACK_TYPES.reminder),
          lte(diamondTracks.reminderDate, new Date()),
          isNull(diamondTracks.notifiedAt),
          isNull(diamondTracks.deletedAt),
        ),
      )
      .returning();
    const told: NotificationDelivery[] = [];
    for (const row of due) {
      const stockNumber = await stockNumberOf(tx, row.stoneId);
      told.push(
        await notify(tx, {
          action: 'reminder',
          userIds: [row.userId],
          title: `Reminder: ${stockNumber}`,
          message: row.remarks
            ? `${stockNumber}: ${row.remarks}`
            : `You asked to be reminded of ${stockNumber}.`,
          values: {
            ...(await customerNames(tx, row.userId)),
            stone: stockNumber,
            date: row.reminderDate?.toISOString().slice(0, 10) ?? '',
          },
          module: 'reminder',
        }),
      );
    }
    return told;
  });
  afterCommit(ctx, { deliveries });
  return deliveries.length;
}

/** Demands that reached their expiry: their owners are told, once. */
export async function expireDemands(ctx: AppContext): Promise<number> {
  const deliveries = await ctx.db.transaction(async (tx) => {
    const expired = await tx
      .update(stoneDemands)
      .set({ expiryNotifiedAt: new Date() })
      .where(
        and(
          isNull(stoneDemands.deletedAt),
          lte(stoneDemands.expiresAt, new Date()),
          isNull(stoneDemands.expiryNotifiedAt),
        ),
      )
      .returning();
    const told: NotificationDelivery[] = [];
    for (const row of expired) {
      told.push(
        await notify(tx, {
          action: 'demand-expiry',
          userIds: [row.userId],
          title: `Your demand '${row.name}' has expired`,
          message: `Your demand '${row.name}' expired on ${when(row.expiresAt)}. Save it again to keep hearing of matching stones.`,
          values: {
            ...(await customerNames(tx, row.userId)),
            date: row.expiresAt.toISOString().slice(0, 10),
          },
          module: 'demand',
        }),
      );
    }
    return told;
  });
  if (deliveries.length > 0) afterCommit(ctx, { deliveries, changed: [{ list: 'demand' }] });
  return deliveries.length;
}

/**
 * Stones that came into the stock or changed since a live demand was last matched, and match it now,
 * are told to its owner once each (`stone_demand_matches`), in one notice a customer a run naming each
 * demand. A customer's demands are matched in one transaction, each under a row lock that other
 * instances skip, so two instances never tell the same stone twice, and a match recorded is a match told.
 */
export async function matchDemands(ctx: AppContext): Promise<number> {
  // Nothing to match while the stock has not changed since the last run of this instance.
  const [current] = await ctx.db.select({ version: writeVersionOf('stones') }).from(sql`(select 1) as one`);
  const version = current?.version;
  if (version !== undefined && matchedVersions.get(ctx) === version) return 0;
  const due = await ctx.db
    .select({ id: stoneDemands.id, userId: stoneDemands.userId })
    .from(stoneDemands)
    .where(and(isNull(stoneDemands.deletedAt), gt(stoneDemands.expiresAt, sql`now()`)))
    .orderBy(asc(stoneDemands.matchedUpTo))
    .limit(DEMANDS_PER_RUN);
  const byCustomer = new Map<string, string[]>();
  for (const { id, userId } of due) byCustomer.set(userId, [...(byCustomer.get(userId) ?? []), id]);
  let told = 0;
  for (const [userId, ids] of byCustomer) {
    const delivery = await ctx.db.transaction(async (tx) => {
      const news: DemandNews[] = [];
      for (const id of ids) {
        const found = await matchOne(tx, id);
        if (found) news.push(found);
      }
      // The matches are recorded either way; a customer whose company may not act hears of none.
      if (news.length === 0) return null;
      const reachable = await customersOfApprovedCompanies(tx, [userId]);
      return reachable.has(userId) ? tellDemands(tx, userId, news) : null;
    });
    if (delivery) {
      told += 1;
      afterCommit(ctx, { deliveries: [delivery], changed: [{ list: 'demand' }] });
    }
  }
  // More demands than a run takes: the next run goes on with the oldest matched.
  if (version !== undefined && due.length < DEMANDS_PER_RUN) matchedVersions.set(ctx, version);
  return told;
}

/** What one demand has new: the stones recorded this run (some named) and how many match it now. */
interface DemandNews {
  name: string;
  added: number;
  numbers: string[];
  total: number;
}

/** Records the demand's new matches, unless another instance holds it (then it is theirs this run). */
async function matchOne(tx: Db, id: string): Promise<DemandNews | null> {
  const [demand] = await tx
    .select()
    .from(stoneDemands)
    .where(and(eq(stoneDemands.id, id), isNull(stoneDemands.deletedAt)))
    .for('update', { skipLocked: true });
  if (!demand) return null;
  // Stones written after this moment are matched by the next run.
  const [{ now } = { now: new Date() }] = await tx
    .select({ now: sql<Date>`now()`.mapWith((value) => new Date(value)) })
    .from(sql`(select 1) as one`);
  const changedSince = or(
    gt(stone.updatedAt, demand.matchedUpTo),
    gt(columnOf(stones, 'createdAt'), demand.matchedUpTo),
  );
  const matching = and(availableCondition(demand.filter), changedSince);
  const inserted = await tx.execute(sql`
    insert into ${stoneDemandMatches} (demand_id, stone_id)
    select ${demand.id}::uuid, ${stone.id} from ${stones} where ${matching} limit ${MATCHES_PER_RUN}
    on conflict do nothing
    returning stone_id as "stoneId"`);
  const added = rowsOf<{ stoneId: string }>(inserted);
  const total = await matchesOf(tx, demand.filter);
  await tx
    .update(stoneDemands)
    .set({
      matchedUpTo: now,
      lastMatchCount: total,
      ...(added.length > 0 ? { lastNotifiedAt: now } : {}),
    })
    .where(eq(stoneDemands.id, demand.id));
  if (added.length === 0) return null;
  const named = await tx
    .select({ stockNumber: stone.stockNumber })
    .from(stones)
    .where(
      inArray(
        stone.id,
        added.slice(0, STONES_NAMED).map((row) => row.stoneId),
      ),
    );
  return {
    name: demand.name,
    added: added.length,
    numbers: named.map((row) => row.stockNumber as string),
    total,
  };
}

/** One notice for the customer's demands with new stones, a sentence a demand. */
async function tellDemands(
  tx: Db,
  userId: string,
  news: readonly DemandNews[],
): Promise<NotificationDelivery> {
  const sentences = news.map(({ name, added, numbers, total }) => {
    const more = added > numbers.length ? ` and ${added - numbers.length} more` : '';
    const cap = total >= DEMAND_LIMITS.matchCap ? 'at least ' : '';
    return `${added === 1 ? 'A new stone matches' : `${added} new stones match`} your demand '${name}': ${numbers.join(', ')}${more}. ${cap}${total} in stock match it now.`;
  });
  const names = news.map((demand) => `'${demand.name}'`);
  const demandsText =
    names.length === 1
      ? `demand ${names[0]}`
      : `demands ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const numbers = [...new Set(news.flatMap((demand) => demand.numbers))];
  return notify(tx, {
    action: 'demand',
    userIds: [userId],
    title: `New stones for your ${demandsText}`,
    message: sentences.join(' '),
    values: {
      ...(await customerNames(tx, userId)),
      stone: numbers.join(', '),
      date: new Date().toISOString().slice(0, 10),
    },
    module: 'demand',
  });
}
