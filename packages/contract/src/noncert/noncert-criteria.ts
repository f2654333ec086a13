import { z } from 'zod';
import { RESOURCE_MESSAGES } from '../resources/field-rules.ts';
import { type FieldSpec, field } from '../resources/fields.ts';
import { valueSchema } from '../resources/schemas.ts';
import { priceStone } from '../stock/pricing.ts';

/**
 * The criteria of a non-certified lot: rows describing its goods by grade band (shape, carat range or
 * size bracket, colour range, clarity range) with pieces, carats and price. A lot's criteria are saved
 * as one set: the set sent replaces the stored one, or nothing changes.
 */
export const CRITERIA_FIELDS = {
  shapeId: field.masterValue('Shape', 'SHAPE', { required: true }),
  sizeId: field.reference('Size', 'size', {
    help: 'A size bracket sets the carat range (0.30-0.39).',
  }),
  caratFrom: field.decimal('Carat from', { min: 0.001, max: 1000, scale: 3, display: 'carat' }),
  caratTo: field.decimal('Carat to', { min: 0.001, max: 1000, scale: 3, display: 'carat' }),
  colorFromId: field.masterValue('Color from', 'COLOR'),
  colorToId: field.masterValue('Color to', 'COLOR'),
  clarityFromId: field.masterValue('Clarity from', 'CLARITY'),
  clarityToId: field.masterValue('Clarity to', 'CLARITY'),
  pieces: field.integer('Pieces', { min: 1, max: 1_000_000 }),
  carats: field.decimal('Carats', { required: true, min: 0.001, max: 1_000_000, scale: 3, display: 'carat' }),
  pricePerCarat: field.decimal('Price/ct', { min: 0, max: 10_000_000, scale: 2, display: 'money' }),
  amount: field.decimal('Amount', { min: 0, max: 1e12, scale: 2, display: 'money' }),
  remarks: field.text('Remarks', { max: 500 }),
} as const satisfies Record<string, FieldSpec>;

export type CriteriaField = keyof typeof CRITERIA_FIELDS;

/** Most rows one lot's criteria hold: a lot is described by bands, not stone by stone. */
export const MAX_CRITERIA_ROWS = 500;

export const NONCERT_MESSAGES = {
  lotNotFound: 'Lot not found.',
  toggled: (active: boolean) => (active ? 'Lot activated.' : 'Lot deactivated.'),
  criteria: 'Lot criteria.',
  criteriaSaved: 'Criteria saved.',
  caratRangeRequired: 'Enter a carat range or choose a size.',
  caratRangeOrder: 'Carat to must not be below carat from.',
  rangeStart: (label: string) => `Choose the ${label.toLowerCase()} the range starts from.`,
  gradeOrder: (label: string, example: string) =>
    `The ${label.toLowerCase()} range must run from the better grade to the lower one (${example}).`,
  priceRequired: 'Enter a price per carat or an amount.',
  caratsOutsideRange: (carats: number, pieces: number, from: number, to: number) =>
    `${carats.toFixed(3)} ct in ${pieces} pieces averages ${(carats / pieces).toFixed(3)} ct, outside ${from}-${to} ct.`,
  row: (index: number, message: string) => `Row ${index + 1}: ${message}`,
  badFormat: 'Choose xlsx or csv as the format.',
} as const;

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * A row's price by the trade's rule (amount = price/ct × carats). The price per carat wins when both
 * are given; a row priced by its total gets the price per carat that total gives (to the cent), and
 * then the amount that price makes, so that every stored row obeys the rule exactly.
 */
export function priceCriteriaRow(row: {
  carats: number;
  pricePerCarat?: number | null | undefined;
  amount?: number | null | undefined;
}): { pricePerCarat: number | null; amount: number | null } {
  const known = (value: number | null | undefined): value is number =>
    typeof value === 'number' && Number.isFinite(value);
  const pricePerCarat = known(row.pricePerCarat)
    ? row.pricePerCarat
    : known(row.amount) && row.carats > 0
      ? round(row.amount / row.carats, 2)
      : null;
  const price = priceStone({ carat: row.carats, pricePerCarat });
  return { pricePerCarat: price.pricePerCarat, amount: price.amount };
}

