import { diamondJourneyEventResource, SEARCH_TYPES } from '@facet/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../../access/user-table.ts';
import { masters, stones } from '../../db/resource-tables.ts';
import { diamondComments } from '../../diamond-comments/diamond-comment-table.ts';
import { createDiamondComment } from '../../diamond-comments/diamond-comment-writes.ts';
import { columnOf } from '../../resources/columns.ts';
import { stoneSearches } from '../../search-history/stone-search-table.ts';
import {
  countAdded,
  createDemoRecord,
  DEMO_REFERENCE_DATE,
  type DemoContext,
  demoDay,
  demoInstant,
} from './context.ts';
import type { Customer } from './customers.ts';
import { stockMasterValues } from './master-values.ts';
import { DEMO_STONES, demoStockNumber } from './stock.ts';

/** Stones whose way from the mine is told, by their place in the demo stock. */
const JOURNEY_STONES = 16;
const COMMENTS = 70;
const SEARCHES = 120;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Mines of each rough origin the demo stock names, with where their rough is sorted. */
const MINES: Record<string, { mines: string[]; sorting: string }> = {
  Botswana: { mines: ['Jwaneng', 'Orapa', 'Karowe'], sorting: 'Gaborone, Diamond Trading Company Botswana' },
  Russia: { mines: ['Mir', 'Udachnaya', 'Jubilee'], sorting: 'Mirny, ALROSA sorting centre' },
  Canada: { mines: ['Diavik', 'Ekati', 'Gahcho Kué'], sorting: 'Yellowknife' },
  'South Africa': { mines: ['Venetia', 'Cullinan', 'Finsch'], sorting: 'Kimberley' },
  Namibia: { mines: ['Namdeb marine concession'], sorting: 'Windhoek, Namdeb Diamond Corporation' },
  Angola: { mines: ['Catoca', 'Lulo'], sorting: 'Luanda, Sodiam' },
  Other: { mines: ['Alluvial workings'], sorting: 'Antwerp' },
};
const LAB_PLACES: Record<string, string> = {
  GIA: 'GIA laboratory, Mumbai',
  IGI: 'IGI laboratory, Antwerp',
  HRD: 'HRD Antwerp',
};
const REMARKS = [
  'Please share the video from the side view.',
  'Can you do better on the price for two stones?',
  'Is this eye clean? Client asks for a photo under daylight.',
  'Looks milky in the video, please confirm.',
  'Hold for my client until Friday please.',
  'Matches the pair we bought last month.',
  'Need the certificate copy before I confirm.',
  'Table looks a bit open, send another angle.',
  'Client liked it, awaiting the setting design.',
  'Is there a better clarity in the same size?',
  'Please check the girdle for chips.',
  'Good spread for the weight, interested.',
];
const COLORS = ['#f5222d', '#fa8c16', '#fadb14', '#52c41a', '#1677ff', '#722ed1', null];
const SEARCH_SHAPES = ['Round', 'Oval', 'Pear', 'Emerald', 'Cushion', 'Princess'];
const SEARCH_COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J'];
const CARAT_RANGES: readonly [number, number][] = [
  [0.3, 0.39],
  [0.5, 0.69],
  [0.9, 0.99],
  [1, 1.49],
  [1.5, 1.99],
  [2, 2.99],
];

interface StoneFacts {
  id: string;
  origin: string | null;
  lab: string | null;
  location: string | null;
  reportDate: string | null;
  laserInscription: string | null;
}

