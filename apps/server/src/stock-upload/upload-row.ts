import {
  createSchemaOf,
  discountPercent,
  type FieldSpec,
  STOCK_UPLOAD_MESSAGES as M,
  stoneResource,
  valueSchema,
} from '@facet/contract';
import { withStoneDerivedValues } from '../stock/stone-pricing.ts';
import type { StoneCodeBook } from './upload-codes.ts';
import type { ColumnPlan } from './upload-plan.ts';
import {
  type Cell,
  cellText,
  INVALID,
  isEmptyCell,
  parseAvailability,
  parseBoolean,
  parseDate,
  parseNumber,
  parseText,
  splitList,
  splitMeasurements,
} from './upload-values.ts';

/** A stone's fields as staged: only the fields the file speaks about (null clears one). */
export type StoneValues = Record<string, unknown>;

export interface RowContext {
  plan: ColumnPlan;
  codes: StoneCodeBook;
  /** The file writes its discount as a fraction (−0.30): decided for the whole column beforehand. */
  fractionalDiscount: boolean;
}

export interface MappedRow {
  /** As written in the file, for the report. */
  stockNumber: string | null;
  /** Lowercased: stock numbers are unique ignoring case. */
  stockKey: string | null;
  /** `{lab id}|{certificate # lowercased}` when both are known: duplicates in the file share it. */
  certificateKey: string | null;
  /** Null when the row is rejected. */
  values: StoneValues | null;
  /** Why the row was rejected, or notes on a good row. */
  reasons: string[];
}

/** The identity, grading and price of a stone: a value here that cannot be read rejects the row. */
const STRICT = new Set([
  'stockNumber',
  'carat',
  'shapeId',
  'colorId',
  'clarityId',
  'cutId',
  'polishId',
  'symmetryId',
  'fluorescenceId',
  'labId',
  'fancyColor',
  'fancyColorIntensity',
  'rapPrice',
  'marketingBack',
  'marketingPricePerCarat',
  'totalPrice',
  'availability',
]);

const PRICE_FIELDS = ['rapPrice', 'marketingBack', 'marketingPricePerCarat', 'amount'] as const;
const PRICE_COLUMNS = ['rapPrice', 'marketingBack', 'marketingPricePerCarat', 'totalPrice'];
const MEASUREMENT_FIELDS = ['length', 'width', 'depth', 'ratio', 'diameterMin', 'diameterMax'] as const;
const MEASUREMENT_COLUMNS = ['measurements', 'length', 'width', 'depth', 'ratio'];

/** A colour cell of a fancy stone: no D–Z grade. */
const FANCY_COLOR_WORDS = new Set(['FANCY', 'FC', 'FCY', '*']);
/** `O-P` and the like: feeds group the lowest colours. */
const GROUPED_COLOR = /^([K-Z])\s*-\s*[K-Z]$/i;

/** Inclusions by position: the first two letters of a RapNet code name the master. */
const INCLUSION_MASTERS: Record<string, Record<string, string>> = {
  blackInclusion: { BT: 'BLACK_INCLUSION_TABLE', BC: 'BLACK_INCLUSION_CROWN', BS: 'BLACK_INCLUSION_SIDE' },
  whiteInclusion: { WT: 'WHITE_INCLUSION_TABLE', WC: 'WHITE_INCLUSION_CROWN', WS: 'WHITE_INCLUSION_SIDE' },
  openInclusion: {
    OT: 'OPEN_INCLUSION_TABLE',
    OC: 'OPEN_INCLUSION_CROWN',
    OP: 'OPEN_INCLUSION_PAVILION',
    OG: 'OPEN_INCLUSION_GIRDLE',
  },
};
const INCLUSION_LABELS: Record<string, string> = {
  blackInclusion: 'Black inclusion',
  whiteInclusion: 'White inclusion',
  openInclusion: 'Open inclusion',
};

const fields = stoneResource.fields;
const fieldOf = (key: string): FieldSpec => {
  const spec = fields[key];
  if (!spec) throw new Error(`stone has no field ${key}`);
  return spec;
};
const FIELD_OF_MASTER = new Map(
  Object.entries(fields).flatMap(([key, spec]) => (spec.masterCode ? [[spec.masterCode, key] as const] : [])),
);
const masterFieldOf = (masterCode: string): string | undefined => FIELD_OF_MASTER.get(masterCode);

const stoneCreateSchema = createSchemaOf(stoneResource);

/** The stone fields a file with these columns can fill (what each import column turns into). */
function fieldsOfColumns(targets: ReadonlySet<string>): string[] {
  const keys = new Set(['stockNumber', 'carat', 'status']);
  for (const target of targets) {
    if (target in fields) keys.add(target);
    if (target === 'availability') keys.add('status').add('isActive');
    for (const masterCode of Object.values(INCLUSION_MASTERS[target] ?? {})) {
      const key = masterFieldOf(masterCode);
      if (key) keys.add(key);
    }
  }
  if (MEASUREMENT_COLUMNS.some((column) => targets.has(column)))
    for (const key of MEASUREMENT_FIELDS) keys.add(key);
  if (PRICE_COLUMNS.some((column) => targets.has(column))) for (const key of PRICE_FIELDS) keys.add(key);
  return [...keys];
}

