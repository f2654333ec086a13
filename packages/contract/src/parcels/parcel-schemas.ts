import { z } from 'zod';
import { paginateRequestSchema } from '../envelope.ts';
import { calendarDay } from '../format/calendar-dates.ts';
import { RESOURCE_MESSAGES, SHEET_FORMATS } from '../resources/field-rules.ts';
import { exportRequestFields, literalsOf } from '../resources/list-request.ts';
import { PARCEL_MESSAGES as M } from './parcel-messages.ts';

/** Order statuses (spec section 4, order type): pending, done, cancelled. */
export const PARCEL_ORDER_STATUSES = { pending: 1, done: 2, cancelled: 3 } as const;
export type ParcelOrderStatus = (typeof PARCEL_ORDER_STATUSES)[keyof typeof PARCEL_ORDER_STATUSES];
export const PARCEL_ORDER_STATUS_OPTIONS = [
  { value: 1, label: 'Pending' },
  { value: 2, label: 'Done' },
  { value: 3, label: 'Cancelled' },
] as const;

/**
 * The most prices one sheet holds and the highest price per carat; the most lines of an order, pieces
 * and carats of a line (a line's amount stays within its column), and the largest order total the
 * order's amount column holds. A duplicate-cell refusal names this many cells, then counts the rest.
 */
export const PARCEL_LIMITS = {
  cells: 5000,
  pricePerCarat: 10_000_000,
  lines: 200,
  linePieces: 1_000_000,
  lineCarats: 10_000,
  orderAmount: 99_999_999_999_999,
  duplicatesNamed: 20,
} as const;

const day = calendarDay(M.chooseDate);
const statusSchema = literalsOf(PARCEL_ORDER_STATUS_OPTIONS, M.statusInvalid);
const statusFilterSchema = literalsOf(PARCEL_ORDER_STATUS_OPTIONS, M.statusFilter);

/**
 * An object of these fields and no other, refused in plain words: a key it does not take is named,
 * anything but an object is told `error`.
 */
const fieldsOf = <S extends z.core.$ZodLooseShape>(shape: S, error: string = M.bodyInvalid) =>
  z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? M.unknownFields(issue.keys) : error),
  });

/** A filter value given once or as a list of a hundred at most, refused in `error`'s words. */
const oneOrMany = <T extends z.ZodType>(item: T, error: string) =>
  z.union([item, z.array(item, { error }).min(1, { error }).max(100, { error })], { error });
const direction = z.enum(['asc', 'desc', 'ASC', 'DESC'], { error: M.sortInvalid }).optional();
const sortOf = <const K extends readonly string[]>(keys: K) =>
  fieldsOf(
    Object.fromEntries(keys.map((key) => [key, direction])) as Record<K[number], typeof direction>,
    M.sortInvalid,
  );
