import {
  type customerOfferSchema,
  type enquiryReplySchema,
  formatDateTime,
  formatMoney,
  STOCK_SUMMARY_MESSAGES as M,
  OFFER_LIMITS,
  OFFER_STATUSES,
  OPEN_OFFER_STATUSES,
  type offerDecisionSchema,
  primaryContact,
  TRACK_TYPES,
} from '@facet/contract';
import { and, eq, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { stones } from '../db/resource-tables.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { notificationMail } from '../notifications/notification-mail.ts';
import { type NotificationDelivery, notify } from '../notifications/notify.ts';
import { staffFollowing } from '../notifications/staff-following.ts';
import { type Actor, recordAudit, recordAudits } from '../resources/audit-log.ts';
import { customerNames } from './activity-notices.ts';
import { refuseOverQuota } from './customer-quota.ts';
import type { ActivityWrite, Customer } from './customer-track-writes.ts';
import { diamondTracks } from './stock-summary-tables.ts';
import { liveStones, refuseBlockedForOthers, refuseNotOfferable } from './stone-checks.ts';
import { stone } from './track-rows.ts';
import { trailOfTrack } from './track-trail.ts';

const HOUR = 60 * 60 * 1000;
const today = () => new Date().toISOString().slice(0, 10);
/** Offers still waiting for an answer: pending ones, and countered ones waiting for the customer's. */
const openOffer = () =>
  and(
    eq(diamondTracks.trackType, TRACK_TYPES.offer),
    inArray(diamondTracks.offerStatus, [...OPEN_OFFER_STATUSES]),
    isNull(diamondTracks.deletedAt),
  );
/** How long an offer stands when the customer names no date, and at most. */
const OFFER_HOURS = { standard: 48, max: 30 * 24 } as const;

function validUntilOf(asked: string | undefined, field: string): Date {
  const now = Date.now();
  if (!asked) return new Date(now + OFFER_HOURS.standard * HOUR);
  const until = new Date(asked);
  if (until.getTime() <= now) throw fieldError(field, M.validUntilPast);
  if (until.getTime() > now + OFFER_HOURS.max * HOUR) throw fieldError(field, M.offerTooFar);
  return until;
}

/**
 * Expires the customer's own open offer on the stone that a new offer replaces: a countered one (the
 * new offer answers the counter) and one past its date that the job has not swept yet. The trail reads
 * as the job's expiry, with the customer whose offer caused it.
 */
async function expireReplacedOffers(tx: Db, actor: Actor, userId: string, stoneId: string): Promise<void> {
  const now = new Date();
  const replaced = await tx
    .select({ id: diamondTracks.id, offerStatus: diamondTracks.offerStatus })
    .from(diamondTracks)
    .where(
      and(
        eq(diamondTracks.userId, userId),
        eq(diamondTracks.stoneId, stoneId),
        openOffer(),
        or(eq(diamondTracks.offerStatus, OFFER_STATUSES.countered), lte(diamondTracks.validUntil, now)),
      ),
    )
    .for('update');
  if (replaced.length === 0) return;
  await tx
    .update(diamondTracks)
    .set({ offerStatus: OFFER_STATUSES.expired, updatedAt: now })
    .where(
      inArray(
        diamondTracks.id,
        replaced.map((row) => row.id),
      ),
    );
  await recordAudits(
    tx,
    actor,
    replaced.map((row) => ({
      action: 'diamondTrack.expire',
      entityType: 'diamondTrack',
      entityId: row.id,
      subjectUserId: userId,
      before: { offerStatus: row.offerStatus },
      after: { offerStatus: OFFER_STATUSES.expired },
    })),
  );
}

/**
 * A customer's offer on a stone in stock, not held for someone else and in a status a hold could take;
 * it replaces their own countered or lapsed offer on the stone. Staff are told.
 */
export async function makeOffer(
  db: Db,
  actor: Actor,
  customer: Customer,
  body: z.output<typeof customerOfferSchema>,
): Promise<ActivityWrite<string>> {
  const validUntil = validUntilOf(body.validUntil, 'validUntil');
  return db.transaction(async (tx) => {
    const [offered] = await liveStones(tx, [body.stoneId], 'stoneId');
    if (!offered) throw fieldError('stoneId', M.stoneUnavailable);
    await refuseBlockedForOthers(tx, [offered.id], customer.userId, 'stoneId');
    await refuseNotOfferable(tx, offered, customer.userId, 'stoneId');
    await expireReplacedOffers(tx, actor, customer.userId, offered.id);
    // Counted after the replaced offer expired: a new offer in its place is not one more.
    await refuseOverQuota(tx, customer.userId, {
      table: diamondTracks,
      where: and(eq(diamondTracks.userId, customer.userId), openOffer()),
      limit: OFFER_LIMITS.pendingPerCustomer,
      message: M.tooManyOffers,
    });
    const [row] = await tx
      .insert(diamondTracks)
      .values({
        trackType: TRACK_TYPES.offer,
        userId: customer.userId,
        accountId: customer.accountId,
        stoneId: offered.id,
        pricePerCarat: offered.pricePerCarat,
        discount: offered.discount,
        amount: offered.amount,
        offerPricePerCarat: body.pricePerCarat,
        offerStatus: OFFER_STATUSES.pending,
        validUntil,
        remarks: body.remarks ?? null,
        device: body.device ?? null,
        createdBy: actor.auth.user.id,
      })
      .onConflictDoNothing()
      .returning();
    // The database keeps one pending offer a customer a stone.
    if (!row) throw new HttpError('E_CONFLICT', M.offerPending);
    await recordAudit(tx, actor, {
      action: 'diamondTrack.create',
      entityType: 'diamondTrack',
      entityId: row.id,
      subjectUserId: row.userId,
      before: null,
      after: trailOfTrack(row),
    });
    const names = await customerNames(tx, customer.userId);
    const delivery = await notify(tx, {
      action: 'offer',
      userIds: await staffFollowing(tx, customer.accountId, 'Offer'),
      title: `Offer on ${offered.stockNumber} from ${names.name}`,
      message: `${names.name} of ${names.company || 'no company'} offers ${formatMoney(body.pricePerCarat)} per carat for ${offered.stockNumber}.`,
      values: { name: names.name, company: names.company, stone: offered.stockNumber },
      module: 'Offer',
      url: `/hkadmin/offer/${customer.userId}`,
      createdBy: customer.userId,
    });
    return { result: row.id, deliveries: [delivery] };
  });
}

/** The row of an activity of one kind, locked for its answer, or not found. */
async function lockedTrack(tx: Db, id: string, trackType: number, notFound: string) {
  const [row] = await tx
    .select()
    .from(diamondTracks)
    .where(
      and(eq(diamondTracks.id, id), eq(diamondTracks.trackType, trackType), isNull(diamondTracks.deletedAt)),
    )
    .for('update');
  if (!row) throw new HttpError('E_NOT_FOUND', notFound);
  return row;
}

const DECISIONS = {
  accept: {
    status: OFFER_STATUSES.accepted,
    action: 'offer-accepted',
    message: M.offerAccepted,
    verb: 'accepted',
  },
  reject: {
    status: OFFER_STATUSES.rejected,
    action: 'offer-rejected',
    message: M.offerRejected,
    verb: 'rejected',
  },
  counter: {
    status: OFFER_STATUSES.countered,
    action: 'offer',
    message: M.offerCountered,
    verb: 'countered',
  },
} as const;

const isOpen = (status: number | null) => OPEN_OFFER_STATUSES.some((open) => open === status);

type TrackRow = typeof diamondTracks.$inferSelect;

/** The price an acceptance agrees: the counter's when staff countered, else the customer's own. */
const acceptedPriceOf = (row: TrackRow) =>
  row.offerStatus === OFFER_STATUSES.countered ? row.counterPricePerCarat : row.offerPricePerCarat;

/**
 * Before an accept or a counter: the stone is in the stock, not held for another customer and in a
 * status an offer may be taken on; an accept also finds no other accepted offer on it. An accept locks
 * the stone's row, so that two accepts of one stone queue and the second sees the first.
 */
async function refuseUnsellable(tx: Db, before: TrackRow, decision: 'accept' | 'counter'): Promise<void> {
  const [found] = await liveStones(tx, [before.stoneId], 'id', decision === 'accept' ? 'update' : 'share');
  if (!found) throw fieldError('id', M.stoneUnavailable);
  await refuseBlockedForOthers(tx, [before.stoneId], before.userId, 'id');
  await refuseNotOfferable(tx, found, before.userId, 'id');
  if (decision !== 'accept') return;
  const [accepted] = await tx
    .select({ id: diamondTracks.id })
    .from(diamondTracks)
    .where(
      and(
        eq(diamondTracks.stoneId, before.stoneId),
        eq(diamondTracks.trackType, TRACK_TYPES.offer),
        eq(diamondTracks.offerStatus, OFFER_STATUSES.accepted),
        isNull(diamondTracks.deletedAt),
        ne(diamondTracks.id, before.id),
      ),
    )
    .limit(1);
  if (accepted) throw new HttpError('E_CONFLICT', M.otherOfferAccepted);
}

/**
 * Staff accept, reject or counter an open offer (pending, or countered while the counter stands: the
 * customer may take the counter up by telephone, or staff withdraw or change it); the customer is told.
 */
export async function decideOffer(
  db: Db,
  actor: Actor,
  body: z.output<typeof offerDecisionSchema>,
): Promise<ActivityWrite<{ id: string; message: string }>> {
  const decision = DECISIONS[body.decision];
  const validUntil = body.decision === 'counter' ? validUntilOf(body.validUntil, 'validUntil') : undefined;
  return db.transaction(async (tx) => {
    const before = await lockedTrack(tx, body.id, TRACK_TYPES.offer, M.offerNotFound);
    const lapsed = before.validUntil !== null && before.validUntil <= new Date();
    if (!isOpen(before.offerStatus)) throw new HttpError('E_CONFLICT', M.offerAnswered);
    if (lapsed) throw new HttpError('E_CONFLICT', M.offerExpired);
    const counterPrice = body.decision === 'counter' ? (body.counterPricePerCarat ?? 0) : null;
    if (counterPrice !== null && counterPrice <= (before.offerPricePerCarat ?? 0)) {
      throw fieldError('counterPricePerCarat', M.counterNotAbove);
    }
    // An offer on a stone that left the stock, was hidden or is held for someone else can only be rejected.
    if (body.decision !== 'reject') await refuseUnsellable(tx, before, body.decision);
    const acceptedPrice = body.decision === 'accept' ? acceptedPriceOf(before) : null;
    const now = new Date();
    const [after] = await tx
      .update(diamondTracks)
      .set({
        offerStatus: decision.status,
        ...(body.decision === 'counter'
          ? { counterPricePerCarat: body.counterPricePerCarat, validUntil, counteredAt: now }
          : {}),
        reply: body.remarks ?? before.reply,
        repliedAt: now,
        repliedBy: actor.auth.user.id,
        updatedAt: now,
      })
      .where(eq(diamondTracks.id, before.id))
      .returning();
    if (!after) throw new Error('update returned no row');
    await recordAudit(tx, actor, {
      action: `diamondTrack.${body.decision}`,
      entityType: 'diamondTrack',
      entityId: after.id,
      subjectUserId: after.userId,
      before: trailOfTrack(before),
      after: {
        ...trailOfTrack(after),
        ...(acceptedPrice === null ? {} : { acceptedPricePerCarat: acceptedPrice }),
      },
    });
    const stockNumber = await stockNumberOf(tx, after.stoneId);
    // Accepting a counter agrees the counter's price, which the customer must read.
    const acceptedCounter = body.decision === 'accept' && before.offerStatus === OFFER_STATUSES.countered;
    const agreed = acceptedCounter ? ` at our counter price of ${formatMoney(acceptedPrice)} per carat` : '';
    const counter =
      body.decision === 'counter' && validUntil
        ? ` We can offer ${formatMoney(body.counterPricePerCarat)} per carat until ${formatDateTime(validUntil, { timeZone: 'UTC' })} UTC.`
        : '';
    const names = await customerNames(tx, after.userId);
    const delivery = await notify(tx, {
      action: decision.action,
      // A counter answers the customer under `offer`, whose template announces an offer to staff; the
      // accepted template cannot name the counter's price.
      useTemplate: body.decision !== 'counter' && !acceptedCounter,
      userIds: [after.userId],
      title: `Your offer on ${stockNumber} was ${decision.verb}`,
      message: `Your offer of ${formatMoney(after.offerPricePerCarat)} per carat on ${stockNumber} was ${decision.verb}${agreed}.${counter}${body.remarks ? ` ${body.remarks}` : ''}`,
      values: { ...names, stone: stockNumber, date: today() },
      module: 'offer',
      createdBy: actor.auth.user.id,
    });
    return { result: { id: after.id, message: decision.message }, deliveries: [delivery] };
  });
}

export async function stockNumberOf(tx: Db, stoneId: string): Promise<string> {
  const [row] = await tx.select({ stockNumber: stone.stockNumber }).from(stones).where(eq(stone.id, stoneId));
  return (row?.stockNumber as string | undefined) ?? '';
}

/**
 * Staff answer an enquiry: the reply is recorded with who and when, and mailed to the customer whatever
 * the notification settings (the customer asked); the bell tells them too.
 */
export async function replyToEnquiry(
  db: Db,
  actor: Actor,
  body: z.output<typeof enquiryReplySchema>,
): Promise<ActivityWrite<{ id: string; mail: MailMessage | null }>> {
  return db.transaction(async (tx) => {
    const before = await lockedTrack(tx, body.id, TRACK_TYPES.enquiry, M.enquiryNotFound);
    if (before.repliedAt) throw new HttpError('E_CONFLICT', M.enquiryAnswered);
    const now = new Date();
    const [after] = await tx
      .update(diamondTracks)
      .set({ reply: body.reply, repliedAt: now, repliedBy: actor.auth.user.id, updatedAt: now })
      .where(eq(diamondTracks.id, before.id))
      .returning();
    if (!after) throw new Error('update returned no row');
    await recordAudit(tx, actor, {
      action: 'diamondTrack.reply',
      entityType: 'diamondTrack',
      entityId: after.id,
      subjectUserId: after.userId,
      before: trailOfTrack(before),
      after: trailOfTrack(after),
    });
    const stockNumber = await stockNumberOf(tx, after.stoneId);
    const [customer] = await tx
      .select({ name: users.name, emails: users.emails })
      .from(users)
      .where(eq(users.id, after.userId));
    const content = {
      title: `Reply to your enquiry ${after.enquiryNumber ?? ''} on ${stockNumber}`.replace('  ', ' '),
      message: [`You asked: ${before.remarks ?? ''}`, '', body.reply].join('\n'),
    };
    const to = customer ? primaryContact(customer.emails) : null;
    const mail = to && customer ? notificationMail(to, customer.name, content) : null;
    const delivery: NotificationDelivery = await notify(tx, {
      action: 'enquiry',
      userIds: [after.userId],
      title: content.title,
      message: body.reply,
      values: {
        name: customer?.name ?? '',
        company: (await customerNames(tx, after.userId)).company,
        stone: stockNumber,
        date: today(),
      },
      module: 'enquiry',
      createdBy: actor.auth.user.id,
    });
    // The reply goes out once, as the reply mail.
    delivery.mails = delivery.mails.filter((message) => message.to !== to);
    return { result: { id: after.id, mail }, deliveries: [delivery] };
  });
}
