import { field } from '../resources/fields.ts';
import { defineResource } from '../resources/resource.ts';

/** Stock status codes of the domain reference. */
export const STONE_STATUSES = [
  { value: 'A', label: 'Available' },
  { value: 'M', label: 'On memo' },
  { value: 'H', label: 'Hold' },
  { value: 'O', label: 'Offer' },
  { value: 'S', label: 'Show' },
  { value: 'B', label: 'Bid' },
  { value: 'U', label: 'Upcoming' },
  { value: 'D', label: 'Stone of the day' },
] as const;

const grade = (label: string, code: string) =>
  field.masterValue(label, code, { filter: 'eq', sort: true, list: true });
// Searched now and then, and narrow enough alone only with the grades: no index of their own, so that
// stock uploads do not maintain thirty more.
const detail = (label: string, code: string) =>
  field.masterValue(label, code, { filter: 'eq', list: false, index: false });
/** A searched proportion (a range filter key of the spec), indexed for its range and its sort. */
const measure = (label: string, max: number, list = false) =>
  field.decimal(label, { min: 0, max, scale: 2, filter: 'range', sort: true, list });
/** A recorded proportion nobody searches by. */
const proportion = (label: string, max: number) =>
  field.decimal(label, { min: 0, max, scale: 2, sort: true, list: false, index: false });

/**
 * A certified stone. Field keys follow the stone filter keys of spec section 3 (`shapeId`,
 * `marketingBack` for the Rap discount, `marketingPricePerCarat`, `tablePer`, `pAngle`, ...), so a
 * paginate filter names the field it filters. Grades are values of the stock masters. Price per carat,
 * discount and amount are kept consistent by the server on every write (`priceStone`); ratio and the
 * diameters are derived from the measurements.
 */