/** Whether a number has at most `places` decimals: a finer weight would be stored in the carats column as zero. */
const decimalsAtMost = (value: number, places: number) => {
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

// ---------------------------------------------------------------- price sheets

/** `get-dates`: the dates with a sheet, newest first. */
export const parcelPriceDateSchema = z.object({
  date: z.string(),
  cells: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type ParcelPriceDate = z.infer<typeof parcelPriceDateSchema>;

/** A day's sheet is asked for by its date. */
export const parcelSheetRequestSchema = fieldsOf({ date: day });

export const parcelSieveGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  fromSieve: z.string().nullable(),
  toSieve: z.string().nullable(),
  fromCarat: z.number().nullable(),
  toCarat: z.number().nullable(),
});
export const parcelQualityBandSchema = z.object({
  id: z.string(),
  name: z.string(),
  colourFrom: z.string().nullable(),
  colourTo: z.string().nullable(),
  clarityFrom: z.string().nullable(),
  clarityTo: z.string().nullable(),
});

/** One cell of a sheet, with the price of the sheet before it so that changes show. */
export const parcelSheetCellSchema = z.object({
  sieveGroupId: z.string(),
  qualityBandId: z.string(),
  pricePerCarat: z.number().nullable(),
  previousPricePerCarat: z.number().nullable(),
});
export type ParcelSheetCell = z.infer<typeof parcelSheetCellSchema>;

/**
 * A sheet as the grid shows it: every active sieve group (rows, in order) by every active band
 * (columns), a cell each, null where the date has no price. `exists` is false for a date without a
 * sheet (the grid starts a new one); `previousDate` is the sheet before it.
 */
export const parcelSheetSchema = z.object({
  date: z.string(),
  exists: z.boolean(),
  previousDate: z.string().nullable(),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
  sieveGroups: z.array(parcelSieveGroupSchema),
  qualityBands: z.array(parcelQualityBandSchema),
  cells: z.array(parcelSheetCellSchema),
});
export type ParcelSheet = z.infer<typeof parcelSheetSchema>;

const priceSchema = z
  .number({ error: M.negativePrice })
  .min(0, { error: M.negativePrice })
  .max(PARCEL_LIMITS.pricePerCarat, { error: M.priceTooHigh });

export const parcelPriceCellInputSchema = fieldsOf(
  {
    sieveGroupId: z.uuid({ error: M.unknownSieveGroup }),
    qualityBandId: z.uuid({ error: M.unknownQualityBand }),
    pricePerCarat: priceSchema,
  },
  M.cellInvalid,
);
export type ParcelPriceCellInput = z.infer<typeof parcelPriceCellInputSchema>;

/** `upsert`: the whole sheet of a date; a cell left out has no price that day. */
export const parcelPriceUpsertSchema = fieldsOf({
  date: day,
  prices: z
    .array(parcelPriceCellInputSchema, { error: M.pricesMissing })
    .max(PARCEL_LIMITS.cells, { error: M.tooManyCells }),
}).superRefine((body, context) => {
  // Thousands of repeated cells would answer thousands of errors: the first few are named, the rest counted.
  const seen = new Set<string>();
  let repeated = 0;
  body.prices.forEach((cell, index) => {
    const key = `${cell.sieveGroupId}|${cell.qualityBandId}`;
    if (seen.has(key)) {
      repeated += 1;
      if (repeated <= PARCEL_LIMITS.duplicatesNamed)
        context.addIssue({ code: 'custom', path: ['prices', index], message: M.duplicateCell });
    }
    seen.add(key);
  });
  const more = repeated - PARCEL_LIMITS.duplicatesNamed;
  if (more > 0) context.addIssue({ code: 'custom', path: ['prices'], message: M.moreDuplicateCells(more) });
});
export type ParcelPriceUpsertPayload = z.input<typeof parcelPriceUpsertSchema>;

export const parcelPriceSavedSchema = z.object({
  date: z.string(),
  cells: z.number().int(),
  changed: z.number().int(),
});

export const parcelPriceHistoryRequestSchema = fieldsOf({
  sieveGroupId: z.uuid({ error: M.unknownSieveGroup }),
  qualityBandId: z.uuid({ error: M.unknownQualityBand }),
});
export const parcelPriceHistorySchema = z.object({
  sieveGroupName: z.string(),
  qualityBandName: z.string(),
  points: z.array(z.object({ date: z.string(), pricePerCarat: z.number() })),
});
export type ParcelPriceHistory = z.infer<typeof parcelPriceHistorySchema>;

/** A file's format, xlsx unless told. */
const sheetFormat = z.enum(SHEET_FORMATS, { error: M.formatInvalid }).default('xlsx');

export const parcelPriceExportSchema = fieldsOf({ date: day, format: sheetFormat });

/** `import`: the cells a file holds, not saved; the grid shows them and the user saves. */
export const parcelPriceImportSchema = z.object({ cells: z.array(parcelPriceCellInputSchema) });

// ---------------------------------------------------------------- orders

export const PARCEL_ORDER_SORT_KEYS = [
  'orderDate',
  'orderNumber',
  'userName',
  'accountName',
  'status',
  'totalCarats',
  'totalAmount',
  'createdAt',
] as const;

/** Order dates from and to, days both; a start after the end is refused as the other lists refuse it. */
const orderDateRange = fieldsOf({ from: day.optional(), to: day.optional() }, M.chooseDate).refine(
  (range) => range.from === undefined || range.to === undefined || range.from <= range.to,
  {
    error: RESOURCE_MESSAGES.rangeOrder,
  },
);

const orderFilter = fieldsOf(
  {
    status: oneOrMany(statusFilterSchema, M.statusFilter).optional(),
    userId: oneOrMany(z.uuid({ error: M.chooseCustomer }), M.chooseCustomer).optional(),
    accountId: oneOrMany(z.uuid({ error: M.chooseCompany }), M.chooseCompany).optional(),
    orderDate: orderDateRange.optional(),
  },
  M.filterInvalid,
).optional();

/** `apis/parcel-order/paginate`: search is by order number, customer or company. */
export const parcelOrderPaginateSchema = paginateRequestSchema.extend({
  filter: orderFilter,
  sort: sortOf(PARCEL_ORDER_SORT_KEYS).optional(),
});
export type ParcelOrderPaginatePayload = z.input<typeof parcelOrderPaginateSchema>;

export const parcelOrderExportSchema = parcelOrderPaginateSchema
  .omit({ page: true, limit: true })
  .extend({ ...exportRequestFields, format: sheetFormat });

export const parcelOrderRecordSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  userId: z.string(),
  userName: z.string(),
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  orderDate: z.string(),
  priceDate: z.string(),
  status: z.number().int(),
  notes: z.string().nullable(),
  lineCount: z.number().int(),
  totalPieces: z.number().int().nullable(),
  totalCarats: z.number().nullable(),
  totalAmount: z.number().nullable(),
  statusChangedAt: z.string().nullable(),
  statusChangedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type ParcelOrderRecord = z.infer<typeof parcelOrderRecordSchema>;

export const parcelOrderLineSchema = z.object({
  id: z.string(),
  sieveGroupId: z.string(),
  sieveGroupName: z.string(),
  qualityBandId: z.string(),
  qualityBandName: z.string(),
  pieces: z.number().int().nullable(),
  carats: z.number().nullable(),
  pricePerCarat: z.number(),
  amount: z.number().nullable(),
});
export type ParcelOrderLine = z.infer<typeof parcelOrderLineSchema>;

export const parcelOrderDetailSchema = parcelOrderRecordSchema.extend({
  lines: z.array(parcelOrderLineSchema),
});
export type ParcelOrderDetail = z.infer<typeof parcelOrderDetailSchema>;

/** An order as its customer reads it: who on the staff moved it is not theirs to see. */
export const customerParcelOrderDetailSchema = parcelOrderDetailSchema.omit({ statusChangedByName: true });
export type CustomerParcelOrderDetail = z.infer<typeof customerParcelOrderDetailSchema>;

/** The sheet in force as a customer reads it: without the staff member who saved it. */
export const customerParcelSheetSchema = parcelSheetSchema.omit({ updatedByName: true });
export type CustomerParcelSheet = z.infer<typeof customerParcelSheetSchema>;

/** `update-status`: a pending order is done or cancelled; remarks go to the customer. */
export const parcelOrderStatusSchema = fieldsOf({
  status: statusSchema.refine((value) => value !== PARCEL_ORDER_STATUSES.pending, { error: M.statusInvalid }),
  remarks: z.string({ error: M.remarksTooLong }).trim().max(1000, { error: M.remarksTooLong }).optional(),
});

// ---------------------------------------------------------------- customer side

export const customerParcelLineSchema = fieldsOf(
  {
    sieveGroupId: z.uuid({ error: M.unknownSieveGroup }),
    qualityBandId: z.uuid({ error: M.unknownQualityBand }),
    pieces: z
      .number({ error: M.piecesInvalid })
      .int({ error: M.piecesInvalid })
      .min(1, { error: M.piecesInvalid })
      .max(PARCEL_LIMITS.linePieces, { error: M.piecesInvalid })
      .optional(),
    carats: z
      .number({ error: M.caratsInvalid })
      .refine((value) => value >= 0.001 && value <= PARCEL_LIMITS.lineCarats && decimalsAtMost(value, 3), {
        error: M.caratsInvalid,
      })
      .optional(),
  },
  M.lineInvalid,
);

/** A customer's order: lines of sizes and qualities by pieces and/or carats, priced by the server. */
export const customerParcelOrderSchema = fieldsOf({
  lines: z
    .array(customerParcelLineSchema, { error: M.noLines })
    .min(1, { error: M.noLines })
    .max(PARCEL_LIMITS.lines, { error: M.tooManyLines }),
  notes: z.string({ error: M.notesTooLong }).trim().max(1000, { error: M.notesTooLong }).optional(),
}).superRefine((body, context) => {
  const firstOf = new Map<string, number>();
  body.lines.forEach((line, index) => {
    if (line.pieces === undefined && line.carats === undefined)
      context.addIssue({ code: 'custom', path: ['lines', index, 'pieces'], message: M.lineEmpty });
    // One size and quality is one line: its carats add up there, and no line passes the line's limit.
    const key = `${line.sieveGroupId}|${line.qualityBandId}`;
    const first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, index);
    else
      context.addIssue({
        code: 'custom',
        path: ['lines', index],
        message: M.duplicateLine(index + 1, first + 1),
      });
  });
});
export type CustomerParcelOrderPayload = z.input<typeof customerParcelOrderSchema>;

export const customerParcelOrderPaginateSchema = paginateRequestSchema.extend({
  filter: fieldsOf(
    { status: oneOrMany(statusFilterSchema, M.statusFilter).optional() },
    M.filterInvalid,
  ).optional(),
  sort: sortOf(['orderDate', 'createdAt'] as const).optional(),
});

/** A call that takes no fields: `{}` or nothing. */
export const parcelNoFieldsSchema = fieldsOf({});
