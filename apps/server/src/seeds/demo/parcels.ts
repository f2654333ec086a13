import { PARCEL_ORDER_STATUSES } from '@facet/contract';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import { users } from '../../access/user-table.ts';
import { rowsOf } from '../../db/sql-rows.ts';
import { activeQualityBands, activeSieveGroups } from '../../parcels/parcel-masters.ts';
import { seedParcelMasters } from '../../parcels/parcel-masters-seed.ts';
import {
  parcelOrderLines,
  parcelOrders,
  parcelPriceSheets,
  parcelPrices,
} from '../../parcels/parcel-tables.ts';
import { countAdded, type DemoContext } from './context.ts';
import type { Customer } from './customers.ts';

/** Sheets every week or two over about four months up to the day of the seed. */
const SHEET_DAYS = [-119, -105, -98, -84, -70, -63, -49, -42, -28, -14, -7, 0];
const ORDERS = 40;
/** Price per carat of the best band by sieve group, smallest first: bigger melee is dearer a carat. */
const BASE_BY_GROUP = [380, 520, 780, 1050, 1300, 1650, 1950];
/** Each band below the best is worth this share of the one above. */
const BAND_STEP = 0.82;

async function nextOrderNumber(db: DemoContext['db']): Promise<string> {
  const [row] = rowsOf<{ next: string }>(
    await db.execute(sql`select nextval('parcel_order_number_seq')::text as next`),
  );
  return `PO-${(row?.next ?? '').padStart(6, '0')}`;
}

const round2 = (value: number) => Math.round(value * 100) / 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Days and moments counted from the day of the seed, as customer activity counts them: today's sheet is
 * in force and the pending orders are this week's when the panel is first opened.
 */