/**
 * Whether `pieces` stones weighing `carats` in all fit the carat range on average. A range's upper
 * end covers its whole last hundredth, as carat brackets do: 0.30-0.39 holds stones of up to 0.399 ct.
 */
export function caratsFitRange(carats: number, pieces: number, from: number, to: number): boolean {
  const average = carats / pieces;
  return average >= from - 1e-9 && average < to + 0.01 - 1e-9;
}

// The contract's own validators of each field (messages included), typed as what they are.
const id = (spec: FieldSpec) => valueSchema(spec) as z.ZodUUID;
const number = (spec: FieldSpec) => valueSchema(spec) as z.ZodNumber;
const text = (spec: FieldSpec) => valueSchema(spec) as z.ZodString;
const F = CRITERIA_FIELDS;

/**
 * One row as a client writes it, with the checks that need no stored data: a carat range (or a size),
 * in order; a range's end only with its start; a price; the carats fitting the pieces. The server adds
 * those that read masters and sizes (the grades' order, a size's bracket).
 */
export const criteriaRowSchema = z
  .strictObject({
    shapeId: id(F.shapeId),
    sizeId: id(F.sizeId).nullable().optional(),
    caratFrom: number(F.caratFrom).nullable().optional(),
    caratTo: number(F.caratTo).nullable().optional(),
    colorFromId: id(F.colorFromId).nullable().optional(),
    colorToId: id(F.colorToId).nullable().optional(),
    clarityFromId: id(F.clarityFromId).nullable().optional(),
    clarityToId: id(F.clarityToId).nullable().optional(),
    pieces: number(F.pieces).nullable().optional(),
    carats: number(F.carats),
    pricePerCarat: number(F.pricePerCarat).nullable().optional(),
    amount: number(F.amount).nullable().optional(),
    remarks: text(F.remarks).nullable().optional(),
  })
  .superRefine((row, ctx) => {
    const issue = (path: CriteriaField, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const hasFrom = row.caratFrom != null;
    const hasTo = row.caratTo != null;
    if (!row.sizeId && !(hasFrom && hasTo)) {
      issue(hasFrom ? 'caratTo' : 'caratFrom', NONCERT_MESSAGES.caratRangeRequired);
    }
    const inOrder = !(hasFrom && hasTo) || (row.caratFrom as number) <= (row.caratTo as number);
    if (!inOrder) issue('caratTo', NONCERT_MESSAGES.caratRangeOrder);
    if (row.colorToId && !row.colorFromId) issue('colorFromId', NONCERT_MESSAGES.rangeStart('Color'));
    if (row.clarityToId && !row.clarityFromId) {
      issue('clarityFromId', NONCERT_MESSAGES.rangeStart('Clarity'));
    }
    if (row.pricePerCarat == null && row.amount == null) {
      issue('pricePerCarat', NONCERT_MESSAGES.priceRequired);
    }
    if (
      !row.sizeId &&
      row.pieces != null &&
      hasFrom &&
      hasTo &&
      inOrder &&
      !caratsFitRange(row.carats, row.pieces, row.caratFrom as number, row.caratTo as number)
    ) {
      issue(
        'carats',
        NONCERT_MESSAGES.caratsOutsideRange(
          row.carats,
          row.pieces,
          row.caratFrom as number,
          row.caratTo as number,
        ),
      );
    }
  });

export type CriteriaRowPayload = z.input<typeof criteriaRowSchema>;
export type CriteriaRowInput = z.output<typeof criteriaRowSchema>;

/**
 * The body of `admin/criteria/create`. Every row is checked, and each failure names its row in the
 * message ("Row 3: ...") and in the field path (`criteria.2.caratTo`), so that an editor puts it on the
 * cell; one bad row refuses the whole set.
 */
export const criteriaSaveSchema = z.object({
  nonCertId: z.uuid({ error: NONCERT_MESSAGES.lotNotFound }),
  criteria: z
    .array(z.unknown())
    .max(MAX_CRITERIA_ROWS, { error: `A lot holds at most ${MAX_CRITERIA_ROWS} criteria rows.` })
    .transform((rows, ctx): CriteriaRowInput[] => {
      const parsed: CriteriaRowInput[] = [];
      rows.forEach((row, index) => {
        const result = criteriaRowSchema.safeParse(row);
        if (result.success) {
          parsed.push(result.data);
          return;
        }
        for (const issue of result.error.issues) {
          ctx.addIssue({
            code: 'custom',
            path: [index, ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))],
            message: NONCERT_MESSAGES.row(index, issue.message),
          });
        }
      });
      return parsed;
    }),
});

