import { formatMoney, STOCK_NOTICE_LIMITS, TRACK_TYPES } from '@facet/contract';
import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { stones } from '../db/resource-tables.ts';
import { type NotificationDelivery, notify } from '../notifications/notify.ts';
import { writeVersionOf } from '../resources/write-version.ts';
import { customerNames, customersOfApprovedCompanies } from './activity-notices.ts';
import { afterCommit } from './after-commit.ts';
import { diamondTracks } from './stock-summary-tables.ts';
import { stoneList } from './stone-list.ts';
import { stone } from './track-rows.ts';

/** The stock version each instance last found every price told at (a shortcut, not a record). */
const toldVersions = new WeakMap<AppContext, string>();
/** Tracks told a run; the rest wait for the next. */
const TRACKS_PER_RUN = 1000;

/** The price a track's customer last heard of: the price it was made at until a change was told. */
const toldPrice = sql`coalesce(${diamondTracks.toldPricePerCarat}, ${diamondTracks.pricePerCarat})`;

/** Live cart and watchlist tracks whose stone, on offer, now has a price other than the one told. */
function dueCondition(): SQL {
  return and(
    inArray(diamondTracks.trackType, [TRACK_TYPES.cart, TRACK_TYPES.watchlist]),
    isNull(diamondTracks.deletedAt),
    isNull(stone.deletedAt),
    eq(stone.isActive, true),
    isNotNull(stone.pricePerCarat),
    sql`${stone.pricePerCarat} is distinct from ${toldPrice}`,
  ) as SQL;
}

interface Change {
  stockNumber: string;
  from: number;
  to: number;
}

/**
 * A stone in a customer's cart or watchlist whose price changed (an upload, a sync, an edit) is told to
 * that customer once a change: one notice a customer a run, naming their changed stones. The tracks told
 * are locked `for update skip locked` and their told price moved in the same transaction, so two
 * instances never tell the same change twice.
 */
export async function tellPriceChanges(ctx: AppContext): Promise<number> {
  // No stone was written since this instance last told every change: nothing can have changed price.
  const [current] = await ctx.db.select({ version: writeVersionOf('stones') }).from(sql`(select 1) as one`);
  const version = current?.version;
  if (version !== undefined && toldVersions.get(ctx) === version) return 0;
  const deliveries = await ctx.db.transaction((tx) => tellDue(tx));
  if (deliveries.length > 0) afterCommit(ctx, { deliveries });
  // A change still due was locked by another instance, or past this run's share: look again next run.
  const [left] = await ctx.db
    .select({ id: diamondTracks.id })
    .from(diamondTracks)
    .innerJoin(stones, eq(stone.id, diamondTracks.stoneId))
    .where(dueCondition())
    .limit(1);
  if (version !== undefined && !left) toldVersions.set(ctx, version);
  return deliveries.length;
}

async function tellDue(tx: Db): Promise<NotificationDelivery[]> {
  const due = await tx
    .select({
      id: diamondTracks.id,
      userId: diamondTracks.userId,
      trackType: diamondTracks.trackType,
      stoneId: diamondTracks.stoneId,
      stockNumber: stone.stockNumber,
      from: sql<string | null>`${toldPrice}`,
      to: stone.pricePerCarat,
    })
    .from(diamondTracks)
    .innerJoin(stones, eq(stone.id, diamondTracks.stoneId))
    .where(dueCondition())
    .orderBy(asc(diamondTracks.userId), asc(stone.stockNumber))
    .limit(TRACKS_PER_RUN)
    .for('update', { of: diamondTracks, skipLocked: true });
  if (due.length === 0) return [];
  // The price told is the one read here, not the stone's at the update: a change in between is told later.
  await tx.execute(sql`
    update ${diamondTracks} set told_price_per_carat = told.price
    from (values ${sql.join(
      due.map((row) => sql`(${row.id}::uuid, ${String(row.to)}::numeric)`),
      sql`, `,
    )}) as told (id, price)
    where ${diamondTracks.id} = told.id`);
  const byUser = new Map<string, { changes: Map<string, Change>; cart: boolean }>();
  for (const row of due) {
    // A stone that had no price when it was added has nothing to compare: its price is recorded, not told.
    if (row.from === null) continue;
    const entry = byUser.get(row.userId) ?? { changes: new Map<string, Change>(), cart: false };
    entry.cart ||= row.trackType === TRACK_TYPES.cart;
    // In both the cart and the watchlist: told once.
    entry.changes.set(row.stoneId, {
      stockNumber: row.stockNumber as string,
      from: Number(row.from),
      to: Number(row.to),
    });
    byUser.set(row.userId, entry);
  }
  // The told price moves for every track above; only customers who may act on it hear of it.
  const reachable = await customersOfApprovedCompanies(tx, [...byUser.keys()]);
  const deliveries: NotificationDelivery[] = [];
  for (const [userId, { changes, cart }] of byUser) {
    if (!reachable.has(userId)) continue;
    const list = [...changes.values()];
    const numbers = stoneList(list.map((change) => change.stockNumber));
    const told = list
      .slice(0, STOCK_NOTICE_LIMITS.stonesNamed)
      .map(
        (change) =>
          `The price of ${change.stockNumber} changed from ${formatMoney(change.from)} to ${formatMoney(change.to)} per carat.`,
      );
    const more = list.length - told.length;
    if (more > 0) {
      told.push(
        `${more} more ${more === 1 ? 'stone' : 'stones'} of your cart and watchlist changed price too.`,
      );
    }
    deliveries.push(
      await notify(tx, {
        action: 'price-change',
        userIds: [userId],
        title: `${list.length === 1 ? 'Price' : 'Prices'} changed: ${numbers}`,
        message: told.join(' '),
        values: {
          ...(await customerNames(tx, userId)),
          stone: numbers,
          date: new Date().toISOString().slice(0, 10),
        },
        module: cart ? 'cart' : 'watchlist',
      }),
    );
  }
  return deliveries;
}
