import {
  CRITERIA_FIELDS,
  type CriteriaField,
  type CriteriaRow,
  type CriteriaRowPayload,
  type CriteriaTotals,
  criteriaRowSchema,
  criteriaTotals,
  type FieldError,
  priceCriteriaRow,
  RESOURCE_MESSAGES,
} from '@facet/contract';

/**
 * The criteria editor's rows, between the stored rows, what the trader types and the payload of
 * `admin/criteria/create`. Pure, so the pricing and the error mapping are tested without a browser.
 */
export interface CriteriaDraft {
  /** A stable key for the table while rows are added and removed. */
  key: string;
  shapeId: string | null;
  sizeId: string | null;
  caratFrom: number | null;
  caratTo: number | null;
  colorFromId: string | null;
  colorToId: string | null;
  clarityFromId: string | null;
  clarityToId: string | null;
  pieces: number | null;
  carats: number | null;
  pricePerCarat: number | null;
  amount: number | null;
  remarks: string;
  /** The stored titles of the chosen values, shown until the choices load. */
  titles: Partial<Record<CriteriaField, string>>;
}

/** A row's errors by field; the editor shows each under its cell. */
export type CellErrors = Record<number, Partial<Record<CriteriaField, string>>>;

let sequence = 0;
const nextKey = () => {
  sequence += 1;
  return `row-${sequence}`;
};

export function draftsOf(rows: readonly CriteriaRow[]): CriteriaDraft[] {
  return rows.map((row) => ({
    key: nextKey(),
    shapeId: row.shapeId,
    sizeId: row.sizeId,
    caratFrom: row.caratFrom,
    caratTo: row.caratTo,
    colorFromId: row.colorFromId,
    colorToId: row.colorToId,
    clarityFromId: row.clarityFromId,
    clarityToId: row.clarityToId,
    pieces: row.pieces,
    carats: row.carats,
    pricePerCarat: row.pricePerCarat,
    amount: row.amount,
    remarks: row.remarks ?? '',
    titles: Object.fromEntries(
      (
        [
          ['shapeId', row.shapeTitle],
          ['sizeId', row.sizeTitle],
          ['colorFromId', row.colorFromTitle],
          ['colorToId', row.colorToTitle],
          ['clarityFromId', row.clarityFromTitle],
          ['clarityToId', row.clarityToTitle],
        ] as const
      ).filter(([, title]) => title),
    ),
  }));
}

/** A new row; it takes the shape of the row above, as a lot's bands usually share it. */
export function emptyDraft(above?: CriteriaDraft): CriteriaDraft {
  return {
    key: nextKey(),
    shapeId: above?.shapeId ?? null,
    sizeId: null,
    caratFrom: null,
    caratTo: null,
    colorFromId: null,
    colorToId: null,
    clarityFromId: null,
    clarityToId: null,
    pieces: null,
    carats: null,
    pricePerCarat: null,
    amount: null,
    remarks: '',
    titles: above?.titles.shapeId ? { shapeId: above.titles.shapeId } : {},
  };
}

/**
 * A row with one value changed, its price kept by the rule: a new price per carat or carat weight
 * recomputes the amount, a typed amount gives the price per carat it makes (the amount then follows
 * that price when saved, as the server stores it).
 */
export function withValue<K extends Exclude<keyof CriteriaDraft, 'key' | 'titles'>>(
  draft: CriteriaDraft,
  key: K,
  value: CriteriaDraft[K],
): CriteriaDraft {
  // The stored title of a changed value no longer applies: the choice shows the new one.
  const { [key as CriteriaField]: _stale, ...titles } = draft.titles;
  const next: CriteriaDraft = { ...draft, [key]: value, titles };
  const carats = next.carats;
  if (key === 'amount') {
    next.pricePerCarat =
      value === null || !carats ? null : priceCriteriaRow({ carats, amount: value as number }).pricePerCarat;
  } else if (key === 'pricePerCarat' || key === 'carats') {
    if (next.pricePerCarat !== null && carats) {
      next.amount = priceCriteriaRow({ carats, pricePerCarat: next.pricePerCarat }).amount;
    } else if (key === 'pricePerCarat') next.amount = null;
  }
  return next;
}