/**
 * The stone's create schema narrowed to the fields the file can fill: the others are absent from every
 * row and optional, so the answer is the same, and each row skips checking some ninety absent keys.
 * A staged row may leave the status out (an update keeps it, a new stone takes the default), and it
 * carries the derived amount, checked against its field like the rest.
 */
type Validator = { safeParse(value: unknown): ReturnType<typeof stoneCreateSchema.safeParse> };
const validators = new WeakMap<ColumnPlan, Validator>();
function validatorOf(plan: ColumnPlan): Validator {
  let validator = validators.get(plan);
  if (!validator) {
    const shape = stoneCreateSchema.shape;
    const keys = fieldsOfColumns(plan.targets).filter((key) => key in shape);
    validator = stoneCreateSchema
      .pick(Object.fromEntries(keys.map((key) => [key, true])))
      .partial({ status: true })
      .extend({ amount: valueSchema(fieldOf('amount')).nullable().optional() }) as unknown as Validator;
    validators.set(plan, validator);
  }
  return validator;
}
const round2 = (value: number) => Math.round(value * 100) / 100;

/** Collects a row's values, its rejections and its notes. */
class RowReader {
  readonly values: StoneValues = {};
  readonly errors: string[] = [];
  readonly notes: string[] = [];
  totalPrice: number | null = null;

  constructor(readonly context: RowContext) {}

  refuse(target: string, strictMessage: string, lenientMessage: string): void {
    if (STRICT.has(target)) this.errors.push(strictMessage);
    else this.notes.push(lenientMessage);
  }

  number(target: string, label: string, cell: Cell | undefined): number | null {
    const value = parseNumber(cell);
    if (value !== INVALID) return value;
    this.refuse(target, M.notANumber(label, cellText(cell)), M.leftEmpty(label, cellText(cell)));
    return null;
  }

  master(target: string, label: string, masterCode: string, cell: Cell | undefined): string | null {
    if (isEmptyCell(cell)) return null;
    const text = cellText(cell);
    if (target === 'colorId' && FANCY_COLOR_WORDS.has(text.toUpperCase())) return null;
    const id = this.context.codes.lookup(masterCode, text);
    if (id) return id;
    const grouped = target === 'colorId' ? GROUPED_COLOR.exec(text) : null;
    const first = grouped?.[1] && this.context.codes.lookup(masterCode, grouped[1]);
    if (first) return first;
    this.refuse(target, M.unknownValue(label, text), M.leftEmpty(label, text));
    return null;
  }

  field(key: string, cell: Cell | undefined): void {
    const spec = fieldOf(key);
    const { label } = spec;
    switch (spec.kind) {
      case 'decimal':
      case 'integer':
        this.values[key] = this.number(key, label, cell);
        return;
      case 'reference':
        this.values[key] = this.master(key, label, spec.masterCode ?? '', cell);
        return;
      case 'date': {
        const date = parseDate(cell);
        if (date === INVALID) this.notes.push(M.leftEmpty(label, cellText(cell)));
        this.values[key] = date === INVALID ? null : date;
        return;
      }
      case 'boolean': {
        const flag = parseBoolean(cell);
        if (flag === INVALID) this.notes.push(M.leftEmpty(label, cellText(cell)));
        else if (flag !== null) this.values[key] = flag;
        return;
      }
      case 'textList':
        this.values[key] = splitList(cell) ?? [];
        return;
      default:
        this.values[key] = parseText(cell);
    }
  }

  inclusion(target: string, cell: Cell | undefined): void {
    if (isEmptyCell(cell)) return;
    const text = cellText(cell);
    const byPrefix = INCLUSION_MASTERS[target] ?? {};
    const prefixed =
      byPrefix[
        text
          .toUpperCase()
          .replace(/[^A-Z]/g, '')
          .slice(0, 2)
      ];
    // `None` and unprefixed values are read on the table, the position a file names first.
    const masterCode = prefixed ?? Object.values(byPrefix)[0] ?? '';
    const key = masterFieldOf(masterCode);
    const id = this.context.codes.lookup(masterCode, text);
    if (key && id) this.values[key] = id;
    else this.notes.push(M.leftEmpty(INCLUSION_LABELS[target] ?? target, text));
  }

  availability(cell: Cell | undefined): void {
    const availability = parseAvailability(cell);
    if (availability === INVALID) {
      this.errors.push(M.badAvailability(cellText(cell)));
      return;
    }
    if (availability === null) return;
    if (availability.status) this.values.status = availability.status;
    this.values.isActive = availability.isActive;
  }