async function journeyStones(ctx: DemoContext): Promise<StoneFacts[]> {
  const origin = alias(masters, 'origin');
  const lab = alias(masters, 'lab');
  const location = alias(masters, 'location');
  const stone = (key: string) => columnOf(stones, key);
  const numbers = Array.from({ length: JOURNEY_STONES }, (_unused, index) => demoStockNumber(index));
  const rows = await ctx.db
    .select({
      id: stone('id'),
      origin: columnOf(origin, 'name'),
      lab: columnOf(lab, 'name'),
      location: columnOf(location, 'name'),
      reportDate: stone('reportDate'),
      laserInscription: stone('laserInscription'),
    })
    .from(stones)
    .leftJoin(origin, eq(columnOf(origin, 'id'), stone('roughOriginId')))
    .leftJoin(lab, eq(columnOf(lab, 'id'), stone('labId')))
    .leftJoin(location, eq(columnOf(location, 'id'), stone('locationId')))
    .where(inArray(stone('stockNumber'), numbers))
    .orderBy(asc(stone('stockNumber')));
  return rows as unknown as StoneFacts[];
}

/**
 * How a stone came to the showcase: mined, sorted, exported under the Kimberley Process, planned, cut
 * and polished in Surat, graded and certified by its lab, laser inscribed when it is, and received in
 * stock. Dates run back from the report date (or from a recent day for stones without a report).
 */
async function seedJourneys(ctx: DemoContext): Promise<void> {
  for (const stone of await journeyStones(ctx)) {
    const origin = MINES[stone.origin ?? 'Other'] ?? (MINES.Other as { mines: string[]; sorting: string });
    const mine = ctx.faker.helpers.arrayElement(origin.mines);
    const graded = stone.reportDate
      ? Math.round((Date.parse(stone.reportDate) - DEMO_REFERENCE_DATE.getTime()) / DAY_MS)
      : -40;
    // Days before grading at which each step happened.
    const back = {
      mined: ctx.faker.number.int({ min: 260, max: 420 }),
      sorted: ctx.faker.number.int({ min: 200, max: 250 }),
      exported: ctx.faker.number.int({ min: 150, max: 190 }),
      planned: ctx.faker.number.int({ min: 100, max: 140 }),
      cut: ctx.faker.number.int({ min: 60, max: 95 }),
      polished: ctx.faker.number.int({ min: 20, max: 55 }),
    };
    const lab = stone.lab && stone.lab !== 'NONE' ? stone.lab : null;
    const events: [string, number, string, string][] = [
      [
        'mined',
        -back.mined,
        `${mine}, ${stone.origin ?? 'origin unknown'}`,
        `Recovered at the ${mine} mine.`,
      ],
      ['rough_sorted', -back.sorted, origin.sorting, 'Sorted and valued with its parcel of rough.'],
      ['exported', -back.exported, 'Antwerp', 'Imported under a Kimberley Process certificate.'],
      ['planned', -back.planned, 'Surat', 'Scanned and planned for the best yield.'],
      ['cut', -back.cut, 'Surat', 'Sawn and bruted.'],
      ['polished', -back.polished, 'Surat', 'Facets polished and the girdle finished.'],
    ];
    if (lab) {
      events.push(['graded', -10, LAB_PLACES[lab] ?? lab, `Graded by ${lab}.`]);
      events.push(['certified', 0, LAB_PLACES[lab] ?? lab, `${lab} report issued.`]);
    }
    if (stone.laserInscription) {
      events.push([
        'inscribed',
        2,
        LAB_PLACES[lab ?? ''] ?? 'Surat',
        `Girdle inscribed "${stone.laserInscription}".`,
      ]);
    }
    events.push(['in_stock', 12, stone.location ?? 'Antwerp', 'Received in stock.']);
    for (const [stage, offset, place, description] of events) {
      await createDemoRecord(
        ctx,
        diamondJourneyEventResource,
        { stoneId: stone.id, stage, eventDate: demoDay(graded + offset), place, description },
        { label: 'Journey events' },
      );
    }
  }
}

