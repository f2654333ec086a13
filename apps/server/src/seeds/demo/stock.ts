import { certificateCheckUrl, stoneResource } from '@facet/contract';
import { inArray } from 'drizzle-orm';
import { tableFor } from '../../db/tables.ts';
import { columnOf } from '../../resources/columns.ts';
import { bulkCreateDemoRecords, type DemoContext, demoDay } from './context.ts';
import { stockMasterValues } from './master-values.ts';

/** How many stones the demo stock holds; stock numbers run from FD100001. */
export const DEMO_STONES = 240;

export function demoStockNumber(index: number): string {
  return `FD${100_001 + index}`;
}

type Weighted<T> = readonly (readonly [T, number])[];

const SHAPES: Weighted<string> = [
  ['Round', 55],
  ['Oval', 8],
  ['Pear', 6],
  ['Emerald', 6],
  ['Cushion', 6],
  ['Princess', 5],
  ['Radiant', 4],
  ['Marquise', 3],
  ['Asscher', 3],
  ['Heart', 2],
];
/** Length over width of each fancy shape. */
const RATIOS: Record<string, readonly [number, number]> = {
  Oval: [1.33, 1.5],
  Pear: [1.5, 1.7],
  Emerald: [1.3, 1.5],
  Cushion: [1, 1.15],
  Princess: [1, 1.05],
  Radiant: [1.2, 1.35],
  Marquise: [1.9, 2.1],
  Asscher: [1, 1.04],
  Heart: [0.95, 1.05],
};
/** Carat brackets as traders stock them, with the "magic sizes" just above a bracket. */
const CARATS: Weighted<readonly [number, number]> = [
  [[0.3, 0.39], 10],
  [[0.4, 0.49], 8],
  [[0.5, 0.69], 14],
  [[0.7, 0.89], 12],
  [[0.9, 0.99], 8],
  [[1, 1.49], 22],
  [[1.5, 1.99], 12],
  [[2, 2.99], 9],
  [[3, 3.99], 3],
  [[4, 5.5], 2],
];
const COLORS: Weighted<string> = [
  ['D', 6],
  ['E', 10],
  ['F', 14],
  ['G', 17],
  ['H', 16],
  ['I', 12],
  ['J', 9],
  ['K', 6],
  ['L', 3],
  ['M', 2],
];
const CLARITIES: Weighted<string> = [
  ['IF', 3],
  ['VVS1', 7],
  ['VVS2', 10],
  ['VS1', 17],
  ['VS2', 20],
  ['SI1', 20],
  ['SI2', 13],
  ['I1', 3],
];
const GRADES: Weighted<string> = [
  ['Excellent', 70],
  ['Very Good', 24],
  ['Good', 6],
];
const FLUORESCENCE: Weighted<string> = [
  ['None', 62],
  ['Faint', 16],
  ['Medium', 11],
  ['Strong', 9],
  ['Very Strong', 2],
];
const LABS: Weighted<string> = [
  ['GIA', 70],
  ['IGI', 14],
  ['HRD', 11],
  ['NONE', 5],
];
const STATUSES: Weighted<string> = [
  ['A', 82],
  ['M', 5],
  ['H', 5],
  ['O', 3],
  ['S', 3],
  ['B', 1],
  ['U', 1],
];
const FANCY = ['Yellow', 'Pink', 'Blue', 'Green', 'Brown', 'Orange'];
const INTENSITIES = ['Fancy Light', 'Fancy', 'Fancy Intense', 'Fancy Vivid', 'Fancy Deep'];
const INCLUSIONS = ['Crystal', 'Feather', 'Cloud', 'Needle', 'Pinpoint', 'Indented Natural', 'Twinning Wisp'];
const ORIGINS: Weighted<string> = [
  ['Botswana', 30],
  ['Russia', 20],
  ['Canada', 12],
  ['South Africa', 14],
  ['Namibia', 8],
  ['Angola', 6],
  ['Other', 10],
];
const LOCATIONS: Weighted<string> = [
  ['Mumbai', 24],
  ['Surat', 12],
  ['Antwerp', 26],
  ['Hong Kong', 18],
  ['New York', 12],
  ['Dubai', 8],
];

/** Rapaport-like list price, $/ct, of a 1 ct stone by size bracket start (D IF = 1). */
const LIST_BY_SIZE: readonly (readonly [number, number])[] = [
  [0.3, 4400],
  [0.4, 5800],
  [0.5, 9000],
  [0.7, 12_500],
  [0.9, 18_000],
  [1, 26_000],
  [1.5, 38_000],
  [2, 58_000],
  [3, 98_000],
  [4, 120_000],
];
const COLOR_FACTOR: Record<string, number> = {
  D: 1,
  E: 0.82,
  F: 0.72,
  G: 0.62,
  H: 0.52,
  I: 0.43,
  J: 0.36,
  K: 0.3,
  L: 0.26,
  M: 0.23,
};
const CLARITY_FACTOR: Record<string, number> = {
  IF: 1,
  VVS1: 0.82,
  VVS2: 0.74,
  VS1: 0.66,
  VS2: 0.58,
  SI1: 0.47,
  SI2: 0.38,
  I1: 0.24,
};

