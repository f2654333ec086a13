import {
  DEVICES,
  OFFER_STATUSES,
  STONE_BLOCK_KINDS,
  STONE_BLOCK_STATES,
  STONE_BLOCK_STATUS,
  type StoneBlockKind,
  TRACK_TYPES,
} from '@facet/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { stones } from '../../db/resource-tables.ts';
import { columnOf } from '../../resources/columns.ts';
import { diamondTracks, stoneBlocks, stoneDemands } from '../../stock-summary/stock-summary-tables.ts';
import { countAdded, type DemoContext } from './context.ts';
import { approvedBuyers, type Customer } from './customers.ts';
import { stockMasterValues } from './master-values.ts';
import { DEMO_STONES, demoStockNumber } from './stock.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How much of each kind the demo holds, over about four months. */
const COUNTS = {
  cart: 90,
  watchlist: 70,
  reminder: 24,
  enquiry: 40,
  offer: 36,
  other: 12,
  demands: 20,
} as const;
const HOLDS = { live: 8, memos: 3, ended: 10 } as const;

const QUESTIONS = [
  'Is this stone eye clean?',
  'Can you send a video under daylight?',
  'What is the best price for a quick deal?',
  'Is the certificate available as a PDF?',
  'Any black inclusions under the table?',
  'Can it be shipped to Hong Kong by Friday?',
  'Do you have a matching pair?',
  'How strong is the fluorescence in person?',
];
const ANSWERS = [
  'Yes, eye clean. Video sent by mail.',
  'Best we can do is 2% better than the list price.',
  'Certificate PDF attached to the stone page.',
  'No black inclusions; the crystal is white and on the side.',
  'We can ship on Thursday with Malca-Amit.',
];
const REMARKS = [
  null,
  null,
  'For a client in Dubai',
  'Compare with last week',
  'Engagement ring',
  null,
  'Price check',
];
const DEMAND_NAMES = [
  'Rounds for stud pairs',
  'Fancy shapes 1.5 ct',
  'Ovals for rings',
  'Small whites',
  'Big and clean',
];

interface DemoStone {
  id: string;
  stockNumber: string;
  status: string;
  pricePerCarat: number | null;
  discount: number | null;
  amount: number | null;
}

/**
 * What customers of approved companies did with the demo stock: carts, watchlists, reminders, enquiries
 * (half answered), offers in every status, a few office and show selections, holds and memos (live and
 * ended) and demands. Dated back from the day of the seed, unlike the other areas, so that holds,
 * reminders and demands are live when the panel is first opened.
 */
