import { layoutMasterResource, stoneResource } from '@facet/contract';
import { and, asc, between, eq, inArray, isNotNull, isNull, notInArray, type SQL } from 'drizzle-orm';
import { sizes } from '../../db/resource-tables.ts';
import { tableFor } from '../../db/tables.ts';
import { layoutStones } from '../../layouts/layout-tables.ts';
import { createLayout } from '../../layouts/layout-writes.ts';
import { columnOf } from '../../resources/columns.ts';
import { countAdded, createDemoRecord, type DemoContext } from './context.ts';
import { stockMasterValues } from './master-values.ts';

/** code, name, description, shape, colours, clarities, size bracket. */
type DemoMaster = [
  string,
  string,
  string,
  string | null,
  [string, string] | null,
  [string, string] | null,
  string | null,
];

const MASTERS: DemoMaster[] = [
  [
    'R1DF',
    'Round 1ct D-F',
    'One-carat rounds of the top colours, for solitaire clients.',
    'Round',
    ['D', 'F'],
    ['IF', 'VS2'],
    '1.00-1.49',
  ],
  [
    'RIV30',
    'Riviere 0.30-0.49',
    'Graduated rounds for rivieres and tennis bracelets.',
    'Round',
    ['D', 'H'],
    ['VVS1', 'SI1'],
    null,
  ],
  ['PAIRS', 'Matched pairs', 'Two stones of one shape and grade, for earrings.', null, null, null, null],
  ['FANCY', 'Fancy shapes', 'Pears, ovals, marquises and cushions offered as a set.', null, null, null, null],
];

/** layout #, name, master code, remarks, how its stones are picked, how many. */
type DemoLayout = [string, string, string, string, (ids: Values) => SQL | undefined, number];
type Values = Map<string, Map<string, string>>;

const stones = tableFor(stoneResource);
const col = (key: string) => columnOf(stones, key);
const gradeIn = (values: Values, key: string, code: string, names: readonly string[]) => {
  const ids = names.map((name) => values.get(code)?.get(name)).filter((id): id is string => Boolean(id));
  return ids.length ? inArray(col(key), ids) : undefined;
};

const LAYOUTS: DemoLayout[] = [
  [
    'L-2026-001',
    'Solitaire round 1ct, D-F',
    'R1DF',
    'Offered to the bridal buyers first.',
    (values) =>
      and(
        gradeIn(values, 'shapeId', 'SHAPE', ['Round']),
        gradeIn(values, 'colorId', 'COLOR', ['D', 'E', 'F', 'G']),
        between(col('carat'), 0.9, 1.6),
      ),
    6,
  ],
  [
    'L-2026-002',
    'Riviere, 0.30-0.49 ct rounds',
    'RIV30',
    'Graduate from the centre out; reprice before the show.',
    (values) => and(gradeIn(values, 'shapeId', 'SHAPE', ['Round']), between(col('carat'), 0.3, 0.59)),
    14,
  ],
  [
    'L-2026-003',
    'Matched pairs',
    'PAIRS',
    'Both stones of each pair go together.',
    () => isNotNull(col('pairStockNumber')),
    4,
  ],
  [
    'L-2026-004',
    'Fancy shapes set',
    'FANCY',
    'A mixed set for the Hong Kong show.',
    (values) => gradeIn(values, 'shapeId', 'SHAPE', ['Pear', 'Oval', 'Marquise', 'Cushion']),
    8,
  ],
];

/**
 * Layout masters, and layouts of the demo stock under them, each with its stones picked by the
 * master's kind (one-carat rounds, small rounds for a riviere, matched pairs, fancy shapes), through the
 * layouts' own write so that their trail is recorded.
 */
export async function seedLayouts(ctx: DemoContext): Promise<void> {
  const values = await stockMasterValues(ctx);
  const value = (code: string, name: string | null | undefined) =>
    (name && values.get(code)?.get(name)) || null;
  const sizeIds = new Map(
    (await ctx.db.select({ id: columnOf(sizes, 'id'), name: columnOf(sizes, 'name') }).from(sizes)).map(
      (row) => [row.name as string, row.id as string],
    ),
  );
  const masterIds = new Map<string, string>();
  for (const [index, [code, name, description, shape, colors, clarities, size]] of MASTERS.entries()) {
    const id = await createDemoRecord(
      ctx,
      layoutMasterResource,
      {
        code,
        name,
        description,
        shapeId: value('SHAPE', shape),
        colorFromId: value('COLOR', colors?.[0]),
        colorToId: value('COLOR', colors?.[1]),
        clarityFromId: value('CLARITY', clarities?.[0]),
        clarityToId: value('CLARITY', clarities?.[1]),
        sizeId: (size && sizeIds.get(size)) || null,
        sequence: index + 1,
      },
      { label: 'Layout masters' },
    );
    masterIds.set(code, id);
  }

  for (const [layoutNumber, name, masterCode, remarks, where, count] of LAYOUTS) {
    const taken = (await ctx.db.select({ id: layoutStones.stoneId }).from(layoutStones)).map((row) => row.id);
    const picked = await ctx.db
      .select({ id: col('id') })
      .from(stones)
      .where(
        and(
          isNull(col('deletedAt')),
          eq(col('status'), 'A'),
          where(values),
          taken.length ? notInArray(col('id'), taken) : undefined,
        ),
      )
      .orderBy(asc(col('stockNumber')))
      .limit(count);
    if (picked.length < 2) continue;
    await createLayout(ctx.db, ctx.actor, {
      layoutNumber,
      name,
      layoutMasterId: masterIds.get(masterCode) ?? null,
      remarks,
      isActive: true,
      stoneIds: picked.map((row) => row.id as string),
    });
    countAdded(ctx, 'Layouts');
  }
}
