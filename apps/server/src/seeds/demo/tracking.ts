import { createSchemaOf, pageTrackingResource } from '@facet/contract';
import { tableFor } from '../../db/tables.ts';
import { countAdded, type DemoContext, demoInstant } from './context.ts';
import type { Customer } from './customers.ts';

/** Page, section, and the actions that page has, with how often customers open it. */
const PAGES: readonly { page: string; sections: string[]; actions: string[]; weight: number }[] = [
  {
    page: 'Dashboard',
    sections: ['Featured stones', 'New arrivals', 'Banners'],
    actions: ['view', 'open-stone'],
    weight: 10,
  },
  {
    page: 'Search diamond',
    sections: ['Basic', 'Advanced', 'Fancy colour'],
    actions: ['view', 'search'],
    weight: 9,
  },
  {
    page: 'Search result',
    sections: ['List', 'Grid'],
    actions: ['view', 'add-to-cart', 'add-to-watchlist', 'export'],
    weight: 9,
  },
  {
    page: 'Diamond details',
    sections: ['Video', 'Certificate', 'Proportions'],
    actions: ['view', 'download-certificate', 'share', 'enquiry'],
    weight: 7,
  },
  { page: 'Cart', sections: ['Items'], actions: ['view', 'remove', 'place-order'], weight: 4 },
  { page: 'Watchlist', sections: ['Items'], actions: ['view', 'remove'], weight: 3 },
  { page: 'Compare', sections: ['Table'], actions: ['view'], weight: 2 },
  { page: 'Orders', sections: ['Open', 'Shipped'], actions: ['view', 'download-invoice'], weight: 2 },
  { page: 'Appointments', sections: ['Calendar'], actions: ['view', 'book'], weight: 1 },
  { page: 'My account', sections: ['Profile', 'Password'], actions: ['view', 'update'], weight: 1 },
];
const DEVICES = ['Web', 'Web', 'Web', 'Android', 'iPhone', 'iPhone', 'iPad'];
const SHAPES = ['Round', 'Oval', 'Pear', 'Emerald', 'Cushion', 'Princess'];

const VISITS = 1500;
/** Rows per insert: 7 columns each, far below PostgreSQL's parameter limit. */
const BATCH = 500;

/**
 * What customers opened over the quarter before the reference date. Client apps write these rows, so
 * they go in bulk, without a trail; each row still passes the resource's own validation.
 */
export async function seedPageTracking(ctx: DemoContext, customers: readonly Customer[]): Promise<void> {
  const schema = createSchemaOf(pageTrackingResource);
  const table = tableFor(pageTrackingResource);
  const weighted = PAGES.map((page) => ({ weight: page.weight, value: page }));
  const rows: Record<string, unknown>[] = [];
  for (let index = 0; index < VISITS; index += 1) {
    const customer = ctx.faker.helpers.arrayElement(customers);
    const page = ctx.faker.helpers.weightedArrayElement(weighted);
    const action = ctx.faker.helpers.arrayElement(page.actions);
    const trackedAt = demoInstant(
      -ctx.faker.number.int({ min: 0, max: 89 }),
      ctx.faker.number.float({ min: 6, max: 22, fractionDigits: 3 }),
    );
    const shape = ctx.faker.helpers.arrayElement(SHAPES);
    const body = schema.parse({
      userName: customer.username,
      page: page.page,
      section: ctx.faker.helpers.arrayElement(page.sections),
      action,
      description:
        action === 'search'
          ? `${shape}, ${ctx.faker.helpers.arrayElement(['0.50-0.69', '0.90-0.99', '1.00-1.49', '2.00-2.99'])} ct`
          : null,
      device: ctx.faker.helpers.arrayElement(DEVICES),
      trackedAt: trackedAt.toISOString(),
    });
    rows.push({ ...body, trackedAt, createdAt: trackedAt, updatedAt: trackedAt });
  }
  for (let start = 0; start < rows.length; start += BATCH) {
    await ctx.db.insert(table).values(rows.slice(start, start + BATCH));
  }
  countAdded(ctx, 'Page visits', rows.length);
}