export async function seedCustomerActivity(ctx: DemoContext, customers: readonly Customer[]): Promise<void> {
  const { faker } = ctx;
  const now = Date.now();
  const ago = (days: number) =>
    new Date(now - days * DAY_MS - faker.number.int({ min: 0, max: 20 }) * HOUR_MS);
  const buyers = await approvedBuyers(ctx.db, customers);
  if (buyers.length === 0) return;
  const stock = (await ctx.db
    .select({
      id: columnOf(stones, 'id'),
      stockNumber: columnOf(stones, 'stockNumber'),
      status: columnOf(stones, 'status'),
      pricePerCarat: columnOf(stones, 'marketingPricePerCarat'),
      discount: columnOf(stones, 'marketingBack'),
      amount: columnOf(stones, 'amount'),
    })
    .from(stones)
    .where(
      and(
        inArray(
          columnOf(stones, 'stockNumber'),
          Array.from({ length: DEMO_STONES }, (_unused, index) => demoStockNumber(index)),
        ),
        isNull(columnOf(stones, 'deletedAt')),
      ),
    )
    .orderBy(asc(columnOf(stones, 'stockNumber')))) as unknown as DemoStone[];
  const available = stock.filter((stone) => stone.status === 'A');
  const money = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  const priced = (stone: DemoStone) => ({
    pricePerCarat: money(stone.pricePerCarat),
    discount: money(stone.discount),
    amount: money(stone.amount),
  });
  const rows: (typeof diamondTracks.$inferInsert)[] = [];
  const once = new Set<string>();
  const track = (trackType: number, extra: Partial<typeof diamondTracks.$inferInsert> = {}) => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const buyer = faker.helpers.arrayElement(buyers);
      const stone = faker.helpers.arrayElement(stock);
      const key = `${buyer.id}|${trackType}|${stone.id}`;
      if (once.has(key)) continue;
      once.add(key);
      const createdAt = extra.createdAt ?? ago(faker.number.int({ min: 0, max: 120 }));
      rows.push({
        trackType,
        userId: buyer.id,
        accountId: buyer.accountId,
        stoneId: stone.id,
        ...priced(stone),
        remarks: faker.helpers.arrayElement(REMARKS),
        device: faker.helpers.arrayElement(DEVICES.slice(0, 3)),
        createdAt,
        updatedAt: createdAt,
        ...extra,
      });
      return;
    }
  };
  for (let index = 0; index < COUNTS.cart; index += 1) track(TRACK_TYPES.cart);
  for (let index = 0; index < COUNTS.watchlist; index += 1) track(TRACK_TYPES.watchlist);
  for (let index = 0; index < COUNTS.reminder; index += 1) {
    const due = index % 2 === 0;
    const reminderDate = due
      ? ago(faker.number.int({ min: 1, max: 30 }))
      : new Date(now + faker.number.int({ min: 1, max: 30 }) * DAY_MS);
    // Reminders already due were sent when they fell due.
    track(TRACK_TYPES.reminder, {
      reminderDate,
      notifiedAt: due ? reminderDate : null,
      createdAt: ago(faker.number.int({ min: 31, max: 90 })),
    });
  }
  for (let index = 0; index < COUNTS.enquiry; index += 1) {
    const createdAt = ago(faker.number.int({ min: 0, max: 100 }));
    const answered = index % 2 === 1;
    track(TRACK_TYPES.enquiry, {
      createdAt,
      updatedAt: createdAt,
      remarks: faker.helpers.arrayElement(QUESTIONS),
      enquiryNumber: `ENQ-${String(index + 1).padStart(6, '0')}`,
      ...(answered
        ? {
            reply: faker.helpers.arrayElement(ANSWERS),
            repliedAt: new Date(createdAt.getTime() + 5 * HOUR_MS),
            repliedBy: ctx.actor.auth.user.id,
          }
        : {}),
    });
  }
  for (let index = 0; index < COUNTS.offer; index += 1) {
    const createdAt = ago(faker.number.int({ min: 0, max: 60 }));
    const status =
      index < 10
        ? OFFER_STATUSES.pending
        : faker.helpers.arrayElement([
            OFFER_STATUSES.accepted,
            OFFER_STATUSES.rejected,
            OFFER_STATUSES.expired,
          ]);
    const stoneTrack = rows.length;
    track(TRACK_TYPES.offer, {
      createdAt,
      updatedAt: createdAt,
      offerStatus: status,
      validUntil:
        status === OFFER_STATUSES.pending
          ? new Date(now + faker.number.int({ min: 6, max: 72 }) * HOUR_MS)
          : new Date(createdAt.getTime() + 48 * HOUR_MS),
      ...(status === OFFER_STATUSES.accepted || status === OFFER_STATUSES.rejected
        ? { repliedAt: new Date(createdAt.getTime() + 3 * HOUR_MS), repliedBy: ctx.actor.auth.user.id }
        : {}),
    });
    const made = rows[stoneTrack];
    if (made?.pricePerCarat) {
      // Offers run 3 to 12% under the asking price, rounded to ten.
      made.offerPricePerCarat =
        Math.round((made.pricePerCarat * faker.number.float({ min: 0.88, max: 0.97 })) / 10) * 10;
    } else if (made) made.offerPricePerCarat = 1000;
  }
  for (let index = 0; index < COUNTS.other; index += 1) {
    track(
      faker.helpers.arrayElement([
        TRACK_TYPES.office,
        TRACK_TYPES.showSelected,
        TRACK_TYPES.bestBuy,
        TRACK_TYPES.shipment,
      ]),
    );
  }
  if (rows.length > 0) await ctx.db.insert(diamondTracks).values(rows);
  // The numbers written above are taken: the next enquiry a customer sends goes on after them.
  await ctx.db.execute(
    sql`select setval('enquiry_number_seq', greatest((select last_value from enquiry_number_seq), ${COUNTS.enquiry}))`,
  );
  countAdded(ctx, 'Customer activity', rows.length);

  // Holds and memos, each on its own available stone: live ones mark their stone H or M.
  const blocked = faker.helpers.arrayElements(available, HOLDS.live + HOLDS.memos + HOLDS.ended);
  const blocks: (typeof stoneBlocks.$inferInsert)[] = blocked.map((stone, index) => {
    const kind: StoneBlockKind =
      index >= HOLDS.live && index < HOLDS.live + HOLDS.memos
        ? STONE_BLOCK_KINDS.memo
        : STONE_BLOCK_KINDS.hold;
    const live = index < HOLDS.live + HOLDS.memos;
    const buyer = faker.helpers.arrayElement(buyers);
    const createdAt = live
      ? ago(faker.number.int({ min: 0, max: 2 }))
      : ago(faker.number.int({ min: 5, max: 60 }));
    const confirmed = kind === STONE_BLOCK_KINDS.memo || index % 2 === 0;
    const hours =
      kind === STONE_BLOCK_KINDS.memo
        ? 24 * faker.number.int({ min: 7, max: 21 })
        : faker.number.int({ min: 24, max: 72 });
    const ended = !live;
    const lapsed = ended && index % 2 === 0;
    const expiresAt = new Date(createdAt.getTime() + hours * HOUR_MS);
    return {
      kind,
      state: ended
        ? lapsed
          ? STONE_BLOCK_STATES.lapsed
          : STONE_BLOCK_STATES.released
        : confirmed
          ? STONE_BLOCK_STATES.confirmed
          : STONE_BLOCK_STATES.requested,
      userId: buyer.id,
      accountId: buyer.accountId,
      stoneId: stone.id,
      previousStatus: stone.status,
      remarks: faker.helpers.arrayElement(REMARKS),
      expiresAt:
        ended && !lapsed
          ? expiresAt
          : ended
            ? new Date(Math.min(expiresAt.getTime(), now - HOUR_MS))
            : new Date(Math.max(expiresAt.getTime(), now + 6 * HOUR_MS)),
      confirmedAt: confirmed ? new Date(createdAt.getTime() + 2 * HOUR_MS) : null,
      confirmedBy: confirmed ? ctx.actor.auth.user.id : null,
      endedAt: ended ? new Date(Math.min(expiresAt.getTime(), now - HOUR_MS)) : null,
      endedBy: ended && !lapsed ? ctx.actor.auth.user.id : null,
      device: faker.helpers.arrayElement(DEVICES),
      createdAt,
      updatedAt: createdAt,
    };
  });
  if (blocks.length > 0) await ctx.db.insert(stoneBlocks).values(blocks);
  for (const block of blocks.filter((row) => !row.endedAt)) {
    await ctx.db
      .update(stones)
      .set({ status: STONE_BLOCK_STATUS[block.kind as StoneBlockKind] } as never)
      .where(eq(columnOf(stones, 'id'), block.stoneId));
  }
  countAdded(ctx, 'Holds and memos', blocks.length);

  // Demands: shapes, a colour run and a carat range, most of them live.
  const values = await stockMasterValues(ctx);
  const idOf = (code: string, name: string) => values.get(code)?.get(name);
  const demands: (typeof stoneDemands.$inferInsert)[] = [];
  for (let index = 0; index < COUNTS.demands; index += 1) {
    const buyer = faker.helpers.arrayElement(buyers);
    const shapes = faker.helpers.arrayElements(['Round', 'Oval', 'Pear', 'Emerald', 'Cushion'], {
      min: 1,
      max: 2,
    });
    const from = faker.helpers.arrayElement([0.5, 0.9, 1, 1.5, 2]);
    const createdAt = ago(faker.number.int({ min: 1, max: 90 }));
    const live = index < 15;
    demands.push({
      userId: buyer.id,
      accountId: buyer.accountId,
      name: faker.helpers.arrayElement(DEMAND_NAMES),
      filter: {
        shapeId: shapes.map((shape) => idOf('SHAPE', shape)).filter(Boolean),
        carat: { from, to: from + faker.helpers.arrayElement([0.49, 0.99]) },
      },
      expiresAt: live
        ? new Date(now + faker.number.int({ min: 3, max: 120 }) * DAY_MS)
        : ago(faker.number.int({ min: 1, max: 20 })),
      // Stock changes from now on are matched; the stones of the seed itself are not news.
      matchedUpTo: new Date(now),
      expiryNotifiedAt: live ? null : new Date(now - HOUR_MS),
      createdAt,
      updatedAt: createdAt,
    });
  }
  await ctx.db.insert(stoneDemands).values(demands);
  countAdded(ctx, 'Demands', demands.length);
}