/** Customers' remarks on stones over the last two months, through the comment's own write. */
async function seedComments(ctx: DemoContext, customers: readonly Customer[]): Promise<void> {
  // Comments come from customers who can sign in: active ones.
  const commenters = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(
          users.usernameLower,
          customers.map((customer) => customer.username.toLowerCase()),
        ),
        eq(users.isActive, true),
      ),
    )
    .orderBy(asc(users.usernameLower));
  const stoneIds = new Map(
    (
      await ctx.db
        .select({ id: columnOf(stones, 'id'), stockNumber: columnOf(stones, 'stockNumber') })
        .from(stones)
    ).map((row) => [row.stockNumber as string, row.id as string]),
  );
  for (let index = 0; index < COMMENTS; index += 1) {
    const commenter = ctx.faker.helpers.arrayElement(commenters);
    const stockNumber = demoStockNumber(ctx.faker.number.int({ min: 0, max: DEMO_STONES - 1 }));
    const id = await createDiamondComment(ctx.db, ctx.actor, {
      userId: commenter.id,
      stoneId: stoneIds.get(stockNumber) as string,
      remarks: ctx.faker.helpers.arrayElement(REMARKS),
      color: ctx.faker.helpers.arrayElement(COLORS),
    });
    const at = demoInstant(
      -ctx.faker.number.int({ min: 0, max: 60 }),
      ctx.faker.number.int({ min: 8, max: 19 }),
    );
    await ctx.db
      .update(diamondComments)
      .set({ createdAt: at, updatedAt: at })
      .where(eq(diamondComments.id, id));
  }
  countAdded(ctx, 'Comments', COMMENTS);
}

/**
 * Stone searches of customers over the last month, as the stock search records them:
 * shapes, a colour run and a carat range, now and then a saved search or a demand.
 */
async function seedSearches(ctx: DemoContext, customers: readonly Customer[]): Promise<void> {
  const values = await stockMasterValues(ctx);
  const idOf = (code: string, name: string) => values.get(code)?.get(name);
  const searchers = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      inArray(
        users.usernameLower,
        customers.slice(0, 12).map((customer) => customer.username.toLowerCase()),
      ),
    )
    .orderBy(asc(users.usernameLower));
  const rows: (typeof stoneSearches.$inferInsert)[] = [];
  for (let index = 0; index < SEARCHES; index += 1) {
    const shapes = ctx.faker.helpers.arrayElements(SEARCH_SHAPES, { min: 1, max: 2 });
    const first = ctx.faker.number.int({ min: 0, max: SEARCH_COLORS.length - 3 });
    const colors = SEARCH_COLORS.slice(first, first + ctx.faker.number.int({ min: 1, max: 3 }));
    const [from, to] = ctx.faker.helpers.arrayElement(CARAT_RANGES);
    const filter: Record<string, unknown> = {
      shapeId: shapes.map((shape) => idOf('SHAPE', shape)).filter(Boolean),
      colorId: colors.map((color) => idOf('COLOR', color)).filter(Boolean),
      carat: { from, to },
    };
    const kind = ctx.faker.number.float();
    rows.push({
      userId: ctx.faker.helpers.arrayElement(searchers).id,
      searchType: kind < 0.8 ? SEARCH_TYPES.RECENT : kind < 0.92 ? SEARCH_TYPES.SAVE : SEARCH_TYPES.DEMAND,
      body: { page: 1, limit: 50, filter, sort: { marketingPricePerCarat: 'asc' } },
      resultCount: ctx.faker.number.int({ min: 0, max: 60 }),
      durationMs: ctx.faker.number.int({ min: 4, max: 90 }),
      createdAt: demoInstant(
        -ctx.faker.number.int({ min: 0, max: 30 }),
        ctx.faker.number.int({ min: 0, max: 23 }),
      ),
    });
  }
  await ctx.db.insert(stoneSearches).values(rows);
  countAdded(ctx, 'Stone searches', rows.length);
}

/** What happened around the stones: their journeys, customers' comments, and searches of the stock. */
export async function seedStoneStories(ctx: DemoContext, customers: readonly Customer[]): Promise<void> {
  await seedJourneys(ctx);
  await seedComments(ctx, customers);
  await seedSearches(ctx, customers);
}