function pick<T>(ctx: DemoContext, weighted: Weighted<T>): T {
  return ctx.faker.helpers.weightedArrayElement(weighted.map(([value, weight]) => ({ value, weight })));
}

function between(ctx: DemoContext, [min, max]: readonly [number, number], digits = 2): number {
  return ctx.faker.number.float({ min, max, fractionDigits: digits });
}

function listPrice(carat: number, color: string, clarity: string): number {
  const size = [...LIST_BY_SIZE].reverse().find(([from]) => carat >= from)?.[1] ?? 4200;
  const value = size * (COLOR_FACTOR[color] ?? 0.3) * (CLARITY_FACTOR[clarity] ?? 0.3);
  return Math.round(value / 100) * 100;
}

type Grades = { shape: string; carat: number; color: string | null; fancy: string | null; clarity: string };

function gradesOf(ctx: DemoContext): Grades {
  const shape = pick(ctx, SHAPES);
  const bracket = pick(ctx, CARATS);
  // A third of the stones sit just above a bracket's start, as cutters aim for.
  const carat =
    ctx.faker.number.float() < 0.33
      ? bracket[0] + ctx.faker.number.int({ min: 0, max: 3 }) / 100
      : between(ctx, bracket);
  const fancy = ctx.faker.number.float() < 0.08 ? ctx.faker.helpers.arrayElement(FANCY) : null;
  return { shape, carat, color: fancy ? null : pick(ctx, COLORS), fancy, clarity: pick(ctx, CLARITIES) };
}

/**
 * The house's certified stock: shapes, sizes and grades in the proportions a trader carries, measured
 * and priced by the trade's rules (the server derives price/ct, discount and amount), a few matched
 * pairs, stones on memo, on hold and at a show. Fancy colours have no list price: priced in $/ct.
 */