export type CriteriaSavePayload = z.input<typeof criteriaSaveSchema>;

/** `{id, isActive}` of `admin/noncert/toggle`. */
export const nonCertToggleSchema = z.strictObject({
  id: z.uuid({ error: NONCERT_MESSAGES.lotNotFound }),
  isActive: z.boolean({ error: RESOURCE_MESSAGES.invalidOption('Active') }),
});

export const criteriaExportQuerySchema = z.object({
  format: z.enum(['xlsx', 'csv'], { error: NONCERT_MESSAGES.badFormat }).default('xlsx'),
});

/** A stored row, with the title of each grade and of the size beside its id. */
export const criteriaRowAnswerSchema = z.object({
  id: z.string(),
  lineNumber: z.number().int(),
  shapeId: z.string(),
  shapeTitle: z.string().nullable(),
  sizeId: z.string().nullable(),
  sizeTitle: z.string().nullable(),
  caratFrom: z.number(),
  caratTo: z.number(),
  colorFromId: z.string().nullable(),
  colorFromTitle: z.string().nullable(),
  colorToId: z.string().nullable(),
  colorToTitle: z.string().nullable(),
  clarityFromId: z.string().nullable(),
  clarityFromTitle: z.string().nullable(),
  clarityToId: z.string().nullable(),
  clarityToTitle: z.string().nullable(),
  pieces: z.number().int().nullable(),
  carats: z.number(),
  pricePerCarat: z.number(),
  amount: z.number(),
  remarks: z.string().nullable(),
});
export type CriteriaRow = z.infer<typeof criteriaRowAnswerSchema>;

export const criteriaTotalsSchema = z.object({
  /** Null when no row counts pieces. */
  pieces: z.number().int().nullable(),
  carats: z.number(),
  amount: z.number(),
  /** Amount over carats; null without carats. */
  averagePricePerCarat: z.number().nullable(),
});
export type CriteriaTotals = z.infer<typeof criteriaTotalsSchema>;

/** What `admin/criteria/view/{id}` and `admin/criteria/create` answer. */
export const criteriaDataSchema = z.object({
  nonCert: z.object({ id: z.string(), number: z.string(), name: z.string(), isActive: z.boolean() }),
  criteria: z.array(criteriaRowAnswerSchema),
  totals: criteriaTotalsSchema,
});
export type CriteriaData = z.infer<typeof criteriaDataSchema>;

/** `D-F`, `G` for a one-grade range, '' for none. */
export function gradeRange(from: string | null, to: string | null): string {
  if (!from) return '';
  return to && to !== from ? `${from}-${to}` : from;
}

/** The totals of a set of rows, as the server stores them on the lot. */
export function criteriaTotals(
  rows: readonly { pieces?: number | null; carats: number; amount: number | null }[],
): CriteriaTotals {
  const carats = round(
    rows.reduce((sum, row) => sum + row.carats, 0),
    3,
  );
  const amount = round(
    rows.reduce((sum, row) => sum + (row.amount ?? 0), 0),
    2,
  );
  const counted = rows.filter((row) => row.pieces != null);
  return {
    pieces: counted.length ? counted.reduce((sum, row) => sum + (row.pieces as number), 0) : null,
    carats,
    amount,
    averagePricePerCarat: carats > 0 ? round(amount / carats, 2) : null,
  };
}