/** A size chosen sets the carat range to its bracket; cleared, the range stays for the trader to edit. */
export function withSize(
  draft: CriteriaDraft,
  size: { id: string; fromCarat: number; toCarat: number; name: string } | null,
): CriteriaDraft {
  const next = withValue(draft, 'sizeId', size?.id ?? null);
  if (!size) return next;
  return {
    ...next,
    caratFrom: size.fromCarat,
    caratTo: size.toCarat,
    titles: { ...next.titles, sizeId: size.name },
  };
}

const emptyToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The row as `admin/criteria/create` takes it: empty inputs as null, the price per carat leading. */
export function payloadOf(draft: CriteriaDraft): CriteriaRowPayload {
  return {
    shapeId: draft.shapeId as string,
    sizeId: draft.sizeId,
    caratFrom: draft.caratFrom,
    caratTo: draft.caratTo,
    colorFromId: draft.colorFromId,
    colorToId: draft.colorToId,
    clarityFromId: draft.clarityFromId,
    clarityToId: draft.clarityToId,
    pieces: draft.pieces,
    carats: draft.carats as number,
    pricePerCarat: draft.pricePerCarat,
    amount: draft.pricePerCarat === null ? draft.amount : null,
    remarks: emptyToNull(draft.remarks),
  };
}

/** The contract's checks of every row, before anything is sent; an empty required cell asks for input. */
export function validateDrafts(drafts: readonly CriteriaDraft[]): CellErrors {
  const errors: CellErrors = {};
  drafts.forEach((draft, index) => {
    const payload = payloadOf(draft);
    const result = criteriaRowSchema.safeParse(payload);
    if (result.success) return;
    for (const issue of result.error.issues) {
      const field = issue.path[0] as CriteriaField | undefined;
      if (!field) continue;
      const spec = CRITERIA_FIELDS[field];
      const empty = spec.required && payload[field] == null;
      errors[index] ??= {};
      (errors[index] as Partial<Record<CriteriaField, string>>)[field] ??= empty
        ? RESOURCE_MESSAGES.required(spec.label, spec.kind)
        : issue.message;
    }
  });
  return errors;
}

const ROW_PATH = /^criteria\.(\d+)\.(\w+)/;
const ROW_PREFIX = /^Row \d+: /;

/** The server's refusal (`criteria.2.colorToId`, "Row 3: ...") as errors on the cells it names. */
export function cellErrorsOf(fieldErrors: readonly FieldError[]): CellErrors {
  const errors: CellErrors = {};
  for (const { field, message } of fieldErrors) {
    const match = ROW_PATH.exec(field);
    if (!match) continue;
    const index = Number(match[1]);
    errors[index] ??= {};
    (errors[index] as Record<string, string>)[match[2] as string] ??= message.replace(ROW_PREFIX, '');
  }
  return errors;
}

/** The first error of the rows, naming its row, for the toast. */
export function firstError(errors: CellErrors): string | null {
  const index = Object.keys(errors)
    .map(Number)
    .sort((a, b) => a - b)[0];
  if (index === undefined) return null;
  const message = Object.values(errors[index] ?? {})[0];
  return message ? `Row ${index + 1}: ${message}` : null;
}

/** The figures under the table, from the rows as typed (a row without carats counts for nothing). */
export function draftTotals(drafts: readonly CriteriaDraft[]): CriteriaTotals {
  return criteriaTotals(
    drafts
      .filter((draft) => draft.carats !== null && draft.carats > 0)
      .map((draft) => ({
        pieces: draft.pieces,
        carats: draft.carats as number,
        amount: priceCriteriaRow({
          carats: draft.carats as number,
          pricePerCarat: draft.pricePerCarat,
          amount: draft.amount,
        }).amount,
      })),
  );
}