export async function seedStock(ctx: DemoContext, showId: string | null): Promise<void> {
  const values = await stockMasterValues(ctx);
  const id = (code: string, name: string | null | undefined): string | null =>
    (name && values.get(code)?.get(name)) || null;
  let previous: Grades | null = null;
  const stones: Record<string, unknown>[] = [];
  for (let index = 0; index < DEMO_STONES; index += 1) {
    // Every twentieth stone is the second of a matched pair: the previous stone's grades, a hair lighter.
    const pairedWithPrevious = index % 20 === 19 && previous !== null;
    const grades: Grades =
      pairedWithPrevious && previous
        ? { ...previous, carat: Math.max(0.3, Math.round((previous.carat - 0.01) * 100) / 100) }
        : gradesOf(ctx);
    previous = grades;
    const round = grades.shape === 'Round';
    const lab = pick(ctx, LABS);
    const certificateNumber =
      lab === 'NONE'
        ? null
        : lab === 'GIA'
          ? ctx.faker.string.numeric({ length: 10, allowLeadingZeros: false })
          : ctx.faker.string.numeric({ length: 9, allowLeadingZeros: false });
    const diameter = 6.45 * Math.cbrt(grades.carat);
    const ratio = round ? between(ctx, [1, 1.01], 3) : between(ctx, RATIOS[grades.shape] ?? [1, 1.1], 3);
    const width = diameter / Math.sqrt(ratio);
    const totalDepth = round ? between(ctx, [59.5, 62.8], 1) : between(ctx, [60, 70], 1);
    const cut = round ? pick(ctx, GRADES) : null;
    const polish = pick(ctx, GRADES);
    const fluorescence = pick(ctx, FLUORESCENCE);
    const origin = pick(ctx, ORIGINS);
    const status = index === 0 ? 'D' : pick(ctx, STATUSES);
    const rap = grades.color ? listPrice(grades.carat, grades.color, grades.clarity) : null;
    // Better make, smaller discount; strong blue fluorescence costs a few points more.
    const discount = rap
      ? -Math.round(
          (between(ctx, [18, 42], 1) +
            (cut === 'Excellent' || !round ? 0 : 6) +
            (fluorescence === 'Strong' ? 5 : 0)) *
            100,
        ) / 100
      : null;
    stones.push({
      stockNumber: demoStockNumber(index),
      certificateNumber,
      labId: id('LAB', lab),
      reportDate: lab === 'NONE' ? null : demoDay(-ctx.faker.number.int({ min: 20, max: 700 })),
      status,
      shapeId: id('SHAPE', grades.shape),
      carat: grades.carat,
      colorId: id('COLOR', grades.color),
      fancyColor: id('FANCY_COLOR', grades.fancy),
      fancyColorIntensity: grades.fancy ? id('INTENSITY', ctx.faker.helpers.arrayElement(INTENSITIES)) : null,
      fancyColorOvertone: grades.fancy ? id('OVERTONE', 'None') : null,
      clarityId: id('CLARITY', grades.clarity),
      cutId: id('CUT', cut),
      polishId: id('POLISH', polish),
      symmetryId: id('SYMMETRY', polish === 'Excellent' ? pick(ctx, GRADES) : 'Very Good'),
      fluorescenceId: id('FLUORESCENCE', fluorescence),
      fluorescenceColorId: fluorescence === 'None' ? null : id('FLUORESCENCE_COLOR', 'Blue'),
      colorShadeId: id('SHADE', ctx.faker.number.float() < 0.9 ? 'None' : 'Faint Brown'),
      milkeyId: id('MILKEY', ctx.faker.number.float() < 0.92 ? 'None' : 'Light'),
      eyeCleanId: id(
        'EYECLEAN',
        ['IF', 'VVS1', 'VVS2', 'VS1', 'VS2'].includes(grades.clarity) ? 'Yes' : 'No',
      ),
      hAndAId:
        round && cut === 'Excellent' ? id('H_AND_A', ctx.faker.number.float() < 0.3 ? 'Yes' : 'No') : null,
      length: Math.round(width * ratio * 100) / 100,
      width: Math.round(width * 100) / 100,
      depth: Math.round(((width * totalDepth) / 100) * 100) / 100,
      totalDepth,
      tablePer: round ? between(ctx, [54, 60], 1) : between(ctx, [58, 70], 1),
      crownHeight: round ? between(ctx, [13, 16], 1) : null,
      cAngle: round ? between(ctx, [33, 36], 1) : null,
      pavilionDepth: round ? between(ctx, [42.5, 44], 1) : null,
      pAngle: round ? between(ctx, [40.6, 41.2], 1) : null,
      starLength: round ? ctx.faker.helpers.arrayElement([45, 50, 55]) : null,
      lowerHalf: round ? ctx.faker.helpers.arrayElement([75, 80]) : null,
      girdlePer: between(ctx, [2.5, 4.5], 1),
      girdleThinId: id('GIRDLE', 'Medium'),
      girdleThickId: id('GIRDLE', ctx.faker.helpers.arrayElement(['Medium', 'Slightly Thick', 'Thick'])),
      culetId: id('CULET', 'None'),
      keyToSymbol: ctx.faker.helpers.arrayElements(INCLUSIONS, { min: 1, max: 3 }),
      labComment: ctx.faker.number.float() < 0.25 ? 'Clouds are not shown.' : null,
      laserInscription: lab === 'GIA' && certificateNumber ? `GIA ${certificateNumber}` : null,
      roughOriginId: id('ORIGIN', origin),
      isCanadaMark: origin === 'Canada',
      isTypeIIa: grades.color === 'D' && ctx.faker.number.float() < 0.3,
      locationId: id('LOCATION', pick(ctx, LOCATIONS)),
      marketingIssueDate: demoDay(
        status === 'U'
          ? ctx.faker.number.int({ min: 5, max: 30 })
          : -ctx.faker.number.int({ min: 0, max: 120 }),
      ),
      pairStockNumber: pairedWithPrevious
        ? demoStockNumber(index - 1)
        : index % 20 === 18
          ? demoStockNumber(index + 1)
          : null,
      showIdName: status === 'S' ? showId : null,
      rapPrice: rap,
      marketingBack: discount,
      marketingPricePerCarat: rap ? null : ctx.faker.number.int({ min: 60, max: 600 }) * 100,
      certificateUrl: certificateCheckUrl(lab, certificateNumber),
      isActive: ctx.faker.number.float() < 0.97,
    });
  }
  await bulkCreateDemoRecords(ctx, stoneResource, stones, 'Stones');
}

/** The ids of demo stones by stock number, for the areas that point at stones. */
export async function stoneIdsByStockNumber(
  ctx: DemoContext,
  stockNumbers: readonly string[],
): Promise<Map<string, string>> {
  const table = tableFor(stoneResource);
  const rows = await ctx.db
    .select({ id: columnOf(table, 'id'), stockNumber: columnOf(table, 'stockNumber') })
    .from(table)
    .where(inArray(columnOf(table, 'stockNumber'), [...new Set(stockNumbers)]));
  return new Map(rows.map((row) => [row.stockNumber as string, row.id as string]));
}