export const stoneResource = defineResource({
  name: 'diamond',
  title: 'Stone',
  module: 'Stock Master',
  api: 'apis/diamond',
  table: 'stones',
  views: [{ route: 'stock', title: 'Stock', menu: { group: 'Masters', id: 106, name: 'Stock' } }],
  titleField: 'stockNumber',
  defaultSort: { field: 'stockNumber', direction: 'asc' },
  operations: { create: true, update: true, delete: 'soft', export: true },
  codeFilters: {
    stoneId: { label: 'Stock or report #', fields: ['stockNumber', 'certificateNumber'] },
  },
  /** The stock screen exports a selection by its stones' ids. */
  idFilter: true,
  /** The figures a trader reads under the results: see StoneTotals. */
  totals: {
    stones: { count: true },
    carats: { sum: 'carat' },
    amount: { sum: 'amount' },
    averageDiscount: { average: 'marketingBack' },
    averagePricePerCarat: { ratio: 'amount', per: 'carat' },
  },
  /**
   * The four Cs lead the trader's searches, and the totals read carat, amount and discount: with price
   * per carat carried too, the totals and the sorts by price of a 4C search (shape, colour, clarity,
   * carat range) are index-only scans (bench/stock.ts measures it on a million stones). Carat comes
   * before clarity: nearly every search gives a size, and a range after an unconstrained clarity
   * would read every clarity of the shape and colours (a 1 ct D–H round: 313,000 entries for 62,000
   * stones, where carat first reads the 62,000).
   */
  indexes: [
    {
      name: 'four_c',
      fields: ['shapeId', 'colorId', 'carat', 'clarityId'],
      // The cut grade too, so that a 4C search with a cut (1 ct G–I VS1–SI1 EX rounds) counts from
      // the index alone instead of reading each matching stone's row.
      include: ['marketingPricePerCarat', 'marketingBack', 'amount', 'cutId'],
    },
    /**
     * A shape's stones in stock-number order (the screen's default sort): a deep page of one shape
     * skips its stones in the index alone (page 1,000 of the rounds: 50,000 entries instead of 50,000
     * rows walked in stock-number order and tested for their shape).
     */
    { name: 'shape_stock', fields: ['shapeId', 'stockNumber'] },
    /**
     * The stock screen's search box matches any part of a stock, report or pair number: without this
     * it read the whole stock (784 ms for the page and 1,015 ms for the count on a million stones).
     * One index for the three: it costs an upload less than three would.
     */
    { name: 'numbers_trgm', fields: ['stockNumber', 'certificateNumber', 'pairStockNumber'], trigram: true },
    /**
     * New arrivals: the arrival date with what such a search reads beside it (the lab and key to symbols
     * it narrows by, the stock number its pages sort by, the totals' columns), so that its page and its
     * count read the index alone. With a plain date index they combined it with the key-to-symbol
     * index (a quarter of the stock holds "Cloud") and read each matching stone's row. It replaces the
     * date's own index (`index: false` below), so an upload keeps as many indexes as before.
     */
    {
      name: 'arrivals',
      fields: ['marketingIssueDate'],
      include: ['labId', 'keyToSymbol', 'stockNumber', 'carat', 'amount', 'marketingBack'],
    },
  ],
  // What a trader reads first: the four Cs, cut and lab, then the price.
  listOrder: [
    'stockNumber',
    'shapeId',
    'carat',
    'colorId',
    'clarityId',
    'cutId',
    'labId',
    'marketingBack',
    'marketingPricePerCarat',
    'amount',
  ],
  fields: {
    // Identity
    stockNumber: field.text('Stock #', { required: true, max: 40, unique: true, sort: true, search: true }),
    certificateNumber: field.text('Report #', { max: 40, sort: true, search: true }),
    labId: grade('Lab', 'LAB'),
    reportDate: field.date('Report date', { filter: 'range', sort: true, list: false, index: false }),
    status: field.enum('Status', STONE_STATUSES, {
      required: true,
      defaultValue: 'A',
      filter: 'eq',
      sort: true,
    }),
    // Grading
    shapeId: grade('Shape', 'SHAPE'),
    carat: field.decimal('Carat', {
      required: true,
      min: 0.001,
      max: 1000,
      scale: 3,
      display: 'carat',
      filter: 'range',
      sort: true,
    }),
    colorId: grade('Color', 'COLOR'),
    fancyColor: detail('Fancy color', 'FANCY_COLOR'),
    fancyColorIntensity: detail('Intensity', 'INTENSITY'),
    fancyColorOvertone: detail('Overtone', 'OVERTONE'),
    clarityId: grade('Clarity', 'CLARITY'),
    cutId: grade('Cut', 'CUT'),
    polishId: grade('Polish', 'POLISH'),
    symmetryId: grade('Symmetry', 'SYMMETRY'),
    fluorescenceId: grade('Fluorescence', 'FLUORESCENCE'),
    fluorescenceColorId: detail('Fluorescence color', 'FLUORESCENCE_COLOR'),
    colorShadeId: detail('Shade', 'SHADE'),
    milkeyId: detail('Milky', 'MILKEY'),
    eyeCleanId: detail('Eye clean', 'EYECLEAN'),
    hAndAId: detail('Hearts and arrows', 'H_AND_A'),
    // Proportions
    length: proportion('Length (mm)', 100),
    width: proportion('Width (mm)', 100),
    depth: proportion('Depth (mm)', 100),
    diameterMin: measure('Diameter min (mm)', 100),
    diameterMax: measure('Diameter max (mm)', 100),
    ratio: measure('Ratio', 10),
    totalDepth: measure('Depth %', 100, true),
    tablePer: measure('Table %', 100, true),
    crownHeight: proportion('Crown height %', 100),
    cAngle: measure('Crown angle', 90),
    pavilionDepth: proportion('Pavilion depth %', 100),
    pAngle: measure('Pavilion angle', 90),
    starLength: proportion('Star length %', 100),
    lowerHalf: proportion('Lower half %', 100),
    girdlePer: measure('Girdle %', 100),
    girdleThinId: detail('Girdle thin', 'GIRDLE'),
    girdleThickId: detail('Girdle thick', 'GIRDLE'),
    girdleConditionId: detail('Girdle condition', 'GIRDLE_COND'),
    culetId: detail('Culet', 'CULET'),
    culetConditionId: detail('Culet condition', 'CULET_COND'),
    // Inclusions
    keyToSymbol: field.textList('Key to symbols', { max: 60, list: false, filter: 'eq' }),
    labComment: field.longText('Lab comment', { max: 2000, list: false }),
    laserInscription: field.text('Laser inscription', { max: 120, list: false }),
    blackInclusionTableId: detail('Black inclusion table', 'BLACK_INCLUSION_TABLE'),
    blackInclusionSideId: detail('Black inclusion side', 'BLACK_INCLUSION_SIDE'),
    blackInclusionCrownId: detail('Black inclusion crown', 'BLACK_INCLUSION_CROWN'),
    whiteInclusionTableId: detail('White inclusion table', 'WHITE_INCLUSION_TABLE'),
    whiteInclusionSideId: detail('White inclusion side', 'WHITE_INCLUSION_SIDE'),
    whiteInclusionCrownId: detail('White inclusion crown', 'WHITE_INCLUSION_CROWN'),
    openInclusionTableId: detail('Open inclusion table', 'OPEN_INCLUSION_TABLE'),
    openInclusionCrownId: detail('Open inclusion crown', 'OPEN_INCLUSION_CROWN'),
    openInclusionPavilionId: detail('Open inclusion pavilion', 'OPEN_INCLUSION_PAVILION'),
    openInclusionGirdleId: detail('Open inclusion girdle', 'OPEN_INCLUSION_GIRDLE'),
    // Origin
    roughOriginId: detail('Rough origin', 'ORIGIN'),
    mine: field.text('Mine', { max: 120, list: false }),
    treatment: field.text('Treatment', { max: 120, list: false }),
    isTypeIIa: field.boolean('Type IIa', { defaultValue: false, filter: 'eq', list: false }),
    isCanadaMark: field.boolean('CanadaMark', { defaultValue: false, filter: 'eq', list: false }),
    // Location and grouping
    locationId: grade('Location', 'LOCATION'),
    // Indexed by `arrivals` above, with what a search of new arrivals reads beside the date.
    marketingIssueDate: field.date('Arrival date', { filter: 'range', sort: true, index: false }),
    pairStockNumber: field.text('Pair stock #', { max: 40, search: true, list: false }),
    /**
     * The trade show the stone is displayed at (a `show` of the news and events), named by the spec's
     * filter key `showIdName`; `showSrNo` is its number in the show's catalogue.
     */
    showIdName: field.reference('Show', 'newsEvent', { filter: 'eq', list: false }),
    showSrNo: field.integer('Show serial #', { min: 0, max: 1_000_000, filter: 'eq', list: false }),
    // Price
    rapPrice: field.decimal('Rap price', {
      min: 0,
      max: 10_000_000,
      scale: 2,
      display: 'money',
      sort: true,
      filter: 'range',
      index: false,
    }),
    marketingBack: field.decimal('Rap discount %', {
      min: -100,
      max: 1000,
      scale: 2,
      display: 'percent',
      filter: 'range',
      sort: true,
    }),
    marketingPricePerCarat: field.decimal('Price/ct', {
      min: 0,
      max: 100_000_000,
      scale: 2,
      display: 'money',
      filter: 'range',
      sort: true,
    }),
    amount: field.decimal('Amount', {
      min: 0,
      max: 1e12,
      scale: 2,
      display: 'money',
      filter: 'range',
      sort: true,
      form: false,
    }),
    // Media
    imageUrl: field.url('Image', { max: 1000, list: false }),
    videoUrl: field.url('Video', { max: 1000, list: false }),
    certificateUrl: field.url('Certificate PDF', { max: 1000, list: false }),
    heartsImageUrl: field.url('Hearts image', { max: 1000, list: false }),
    arrowsImageUrl: field.url('Arrows image', { max: 1000, list: false }),
    externalId: field.text('External id', { max: 60, filter: 'eq', list: false }),
    isActive: field.boolean('Visible', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

/** Certificate verification links by lab (domain reference). */
export const CERTIFICATE_CHECK_URLS: Readonly<Record<string, string>> = {
  GIA: 'https://www.gia.edu/report-check?reportno={n}',
  IGI: 'https://www.igi.org/verify-your-report/?r={n}',
  HRD: 'https://my.hrdantwerp.com/?record_number={n}',
};

export function certificateCheckUrl(lab: string | null | undefined, number: string | null | undefined) {
  const template = lab ? CERTIFICATE_CHECK_URLS[lab.toUpperCase()] : undefined;
  return template && number ? template.replace('{n}', encodeURIComponent(number)) : null;
}
