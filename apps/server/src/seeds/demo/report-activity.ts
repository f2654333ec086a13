import { SEARCH_TYPES } from '@facet/contract';
import { inArray, isNull } from 'drizzle-orm';
import { users } from '../../access/user-table.ts';
import { layoutMasters } from '../../db/resource-tables.ts';
import { layoutSearches } from '../../layouts/layout-search-table.ts';
import { loginLogs } from '../../login-log/login-log-table.ts';
import { columnOf } from '../../resources/columns.ts';
import { stoneSearches } from '../../search-history/stone-search-table.ts';
import { countAdded, type DemoContext } from './context.ts';
import { approvedBuyers, type Customer } from './customers.ts';
import { stockMasterValues } from './master-values.ts';

const HOUR_MS = 60 * 60 * 1000;
/** How far back the reports' demo activity goes: a manager's usual period and the one before. */
const DAYS = 60;
const COUNTS = { searches: 900, layoutSearches: 120, signIns: 420 } as const;

/** What customers look for most, in the trade's order of popularity. */
const SHAPES = ['Round', 'Round', 'Round', 'Oval', 'Emerald', 'Pear', 'Cushion', 'Princess'];
const COLORS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'];
const CLARITIES = ['IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2'];
const CARAT_FROM = [0.3, 0.5, 0.7, 0.9, 1, 1, 1.5, 2, 3];
const LABS = ['GIA', 'GIA', 'IGI', 'HRD'];

const BROWSERS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
];

/**
 * What the reports read, over the last two months: the customers' stone searches (with searches that
 * found nothing, which the search summary puts first), their layout searches, and their sign-ins with a
 * few failures. The reports take these from the raw rows until the roll-up jobs take the closed days in.
 */
export async function seedReportActivity(ctx: DemoContext, customers: readonly Customer[]): Promise<void> {
  const { faker } = ctx;
  const buyers = await approvedBuyers(ctx.db, customers);
  if (buyers.length === 0) return;
  const now = Date.now();
  const ago = () => new Date(now - faker.number.int({ min: 0, max: DAYS * 24 - 1 }) * HOUR_MS);
  const values = await stockMasterValues(ctx);
  const idsOf = (code: string, names: readonly string[]) =>
    names.map((name) => values.get(code)?.get(name)).filter((id): id is string => id !== undefined);
  const run = <T>(list: readonly T[]) => {
    const start = faker.number.int({ min: 0, max: list.length - 1 });
    return list.slice(start, start + faker.number.int({ min: 1, max: 3 }));
  };

  const searches: (typeof stoneSearches.$inferInsert)[] = [];
  for (let index = 0; index < COUNTS.searches; index += 1) {
    const filter: Record<string, unknown> = { shapeId: idsOf('SHAPE', [faker.helpers.arrayElement(SHAPES)]) };
    if (faker.datatype.boolean(0.8)) filter.colorId = idsOf('COLOR', run(COLORS));
    if (faker.datatype.boolean(0.7)) filter.clarityId = idsOf('CLARITY', run(CLARITIES));
    const from = faker.helpers.arrayElement(CARAT_FROM);
    filter.carat = { from, to: Number((from + faker.helpers.arrayElement([0.19, 0.49, 0.99])).toFixed(2)) };
    if (faker.datatype.boolean(0.3)) filter.labId = idsOf('LAB', [faker.helpers.arrayElement(LABS)]);
    searches.push({
      userId: faker.helpers.arrayElement(buyers).id,
      searchType: faker.datatype.boolean(0.9) ? SEARCH_TYPES.RECENT : SEARCH_TYPES.SAVE,
      body: { filter },
      // Large stones in rare grades often find nothing: that is stock to buy.
      resultCount: from >= 2 && faker.datatype.boolean(0.6) ? 0 : faker.number.int({ min: 0, max: 140 }),
      durationMs: faker.number.int({ min: 8, max: 120 }),
      createdAt: ago(),
    });
  }
  await ctx.db.insert(stoneSearches).values(searches);
  countAdded(ctx, 'Stone searches', searches.length);

  const categories = await ctx.db
    .select({ id: columnOf(layoutMasters, 'id') })
    .from(layoutMasters)
    .where(isNull(columnOf(layoutMasters, 'deletedAt')));
  if (categories.length > 0) {
    const layoutRows: (typeof layoutSearches.$inferInsert)[] = [];
    for (let index = 0; index < COUNTS.layoutSearches; index += 1) {
      const named = faker.datatype.boolean(0.75) ? [faker.helpers.arrayElement(categories).id as string] : [];
      layoutRows.push({
        userId: faker.helpers.arrayElement(buyers).id,
        body: named.length ? { filter: { layoutMasterId: named } } : {},
        layoutMasterIds: named,
        resultCount: faker.number.int({ min: 0, max: 6 }),
        createdAt: ago(),
      });
    }
    await ctx.db.insert(layoutSearches).values(layoutRows);
    countAdded(ctx, 'Layout searches', layoutRows.length);
  }

  const people = await ctx.db
    .select({ id: users.id, username: users.usernameLower })
    .from(users)
    .where(
      inArray(
        users.id,
        buyers.map((buyer) => buyer.id),
      ),
    );
  const logins: (typeof loginLogs.$inferInsert)[] = [];
  for (let index = 0; index < COUNTS.signIns; index += 1) {
    const person = faker.helpers.arrayElement(people);
    const failed = faker.datatype.boolean(0.12);
    logins.push({
      userId: person.id,
      username: person.username,
      result: failed ? 'wrong_password' : 'success',
      ip: `203.0.113.${faker.number.int({ min: 2, max: 60 })}`,
      userAgent: faker.helpers.arrayElement(BROWSERS),
      createdAt: ago(),
    });
  }
  await ctx.db.insert(loginLogs).values(logins);
  countAdded(ctx, 'Sign-ins', logins.length);
}
