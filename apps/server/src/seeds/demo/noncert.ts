import {
  type CriteriaRowInput,
  criteriaRowSchema,
  nonCertDiamondResource,
  nonCertResource,
} from '@facet/contract';
import { isNull } from 'drizzle-orm';
import { sizes } from '../../db/resource-tables.ts';
import { saveCriteria } from '../../noncert/criteria-store.ts';
import { columnOf } from '../../resources/columns.ts';
import { bulkCreateDemoRecords, countAdded, createDemoRecord, type DemoContext, demoDay } from './context.ts';
import { stockMasterValues } from './master-values.ts';

/** shape, size or carat range, colours, clarities, pieces, carats, $/ct. */
type Band = [
  string,
  string | [number, number],
  [string, string] | null,
  [string, string] | null,
  number,
  number,
  number,
];

interface DemoLot {
  number: string;
  name: string;
  shape: string | null;
  days: number;
  description: string;
  gradingNote: string;
  isActive: boolean;
  bands: Band[];
  /** Stones listed one by one: stock #, shape, carat, colour, clarity, $/ct. */
  stones: [string, string, number, string, string, number][];
}

const LOTS: DemoLot[] = [
  {
    number: 'NC-2025-041',
    name: 'Surat melee, white',
    shape: 'Round',
    days: -40,
    description: 'Round brilliant melee from the Surat factory, sorted for bracelets and halos.',
    gradingNote: 'Colour against the house master set under daylight lamp; clarity at 10x.',
    isActive: true,
    bands: [
      ['Round', [0.01, 0.03], ['D', 'F'], ['VVS1', 'VS2'], 420, 8.4, 780],
      ['Round', [0.04, 0.07], ['D', 'F'], ['VVS1', 'VS2'], 160, 8.96, 820],
      ['Round', [0.04, 0.07], ['G', 'H'], ['SI1', 'SI2'], 210, 11.34, 540],
      ['Round', '0.08-0.14', ['G', 'H'], ['VS1', 'SI1'], 64, 6.72, 910],
    ],
    stones: [],
  },
  {
    number: 'NC-2025-057',
    name: 'Fancy shapes, Antwerp memo return',
    shape: null,
    days: -21,
    description: 'Pears, ovals and marquises back from memo, regraded before resale.',
    gradingNote: 'Regraded in house after the memo; no lab reports.',
    isActive: true,
    bands: [
      ['Pear', '0.30-0.39', ['E', 'G'], ['VS1', 'VS2'], 12, 4.02, 1450],
      ['Oval', '0.50-0.69', ['F', 'H'], ['VS2', 'SI1'], 8, 4.56, 1980],
      ['Marquise', '0.40-0.49', ['G', 'I'], ['SI1', 'SI2'], 10, 4.35, 1120],
    ],
    stones: [
      ['NCD-057-01', 'Pear', 0.36, 'E', 'VS1', 1520],
      ['NCD-057-02', 'Pear', 0.33, 'F', 'VS2', 1430],
      ['NCD-057-03', 'Oval', 0.58, 'F', 'VS2', 2050],
      ['NCD-057-04', 'Oval', 0.61, 'H', 'SI1', 1890],
      ['NCD-057-05', 'Marquise', 0.44, 'G', 'SI1', 1160],
    ],
  },
  {
    number: 'NC-2025-063',
    name: 'Single stones awaiting certification',
    shape: 'Round',
    days: -9,
    description: 'Larger rounds sold before their lab reports are back.',
    gradingNote: 'House grade; the lab may differ by one colour or clarity grade.',
    isActive: true,
    bands: [['Round', '1.00-1.49', ['F', 'H'], ['VS1', 'SI1'], 6, 6.62, 5200]],
    stones: [
      ['NCD-063-01', 'Round', 1.01, 'F', 'VS1', 5600],
      ['NCD-063-02', 'Round', 1.07, 'G', 'VS2', 5250],
      ['NCD-063-03', 'Round', 1.12, 'G', 'VS2', 5300],
      ['NCD-063-04', 'Round', 1.2, 'H', 'SI1', 4800],
      ['NCD-063-05', 'Round', 1.03, 'H', 'VS1', 5050],
      ['NCD-063-06', 'Round', 1.19, 'F', 'SI1', 5150],
    ],
  },
  {
    number: 'NC-2024-112',
    name: 'Old brown goods',
    shape: 'Round',
    days: -200,
    description: 'Brownish melee kept off the website.',
    gradingNote: 'Light brown; sold by the parcel.',
    isActive: false,
    bands: [['Round', [0.04, 0.07], ['K', 'M'], ['SI2', 'I1'], 300, 16.5, 160]],
    stones: [],
  },
];

/** Non-certified lots with their criteria (saved as a set, as the editor saves them) and some stones. */
export async function seedNonCertGoods(ctx: DemoContext): Promise<void> {
  const grades = await stockMasterValues(ctx);
  const grade = (code: string, name: string) => {
    const id = grades.get(code)?.get(name);
    if (!id) throw new Error(`demo: no ${code} value ${name}`);
    return id;
  };
  const brackets = new Map(
    (
      await ctx.db
        .select({ id: columnOf(sizes, 'id'), name: columnOf(sizes, 'name') })
        .from(sizes)
        .where(isNull(columnOf(sizes, 'deletedAt')))
    ).map((row) => [row.name as string, row.id as string]),
  );
  for (const lot of LOTS) {
    const id = await createDemoRecord(ctx, nonCertResource, {
      number: lot.number,
      name: lot.name,
      shapeId: lot.shape ? grade('SHAPE', lot.shape) : null,
      date: demoDay(lot.days),
      description: lot.description,
      gradingNote: lot.gradingNote,
      isActive: lot.isActive,
    });
    // Checked by the schema the editor's rows pass, as createDemoRecord checks a record.
    const rows: CriteriaRowInput[] = lot.bands.map(
      ([shape, range, colors, clarities, pieces, carats, price]) =>
        criteriaRowSchema.parse({
          shapeId: grade('SHAPE', shape),
          ...(typeof range === 'string'
            ? { sizeId: brackets.get(range) ?? null }
            : { caratFrom: range[0], caratTo: range[1] }),
          colorFromId: colors ? grade('COLOR', colors[0]) : null,
          colorToId: colors ? grade('COLOR', colors[1]) : null,
          clarityFromId: clarities ? grade('CLARITY', clarities[0]) : null,
          clarityToId: clarities ? grade('CLARITY', clarities[1]) : null,
          pieces,
          carats,
          pricePerCarat: price,
        }),
    );
    await saveCriteria(ctx.db, ctx.actor, id, rows);
    countAdded(ctx, 'Non-certified criteria row', rows.length);
    if (lot.stones.length === 0) continue;
    await bulkCreateDemoRecords(
      ctx,
      nonCertDiamondResource,
      lot.stones.map(([stockNumber, shape, carat, color, clarity, price]) => ({
        nonCertId: id,
        stockNumber,
        shapeId: grade('SHAPE', shape),
        carat,
        colorId: grade('COLOR', color),
        clarityId: grade('CLARITY', clarity),
        pricePerCarat: price,
      })),
    );
  }
}