function seedCalendar() {
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`).getTime();
  const instant = (days: number, hours = 0) =>
    new Date(Math.min(Date.now(), today + days * DAY_MS + hours * 60 * 60 * 1000));
  return { instant, day: (days: number) => new Date(today + days * DAY_MS).toISOString().slice(0, 10) };
}

/**
 * Melee price sheets drifting a little from one date to the next, and parcel orders of the demo
 * customers priced from the sheet in force on their day, pending, done and cancelled.
 */
export async function seedParcels(ctx: DemoContext, customers: readonly Customer[]): Promise<void> {
  const { db, faker, actor } = ctx;
  await seedParcelMasters(db);
  const [groups, bands] = await Promise.all([activeSieveGroups(db), activeQualityBands(db)]);
  if (groups.length === 0 || bands.length === 0) return;
  const author = actor.auth.user.id;
  const calendar = seedCalendar();

  // The market drifts: each sheet moves every cell by the same small step, and a few cells on their own.
  const sheets: { date: string; prices: Map<string, number> }[] = [];
  let level = 1;
  for (const day of SHEET_DAYS) {
    level *= 1 + faker.number.float({ min: -0.02, max: 0.035, fractionDigits: 4 });
    const prices = new Map<string, number>();
    groups.forEach((group, row) => {
      bands.forEach((band, column) => {
        const base = (BASE_BY_GROUP[row] ?? BASE_BY_GROUP.at(-1) ?? 1000) * BAND_STEP ** column;
        const own = faker.number.float({ min: -0.015, max: 0.015, fractionDigits: 4 });
        prices.set(`${group.id}|${band.id}`, round2(base * level * (1 + own)));
      });
    });
    const date = calendar.day(day);
    sheets.push({ date, prices });
    await db
      .insert(parcelPriceSheets)
      .values({ priceDate: date, updatedBy: author, updatedAt: calendar.instant(day, 9) });
    await db.insert(parcelPrices).values(
      [...prices].map(([key, pricePerCarat]) => {
        const [sieveGroupId, qualityBandId] = key.split('|') as [string, string];
        return {
          priceDate: date,
          sieveGroupId,
          qualityBandId,
          pricePerCarat,
          updatedBy: author,
          updatedAt: calendar.instant(day, 9),
        };
      }),
    );
  }
  countAdded(ctx, 'parcel price sheets', sheets.length);
  countAdded(ctx, 'parcel prices', sheets.length * groups.length * bands.length);

  const buyers = await db
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .where(
      and(
        inArray(
          users.username,
          customers.filter((customer) => customer.company).map((customer) => customer.username),
        ),
        isNotNull(users.accountId),
      ),
    );
  if (buyers.length === 0) return;
  for (let placed = 0; placed < ORDERS; placed += 1) {
    const buyer = faker.helpers.arrayElement(buyers);
    const day = -faker.number.int({ min: 0, max: 118 });
    const sheet = [...sheets].reverse().find((entry) => entry.date <= calendar.day(day)) ?? sheets[0];
    if (!sheet) continue;
    const lines = Array.from({ length: faker.number.int({ min: 1, max: 4 }) }, (_, position) => {
      const group = faker.helpers.arrayElement(groups);
      const band = faker.helpers.arrayElement(bands);
      const pricePerCarat = sheet.prices.get(`${group.id}|${band.id}`) ?? 0;
      const byCarat = faker.datatype.boolean({ probability: 0.75 });
      const carats = byCarat ? faker.number.float({ min: 1, max: 60, fractionDigits: 2 }) : null;
      const pieces = !byCarat || faker.datatype.boolean() ? faker.number.int({ min: 50, max: 2000 }) : null;
      return {
        position: position + 1,
        sieveGroupId: group.id,
        qualityBandId: band.id,
        pieces,
        carats,
        pricePerCarat,
        amount: carats === null ? null : round2(carats * pricePerCarat),
      };
    });
    const sum = (values: (number | null)[]) => {
      const present = values.filter((value): value is number => value !== null);
      return present.length ? present.reduce((total, value) => total + value, 0) : null;
    };
    const status =
      day > -10
        ? faker.helpers.arrayElement([
            PARCEL_ORDER_STATUSES.pending,
            PARCEL_ORDER_STATUSES.pending,
            PARCEL_ORDER_STATUSES.done,
          ])
        : faker.helpers.weightedArrayElement([
            { weight: 6, value: PARCEL_ORDER_STATUSES.done },
            { weight: 2, value: PARCEL_ORDER_STATUSES.cancelled },
            { weight: 1, value: PARCEL_ORDER_STATUSES.pending },
          ]);
    const closed = status !== PARCEL_ORDER_STATUSES.pending;
    const totalCarats = sum(lines.map((line) => line.carats));
    const totalAmount = sum(lines.map((line) => line.amount));
    const [order] = await db
      .insert(parcelOrders)
      .values({
        orderNumber: await nextOrderNumber(db),
        userId: buyer.id,
        accountId: buyer.accountId,
        orderDate: calendar.day(day),
        priceDate: sheet.date,
        status,
        notes: faker.helpers.arrayElement([
          null,
          null,
          'For a tennis bracelet.',
          'Pavé setting, matched colour.',
          'Urgent: ship this week.',
        ]),
        totalPieces: sum(lines.map((line) => line.pieces)),
        totalCarats: totalCarats === null ? null : Math.round(totalCarats * 1000) / 1000,
        totalAmount: totalAmount === null ? null : round2(totalAmount),
        statusChangedAt: closed ? calendar.instant(day + faker.number.int({ min: 1, max: 5 }), 11) : null,
        statusChangedBy: closed ? author : null,
        createdAt: calendar.instant(day, faker.number.int({ min: 8, max: 18 })),
      })
      .returning({ id: parcelOrders.id });
    if (!order) continue;
    await db.insert(parcelOrderLines).values(lines.map((line) => ({ ...line, orderId: order.id })));
    countAdded(ctx, 'parcel orders');
    countAdded(ctx, 'parcel order lines', lines.length);
  }
}