  measurements(cell: Cell | undefined): void {
    const measured = splitMeasurements(cell);
    if (measured === INVALID) {
      this.notes.push(M.badMeasurements(cellText(cell)));
      return;
    }
    if (measured === null) return;
    // Separate length, width and depth columns, when filled, win over the measurement string.
    for (const key of ['length', 'width', 'depth'] as const) {
      if (this.values[key] === undefined || this.values[key] === null) this.values[key] = measured[key];
    }
  }
}

function readCells(reader: RowReader, cells: readonly Cell[]): void {
  let measurementCell: Cell | undefined;
  for (const { index, column } of reader.context.plan.columns) {
    const cell = cells[index];
    switch (column.target) {
      case 'notStored':
        break;
      case 'measurements':
        measurementCell = cell;
        break;
      case 'availability':
        reader.availability(cell);
        break;
      case 'totalPrice':
        reader.totalPrice = reader.number('totalPrice', column.label, cell);
        break;
      case 'blackInclusion':
      case 'whiteInclusion':
      case 'openInclusion':
        reader.inclusion(column.target, cell);
        break;
      case 'marketingBack': {
        const discount = reader.number('marketingBack', column.label, cell);
        reader.values.marketingBack =
          discount === null ? null : discountPercent(discount, reader.context.fractionalDiscount);
        break;
      }
      default:
        reader.field(column.target, cell);
    }
  }
  if (measurementCell !== undefined) reader.measurements(measurementCell);
}

/** Price per carat from a total, the list price from price and discount: then the trade's rules. */
function price(reader: RowReader, targets: ReadonlySet<string>): StoneValues {
  const values = reader.values;
  const carat = typeof values.carat === 'number' ? values.carat : null;
  let pricePerCarat = (values.marketingPricePerCarat as number | null | undefined) ?? null;
  let rapPrice = (values.rapPrice as number | null | undefined) ?? null;
  const discount = (values.marketingBack as number | null | undefined) ?? null;
  if (pricePerCarat === null && reader.totalPrice !== null && carat) {
    pricePerCarat = round2(reader.totalPrice / carat);
  }
  // RapNet files carry the asking $/ct and the discount but no list price: the list price follows.
  if (rapPrice === null && pricePerCarat !== null && discount !== null && discount > -100) {
    rapPrice = round2(pricePerCarat / (1 + discount / 100));
  }
  const priced = PRICE_COLUMNS.some((column) => targets.has(column));
  const derived = withStoneDerivedValues({
    ...values,
    ...(priced ? { rapPrice, marketingBack: discount, marketingPricePerCarat: pricePerCarat } : {}),
  });
  if (!priced) {
    // A file without prices leaves the stored prices alone (the apply step re-derives the amount).
    for (const key of PRICE_FIELDS) delete derived[key];
  } else if (
    derived.marketingBack === null &&
    discount !== null &&
    rapPrice === null &&
    pricePerCarat === null
  ) {
    // A discount alone, with no list price to apply it to, is kept as written.
    derived.marketingBack = discount;
  }
  if (!MEASUREMENT_COLUMNS.some((column) => targets.has(column))) {
    for (const key of MEASUREMENT_FIELDS) delete derived[key];
  }
  return derived;
}

/** The stone's create schema decides the rest: bounds, lengths, required fields. */
function validate(values: StoneValues, plan: ColumnPlan): string[] {
  const result = validatorOf(plan).safeParse(values);
  if (result.success) return [];
  return [...new Set(result.error.issues.map((issue) => issue.message))];
}

/** One data row of the file → the stone values it stages, or the reasons it is rejected. */
export function mapRow(cells: readonly Cell[], context: RowContext): MappedRow {
  const reader = new RowReader(context);
  readCells(reader, cells);
  const { values, errors, notes } = reader;
  const stockNumber = (values.stockNumber as string | null | undefined) ?? null;
  if (stockNumber === null) errors.push(M.missing(fieldOf('stockNumber').label));
  if (values.carat === null || values.carat === undefined) {
    if (!errors.some((error) => error.startsWith(fieldOf('carat').label))) {
      errors.push(M.missing(fieldOf('carat').label));
    }
  }
  const certificate = (values.certificateNumber as string | null | undefined) ?? null;
  const lab = (values.labId as string | null | undefined) ?? null;
  const identity = {
    stockNumber,
    stockKey: stockNumber?.toLowerCase() ?? null,
    certificateKey: certificate && lab ? `${lab}|${certificate.toLowerCase()}` : null,
  };
  if (errors.length > 0) return { ...identity, values: null, reasons: [...errors, ...notes] };
  const priced = price(reader, context.plan.targets);
  const invalid = validate(priced, context.plan);
  if (invalid.length > 0) return { ...identity, values: null, reasons: [...invalid, ...notes] };
  return { ...identity, values: priced, reasons: notes };
}
