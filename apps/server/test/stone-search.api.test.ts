import { randomUUID } from 'node:crypto';
import {
  type BodyIn,
  CONTENT_TYPE,
  type DataOf,
  MAX_FILTER_IDS,
  masterResource,
  newsEventResource,
  pathOf,
  type ResourceRecord,
  resourceEndpoints,
  resourcePaths,
  type StoneTotals,
  stoneResource,
  USER_TYPES,
} from '@facet/contract';
import { count, desc, eq, gte, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { masters, stones } from '../src/db/resource-tables.ts';
import { columnOf } from '../src/resources/columns.ts';
import { stoneSearches } from '../src/search-history/stone-search-table.ts';
import { type ApiResponse, databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { userWithRole } from './user-admin.ts';

const stone = resourcePaths(stoneResource);
const STATE_MODULE_ID = 22;

const paginate = resourceEndpoints(stoneResource).paginate;
type Page = DataOf<typeof paginate> & { totals: StoneTotals };

/**
 * One test stone, graded by master value names. Eight of them, each attribute spread so that every
 * filter keeps some stones and drops others.
 */
interface TestStone {
  stockNumber: string;
  certificateNumber: string;
  grades: Record<string, string>;
  numbers: Record<string, number>;
  marketingIssueDate: string;
  keyToSymbol: string[];
  atShow: boolean;
  showSrNo: number;
}

/** Field → master code of every master-valued filter key of the spec. */
const MASTER_FIELDS: Record<string, string> = {
  shapeId: 'SHAPE',
  colorId: 'COLOR',
  clarityId: 'CLARITY',
  cutId: 'CUT',
  polishId: 'POLISH',
  symmetryId: 'SYMMETRY',
  fluorescenceId: 'FLUORESCENCE',
  labId: 'LAB',
  colorShadeId: 'SHADE',
  milkeyId: 'MILKEY',
  eyeCleanId: 'EYECLEAN',
  hAndAId: 'H_AND_A',
  roughOriginId: 'ORIGIN',
  locationId: 'LOCATION',
  fancyColor: 'FANCY_COLOR',
  fancyColorIntensity: 'INTENSITY',
  fancyColorOvertone: 'OVERTONE',
  blackInclusionTableId: 'BLACK_INCLUSION_TABLE',
  blackInclusionSideId: 'BLACK_INCLUSION_SIDE',
  blackInclusionCrownId: 'BLACK_INCLUSION_CROWN',
  whiteInclusionTableId: 'WHITE_INCLUSION_TABLE',
  whiteInclusionSideId: 'WHITE_INCLUSION_SIDE',
  whiteInclusionCrownId: 'WHITE_INCLUSION_CROWN',
  openInclusionTableId: 'OPEN_INCLUSION_TABLE',
  openInclusionCrownId: 'OPEN_INCLUSION_CROWN',
  openInclusionPavilionId: 'OPEN_INCLUSION_PAVILION',
  openInclusionGirdleId: 'OPEN_INCLUSION_GIRDLE',
};

/** Values of each master the stones use, cycled over the stones (masters seeded empty get these). */
const GRADE_VALUES: Record<string, string[]> = {
  shapeId: ['Round', 'Pear', 'Round', 'Oval', 'Round', 'Emerald', 'Heart', 'Round'],
  colorId: ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'],
  clarityId: ['IF', 'VVS1', 'VS1', 'VS2', 'SI1', 'SI2', 'I1', 'VS2'],
  cutId: ['Excellent', 'Very Good', 'Excellent', 'Good'],
  polishId: ['Excellent', 'Excellent', 'Very Good'],
  symmetryId: ['Very Good', 'Excellent', 'Excellent'],
  fluorescenceId: ['None', 'Faint', 'Medium', 'None', 'Strong'],
  labId: ['GIA', 'GIA', 'IGI', 'HRD', 'GIA'],
  colorShadeId: ['None', 'Brown', 'Green'],
  milkeyId: ['None', 'Light', 'None', 'Medium'],
  eyeCleanId: ['Yes', 'No', 'Yes'],
  hAndAId: ['No', 'Yes', 'No', 'No'],
  roughOriginId: ['Botswana', 'Russia', 'Canada'],
  locationId: ['Mumbai', 'Antwerp', 'Hong Kong', 'Antwerp'],
  fancyColor: ['Yellow', 'Pink', 'Blue'],
  fancyColorIntensity: ['Fancy', 'Fancy Intense', 'Fancy Vivid'],
  fancyColorOvertone: ['None', 'Brownish'],
  blackInclusionTableId: ['None', 'BT1', 'BT2'],
  blackInclusionSideId: ['BS0', 'BS1'],
  blackInclusionCrownId: ['None', 'BC1', 'None', 'BC2'],
  whiteInclusionTableId: ['WT0', 'WT1', 'WT2'],
  whiteInclusionSideId: ['WS0', 'WS1'],
  whiteInclusionCrownId: ['WC0', 'WC1', 'WC0'],
  openInclusionTableId: ['OT0', 'OT1'],
  openInclusionCrownId: ['OC0', 'OC1', 'OC2'],
  openInclusionPavilionId: ['OP0', 'OP1'],
  openInclusionGirdleId: ['OG0', 'OG0', 'OG1'],
};

const NUMBER_VALUES: Record<string, number[]> = {
  carat: [0.3, 0.51, 1.01, 1.5, 2.03, 0.9, 3.2, 0.72],
  totalDepth: [61.2, 62.5, 59.8, 63.1, 60.4, 64, 58.9, 61.8],
  tablePer: [57, 58, 55, 60, 62, 56, 64, 59],
  girdlePer: [2.5, 3, 3.5, 4, 2.8, 3.2, 4.5, 3.9],
  cAngle: [34.5, 35, 33.8, 34, 36.1, 32.5, 35.5, 34.9],
  pAngle: [40.8, 41, 40.6, 40.9, 41.2, 40.2, 41.5, 40.7],
  length: [4.31, 5.15, 6.42, 7.3, 8.12, 6.1, 9.88, 5.71],
  width: [4.28, 3.42, 6.39, 5.2, 8.08, 4.55, 9.6, 5.73],
  depth: [2.65, 2.1, 3.91, 3.3, 4.9, 2.9, 5.8, 3.5],
  rapPrice: [3500, 5200, 12000, 15000, 24000, 6600, 38000, 4800],
  marketingBack: [-25, -30, -18.5, -42, -35, -50, -22, -28.25],
};

const STONES: TestStone[] = Array.from({ length: 8 }, (_, index) => ({
  stockNumber: `STK-${100 + index}`,
  certificateNumber: `RPT${7000 + index * 11}`,
  grades: Object.fromEntries(
    Object.entries(GRADE_VALUES).map(([key, values]) => [key, values[index % values.length] as string]),
  ),
  numbers: Object.fromEntries(
    Object.entries(NUMBER_VALUES).map(([key, values]) => [key, values[index] as number]),
  ),
  marketingIssueDate: `2024-05-${String(1 + index * 3).padStart(2, '0')}`,
  keyToSymbol: [['Crystal', 'Feather'], ['Cloud'], ['Needle', 'Crystal'], [], ['Pinpoint']][
    index % 5
  ] as string[],
  atShow: index % 3 === 0,
  showSrNo: 10 + (index % 4),
}));

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/** What the pricing rules make of a test stone, computed here independently of the server. */
function expectedPrice(test: TestStone) {
  const { rapPrice = 0, marketingBack = 0, carat = 0 } = test.numbers;
  const pricePerCarat = round(rapPrice * (1 + marketingBack / 100), 2);
  return { pricePerCarat, amount: round(pricePerCarat * carat, 2) };
}

const ratioOf = (test: TestStone) =>
  round((test.numbers.length as number) / (test.numbers.width as number), 2);
const diameterMinOf = (test: TestStone) =>
  Math.min(test.numbers.length as number, test.numbers.width as number);
const diameterMaxOf = (test: TestStone) =>
  Math.max(test.numbers.length as number, test.numbers.width as number);

describe.skipIf(!(await databaseAvailable()))('stone search (apis/diamond/paginate)', () => {
  let server: TestServer;
  let token: string;
  let showId: string;
  /** `${MASTER_CODE}:${value name}` → master id. */
  const masterIds = new Map<string, string>();
  const created = new Map<string, ResourceRecord>();
  const post = <T = ResourceRecord>(path: string, body: unknown, as = token) =>
    server.client().post<T>(path, body, as);
  const search = async (body: BodyIn<typeof paginate>) =>
    (await server.client().call(paginate, body, { token })) as ApiResponse<Page>;
  const idOf = (code: string, name: string) => {
    const id = masterIds.get(`${code}:${name}`);
    if (!id) throw new Error(`no master value ${code}:${name}`);
    return id;
  };
  const gradeId = (field: string, name: string) => idOf(MASTER_FIELDS[field] as string, name);
  const stockNumbersOf = (page: Page) => page.list.map((row) => row.stockNumber as string);
  const sorted = (numbers: string[]) => [...numbers].sort();
  const liveStoneCount = async () =>
    (
      await server.database.db
        .select({ n: count() })
        .from(stones)
        .where(isNull(columnOf(stones, 'deletedAt')))
    )[0]?.n;

  /** Searches are recorded beside their answers: the count once the last ones have landed. */
  /**
   * The searches recorded since `since`, once a search made last (`sentinel`) is in: searches are written
   * in batches and in order, so every search before the sentinel is in too.
   */
  const searchesRecordedSince = async (since: Date, sentinel: string) => {
    expect((await search({ search: sentinel })).status).toBe(200);
    const read = async () =>
      (
        await server.database.db
          .select({ body: stoneSearches.body })
          .from(stoneSearches)
          .where(gte(stoneSearches.createdAt, since))
      ).map((row) => row.body as Record<string, unknown>);
    await expect.poll(async () => (await read()).map((body) => body.search)).toContain(sentinel);
    return (await read()).filter((body) => body.search !== sentinel);
  };
  const loadMasterIds = async () => {
    const parent = alias(masters, 'parent');
    const rows = await server.database.db
      .select({
        id: columnOf(masters, 'id'),
        name: columnOf(masters, 'name'),
        code: columnOf(parent, 'code'),
      })
      .from(masters)
      .innerJoin(parent, eq(columnOf(parent, 'id'), columnOf(masters, 'parentId')));
    for (const row of rows) masterIds.set(`${row.code}:${row.name}`, row.id as string);
  };

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, server.client());
    await loadMasterIds();
    // The masters seeded without values (inclusions by position) get the values the stones use.
    const master = resourcePaths(masterResource);
    const mains = await server.database.db
      .select({ id: columnOf(masters, 'id'), code: columnOf(masters, 'code') })
      .from(masters)
      .where(isNull(columnOf(masters, 'parentId')));
    for (const [field, values] of Object.entries(GRADE_VALUES)) {
      const code = MASTER_FIELDS[field] as string;
      const main = mains.find((row) => row.code === code);
      for (const name of new Set(values)) {
        if (masterIds.has(`${code}:${name}`)) continue;
        const made = await post(master.create, { name, code: `${code}_${name}`, parentId: main?.id });
        expect(made.status, JSON.stringify(made.body)).toBe(200);
        masterIds.set(`${code}:${name}`, made.body.data.id);
      }
    }
    const show = await post(resourcePaths(newsEventResource).create, {
      title: 'Hong Kong Jewellery Show',
      contentType: CONTENT_TYPE.SHOW,
    });
    expect(show.status, JSON.stringify(show.body)).toBe(200);
    showId = show.body.data.id;

    for (const test of STONES) {
      const { length, width, depth, rapPrice, marketingBack, ...numbers } = test.numbers;
      const response = await post(stone.create, {
        stockNumber: test.stockNumber,
        status: 'A',
        certificateNumber: test.certificateNumber,
        ...Object.fromEntries(Object.entries(test.grades).map(([key, name]) => [key, gradeId(key, name)])),
        ...numbers,
        length,
        width,
        depth,
        rapPrice,
        marketingBack,
        marketingIssueDate: test.marketingIssueDate,
        keyToSymbol: test.keyToSymbol,
        showIdName: test.atShow ? showId : null,
        showSrNo: test.showSrNo,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      created.set(test.stockNumber, response.body.data);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  it('prices every created stone by the trade rules and derives ratio and diameters', () => {
    for (const test of STONES) {
      const record = created.get(test.stockNumber) as ResourceRecord;
      const price = expectedPrice(test);
      expect(record, test.stockNumber).toMatchObject({
        rapPrice: test.numbers.rapPrice,
        marketingBack: test.numbers.marketingBack,
        marketingPricePerCarat: price.pricePerCarat,
        amount: price.amount,
        ratio: ratioOf(test),
        diameterMin: diameterMinOf(test),
        diameterMax: diameterMaxOf(test),
        shapeTitle: test.grades.shapeId,
      });
    }
  });

  const all = STONES.map((test) => test.stockNumber);
  const where = (keep: (test: TestStone) => boolean) => STONES.filter(keep).map((test) => test.stockNumber);
  const inRange = (value: number, from: number, to: number) => value >= from && value <= to;

  /** Every filter key of the spec with the stones it must find, from the data above. */
  const cases: [string, () => Record<string, unknown>, () => string[]][] = [
    ...Object.keys(MASTER_FIELDS).map((field): [string, () => Record<string, unknown>, () => string[]] => {
      // Two values where three or more are used (a multi-select), else one.
      const distinct = [...new Set(GRADE_VALUES[field])];
      const picked = distinct.slice(0, distinct.length > 2 ? 2 : 1);
      return [
        field,
        () => ({ [field]: picked.map((name) => gradeId(field, name)) }),
        () => where((test) => picked.includes(test.grades[field] as string)),
      ];
    }),
    ...(
      [
        ['carat', 0.5, 1.5],
        ['marketingBack', -40, -25],
        ['totalDepth', 60, 62.5],
        ['tablePer', 56, 59],
        ['girdlePer', 3, 4],
        ['cAngle', 34, 35],
        ['pAngle', 40.7, 41],
      ] as const
    ).map(([field, from, to]): [string, () => Record<string, unknown>, () => string[]] => [
      field,
      () => ({ [field]: { from, to } }),
      () => where((test) => inRange(test.numbers[field] as number, from, to)),
    ]),
    [
      'marketingPricePerCarat',
      () => ({ marketingPricePerCarat: { from: 3000, to: 9000 } }),
      () => where((test) => inRange(expectedPrice(test).pricePerCarat, 3000, 9000)),
    ],
    ['diameterMin', () => ({ diameterMin: { from: 5 } }), () => where((test) => diameterMinOf(test) >= 5)],
    ['diameterMax', () => ({ diameterMax: { to: 6.5 } }), () => where((test) => diameterMaxOf(test) <= 6.5)],
    ['ratio', () => ({ ratio: { from: 1.1 } }), () => where((test) => ratioOf(test) >= 1.1)],
    [
      'marketingIssueDate',
      () => ({ marketingIssueDate: { from: '2024-05-07', to: '2024-05-16' } }),
      () =>
        where((test) => test.marketingIssueDate >= '2024-05-07' && test.marketingIssueDate <= '2024-05-16'),
    ],
    ['showSrNo', () => ({ showSrNo: [10, 12] }), () => where((test) => [10, 12].includes(test.showSrNo))],
    ['showIdName', () => ({ showIdName: showId }), () => where((test) => test.atShow)],
    [
      'keyToSymbol',
      () => ({ keyToSymbol: ['Crystal', 'Pinpoint'] }),
      () => where((test) => test.keyToSymbol.some((symbol) => ['Crystal', 'Pinpoint'].includes(symbol))),
    ],
    [
      'stoneId (stock and report numbers, any case)',
      () => ({ stoneId: ['stk-101', 'rpt7033', 'STK-106', 'NOPE-1'] }),
      () => ['STK-101', 'STK-103', 'STK-106'],
    ],
    [
      'stoneId (a pasted column)',
      () => ({ stoneId: 'STK-100\nstk-102, RPT7077\r\n  ' }),
      () => ['STK-100', 'STK-102', 'STK-107'],
    ],
    [
      'shape, colour range and carat range together',
      () => ({
        shapeId: [gradeId('shapeId', 'Round')],
        colorId: ['D', 'E', 'F', 'G', 'H'].map((name) => gradeId('colorId', name)),
        carat: { from: 0.9, to: 2.5 },
      }),
      () =>
        where(
          (test) =>
            test.grades.shapeId === 'Round' &&
            ['D', 'E', 'F', 'G', 'H'].includes(test.grades.colorId as string) &&
            inRange(test.numbers.carat as number, 0.9, 2.5),
        ),
    ],
  ];

  it.each(cases)('filters by %s', async (_name, filter, expected) => {
    const want = expected();
    // Each case must tell stones apart, or it would prove nothing.
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(all.length);
    const response = await search({ filter: filter(), limit: 100 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(sorted(stockNumbersOf(response.body.data))).toEqual(sorted(want));
    expect(response.body.data.count).toBe(want.length);
    expect(response.body.data.totals.stones).toBe(want.length);
  });

  it('finds stones by free text in stock and report numbers', async () => {
    const one = await search({ search: 'pt702' });
    expect(stockNumbersOf(one.body.data)).toEqual(['STK-102']);
    const every = await search({ search: 'stk-10' });
    expect(every.body.data.count).toBe(STONES.length);
    const none = await search({ search: '%' });
    expect(none.body.data.count).toBe(0);
  });

  it('pastes hundreds of numbers at once', async () => {
    const many = [...Array.from({ length: 1200 }, (_, index) => `X-${index}`), 'STK-104', 'rpt7011'];
    const response = await search({ filter: { stoneId: many } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(sorted(stockNumbersOf(response.body.data))).toEqual(['STK-101', 'STK-104']);
  });

  it('answers the totals of the whole filtered set, not of the page', async () => {
    const keep = STONES.filter((test) => (test.numbers.carat as number) >= 0.5);
    const response = await search({ filter: { carat: { from: 0.5 } }, limit: 2 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.list).toHaveLength(2);
    const carats = keep.reduce((sum, test) => sum + (test.numbers.carat as number), 0);
    const amount = keep.reduce((sum, test) => sum + expectedPrice(test).amount, 0);
    const discounts = keep.map((test) => test.numbers.marketingBack as number);
    const { totals } = response.body.data;
    expect(totals.stones).toBe(keep.length);
    expect(totals.carats).toBeCloseTo(carats, 3);
    expect(totals.amount).toBeCloseTo(amount, 2);
    expect(totals.averageDiscount).toBeCloseTo(discounts.reduce((a, b) => a + b, 0) / discounts.length, 2);
    expect(totals.averagePricePerCarat).toBeCloseTo(amount / carats, 2);

    const none = await search({ filter: { carat: { from: 900 } } });
    expect(none.body.data).toMatchObject({
      list: [],
      count: 0,
      totals: { stones: 0, carats: 0, amount: 0, averageDiscount: null, averagePricePerCarat: null },
    });
  });

  it('sorts by a listed column either way and pages without overlap', async () => {
    const byCarat = [...STONES].sort((a, b) => (b.numbers.carat as number) - (a.numbers.carat as number));
    const desc_ = await search({ sort: { carat: 'desc' }, limit: 100 });
    expect(stockNumbersOf(desc_.body.data)).toEqual(byCarat.map((test) => test.stockNumber));
    const byPrice = [...STONES].sort(
      (a, b) => expectedPrice(a).pricePerCarat - expectedPrice(b).pricePerCarat,
    );
    const asc_ = await search({ sort: { marketingPricePerCarat: 'asc' }, limit: 100 });
    expect(stockNumbersOf(asc_.body.data)).toEqual(byPrice.map((test) => test.stockNumber));
    const byColor = await search({ sort: { colorId: 'desc' }, limit: 100 });
    expect(byColor.status).toBe(200);
    expect(byColor.body.data.list).toHaveLength(STONES.length);

    const pages = await Promise.all(
      [1, 2, 3].map((page) => search({ sort: { carat: 'desc' }, limit: 3, page })),
    );
    const paged = pages.flatMap((page) => stockNumbersOf(page.body.data));
    expect(paged).toEqual(byCarat.map((test) => test.stockNumber));
    expect(pages[2]?.body.data.count).toBe(STONES.length);
  });

  it('finds exactly the stones of a list of ids, with the other filters', async () => {
    const picked = ['STK-101', 'STK-104', 'STK-106'].map((number) => created.get(number)?.id as string);
    const response = await search({ filter: { id: picked }, limit: 100 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(sorted(stockNumbersOf(response.body.data))).toEqual(['STK-101', 'STK-104', 'STK-106']);
    expect(response.body.data.totals.stones).toBe(3);
    const heavy = await search({ filter: { id: picked, carat: { from: 1, to: 2.5 } } });
    expect(stockNumbersOf(heavy.body.data)).toEqual(['STK-104']);
    const unknown = await search({ filter: { id: [randomUUID()] } });
    expect(unknown.body.data.count).toBe(0);
  });

  it('answers only the asked columns beside the id, a reference with its title', async () => {
    const response = await search({
      filter: { stoneId: ['STK-101'] },
      columns: ['stockNumber', 'shapeId', 'carat'],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [row] = response.body.data.list;
    const asked = STONES[1] as TestStone;
    expect(asked.stockNumber).toBe('STK-101');
    expect(row).toEqual({
      id: created.get('STK-101')?.id,
      stockNumber: 'STK-101',
      shapeId: gradeId('shapeId', asked.grades.shapeId as string),
      shapeTitle: asked.grades.shapeId,
      carat: asked.numbers.carat,
    });
    expect(response.body.data.totals.stones).toBe(1);
    const unknown = await search({ columns: ['stockNumber', 'nope'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown column: nope');
  });

  it('refuses hostile bodies with E_BAD_REQUEST and changes nothing', async () => {
    const before = await liveStoneCount();
    const started = new Date();
    const hostile: Record<string, unknown>[] = [
      { filter: { priceList: [1] } },
      { filter: { 'shapeId; drop table stones': 'x' } },
      { filter: { shapeId: "x' or '1'='1" } },
      { filter: { stoneId: { $ne: null } } },
      { filter: { stoneId: 12 } },
      { filter: { carat: { from: '0 or 1=1' } } },
      { filter: { carat: { from: 2, to: 1 } } },
      { filter: { carat: 1 } },
      { filter: { keyToSymbol: { any: 'Crystal' } } },
      { filter: { marketingIssueDate: { from: 'yesterday' } } },
      { filter: { showSrNo: 'twelve' } },
      // Beyond what the columns hold: a clear 400, not a database error.
      { filter: { showSrNo: 2_147_483_648 } },
      { filter: { showSrNo: 1e20 } },
      { filter: { carat: { from: 1e300 } } },
      { filter: { reportDate: { from: '0000-01-01' } } },
      { filter: { marketingIssueDate: { to: '0000-12-31T00:00:00Z' } } },
      { sort: { 'carat desc; delete from stones': 'asc' } },
      { sort: { carat: 'sideways' } },
      { limit: 1_000_000_000 },
      { page: -1 },
      { limit: 'all' },
      { search: 'x'.repeat(5000) },
      { filter: { stoneId: Array.from({ length: 6000 }, (_, index) => `N${index}`) } },
      { filter: { id: ['not-an-id'] } },
      { filter: { id: "x' or '1'='1" } },
      { filter: { id: [] } },
      { filter: { id: Array.from({ length: MAX_FILTER_IDS + 1 }, () => randomUUID()) } },
      { columns: ['nope'] },
      { columns: ['carat; drop table stones'] },
      { columns: ['deletedAt'] },
      { columns: [] },
      { columns: 'carat' },
    ];
    for (const body of hostile) {
      const response = await post(pathOf(paginate), body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code, JSON.stringify(body)).toBe('E_BAD_REQUEST');
    }
    expect(await liveStoneCount()).toBe(before);
    // A refused search is not recorded either.
    expect(await searchesRecordedSince(started, `sentinel-${randomUUID()}`)).toEqual([]);
  });

  it('records every search with its user, body, result count and time', async () => {
    const body: BodyIn<typeof paginate> = { filter: { carat: { from: 1 } }, sort: { carat: 'asc' } };
    const response = await search(body);
    expect(response.status).toBe(200);
    const expected = STONES.filter((test) => (test.numbers.carat as number) >= 1).length;
    // The search is recorded beside the answer, not before it.
    let row: typeof stoneSearches.$inferSelect | undefined;
    for (let attempt = 0; attempt < 50 && !row; attempt += 1) {
      [row] = await server.database.db
        .select()
        .from(stoneSearches)
        .orderBy(desc(stoneSearches.createdAt))
        .limit(1);
      if (row?.resultCount !== expected || !row?.body.filter) row = undefined;
      if (!row) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Its criteria only: the sort and paging of the answer are no part of what was searched for.
    expect(row).toMatchObject({ searchType: 1, resultCount: expected });
    expect(row?.body).toEqual({ filter: body.filter });
    expect(row?.userId).toBeTruthy();
    expect(row?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('keeps the price consistent on update: price per carat wins, then discount, carat reprices', async () => {
    const record = created.get('STK-102') as ResourceRecord;
    const put = (body: Record<string, unknown>) =>
      server.client().request<ResourceRecord>('PUT', stone.byId(record.id), { body, token });

    const both = await put({ marketingBack: -10, marketingPricePerCarat: 9000 });
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    expect(both.body.data).toMatchObject({
      rapPrice: 12000,
      marketingPricePerCarat: 9000,
      marketingBack: -25,
      amount: round(9000 * 1.01, 2),
    });

    const discount = await put({ marketingBack: -40 });
    expect(discount.body.data).toMatchObject({ marketingPricePerCarat: 7200, amount: round(7200 * 1.01, 2) });

    const carat = await put({ carat: 1.2 });
    expect(carat.body.data).toMatchObject({ marketingPricePerCarat: 7200, marketingBack: -40, amount: 8640 });

    const rap = await put({ rapPrice: 15000 });
    expect(rap.body.data).toMatchObject({ marketingBack: -40, marketingPricePerCarat: 9000, amount: 10800 });

    const measured = await put({ length: 6.6, width: 6 });
    expect(measured.body.data).toMatchObject({ ratio: 1.1, diameterMin: 6, diameterMax: 6.6, amount: 10800 });

    // A price out of bounds once derived is refused on its field, not stored.
    const overflow = await put({ rapPrice: 10_000_000, marketingBack: 950 });
    expect(overflow.status).toBe(400);
    expect(overflow.body.errors?.[0]?.field).toBe('marketingPricePerCarat');

    const totals = await search({ filter: { stoneId: 'STK-102' } });
    expect(totals.body.data.totals).toMatchObject({ stones: 1, carats: 1.2, amount: 10800 });
  });

  it('prices a stone without a list price in $/ct alone, and refuses a client-set amount', async () => {
    const response = await post(stone.create, {
      stockNumber: 'FANCY-1',
      status: 'A',
      carat: 2,
      fancyColor: gradeId('fancyColor', 'Pink'),
      marketingPricePerCarat: 41000,
      marketingBack: -20,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data).toMatchObject({
      rapPrice: null,
      marketingBack: null,
      marketingPricePerCarat: 41000,
      amount: 82000,
    });
    const forged = await post(stone.create, { stockNumber: 'FANCY-2', status: 'A', carat: 1, amount: 5 });
    expect(forged.status).toBe(400);
    const removed = await server.client().request('DELETE', stone.byId(response.body.data.id), { token });
    expect(removed.status).toBe(200);
  });

  it('gives a create without a status the declared default, and refuses an empty one', async () => {
    const response = await post(stone.create, { stockNumber: 'DEFAULT-1', carat: 0.25 });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.status).toBe('A');
    const empty = await post(stone.create, { stockNumber: 'DEFAULT-2', carat: 0.25, status: null });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.field).toBe('status');
    const removed = await server.client().request('DELETE', stone.byId(response.body.data.id), { token });
    expect(removed.status).toBe(200);
  });

  it('refuses a grade from another master', async () => {
    const response = await post(stone.create, {
      stockNumber: 'WRONG-1',
      status: 'A',
      carat: 1,
      shapeId: gradeId('colorId', 'D'),
    });
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.field).toBe('shapeId');
  });

  it('forbids the stock to a user without Stock Master', async () => {
    const { token: other } = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: STATE_MODULE_ID, permissions: { view: true } },
    ]);
    const response = await server.client().call(paginate, {}, { token: other });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('E_FORBIDDEN');
    const create = await post(stone.create, { stockNumber: 'NOPE', status: 'A', carat: 1 }, other);
    expect(create.status).toBe(403);
  });
});
