import {
  CRITERIA_FIELDS,
  type CriteriaField,
  type CriteriaRowInput,
  caratsFitRange,
  type FieldError,
  NONCERT_MESSAGES,
  priceCriteriaRow,
  RESOURCE_MESSAGES,
  valueSchema,
} from '@facet/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { masters, sizes } from '../db/resource-tables.ts';
import { HttpError } from '../http/envelope.ts';
import { columnOf } from '../resources/columns.ts';

/** A row as it is stored: its carat range settled (from its size) and its price by the rule. */
export interface ResolvedCriteriaRow {
  shapeId: string;
  sizeId: string | null;
  caratFrom: number;
  caratTo: number;
  colorFromId: string | null;
  colorToId: string | null;
  clarityFromId: string | null;
  clarityToId: string | null;
  pieces: number | null;
  carats: number;
  pricePerCarat: number;
  amount: number;
  remarks: string | null;
}

interface Grade {
  code: string;
  sequence: number;
}

const GRADE_FIELDS = [
  'shapeId',
  'colorFromId',
  'colorToId',
  'clarityFromId',
  'clarityToId',
] as const satisfies readonly CriteriaField[];

/** The grades the rows name: live values of live main masters, with their master's code and order. */
async function gradesOf(tx: Db, rows: readonly CriteriaRowInput[]): Promise<Map<string, Grade>> {
  const ids = [
    ...new Set(rows.flatMap((row) => GRADE_FIELDS.map((key) => row[key]).filter((id) => id != null))),
  ] as string[];
  if (ids.length === 0) return new Map();
  const parent = alias(masters, 'parent');
  const found = await tx
    .select({
      id: columnOf(masters, 'id'),
      sequence: columnOf(masters, 'sequence'),
      code: sql<string>`upper(${columnOf(parent, 'code')})`,
    })
    .from(masters)
    .innerJoin(parent, eq(columnOf(parent, 'id'), columnOf(masters, 'parentId')))
    .where(
      and(
        inArray(columnOf(masters, 'id'), ids),
        isNull(columnOf(masters, 'deletedAt')),
        isNull(columnOf(parent, 'deletedAt')),
        isNull(columnOf(parent, 'parentId')),
      ),
    );
  return new Map(
    found.map((row) => [row.id as string, { code: row.code, sequence: Number(row.sequence ?? 0) }]),
  );
}

async function sizesOf(tx: Db, rows: readonly CriteriaRowInput[]) {
  const ids = [...new Set(rows.map((row) => row.sizeId).filter((id) => id != null))] as string[];
  if (ids.length === 0) return new Map<string, { from: number; to: number }>();
  const found = await tx
    .select({
      id: columnOf(sizes, 'id'),
      from: columnOf(sizes, 'fromCarat'),
      to: columnOf(sizes, 'toCarat'),
    })
    .from(sizes)
    .where(and(inArray(columnOf(sizes, 'id'), ids), isNull(columnOf(sizes, 'deletedAt'))));
  return new Map(found.map((row) => [row.id as string, { from: Number(row.from), to: Number(row.to) }]));
}

const ORDER_EXAMPLES = { Color: 'D-F, not F-D', Clarity: 'VVS1-VS2, not VS2-VVS1' } as const;

/**
 * The rows as they will be stored, once checked against the masters and sizes: every grade a value of
 * its master, a range from the better grade to the lower, a size's bracket as the carat range, the
 * carats fitting the pieces, and the price by the rule. Every failure of every row is gathered, each
 * naming its row; any failure refuses the whole set (nothing is stored).
 */
export async function resolveCriteria(
  tx: Db,
  rows: readonly CriteriaRowInput[],
): Promise<ResolvedCriteriaRow[]> {
  const [grades, brackets] = await Promise.all([gradesOf(tx, rows), sizesOf(tx, rows)]);
  const errors: FieldError[] = [];
  const resolved = rows.map((row, index): ResolvedCriteriaRow => {
    const refuse = (key: CriteriaField, message: string) =>
      errors.push({ field: `criteria.${index}.${key}`, message: NONCERT_MESSAGES.row(index, message) });

    for (const key of GRADE_FIELDS) {
      const id = row[key];
      const spec = CRITERIA_FIELDS[key];
      if (id != null && grades.get(id)?.code !== spec.masterCode) {
        refuse(key, RESOURCE_MESSAGES.invalidReference(spec.label));
      }
    }
    const inOrder = (from: string | null | undefined, to: string | null | undefined) => {
      const start = from ? grades.get(from) : undefined;
      const end = to ? grades.get(to) : undefined;
      return !start || !end || start.sequence <= end.sequence;
    };
    if (!inOrder(row.colorFromId, row.colorToId)) {
      refuse('colorToId', NONCERT_MESSAGES.gradeOrder('Color', ORDER_EXAMPLES.Color));
    }
    if (!inOrder(row.clarityFromId, row.clarityToId)) {
      refuse('clarityToId', NONCERT_MESSAGES.gradeOrder('Clarity', ORDER_EXAMPLES.Clarity));
    }

    let caratFrom = row.caratFrom ?? 0;
    let caratTo = row.caratTo ?? 0;
    if (row.sizeId != null) {
      const bracket = brackets.get(row.sizeId);
      if (bracket) ({ from: caratFrom, to: caratTo } = bracket);
      else refuse('sizeId', RESOURCE_MESSAGES.invalidReference(CRITERIA_FIELDS.sizeId.label));
      // Without a size the contract's schema has checked the fit already.
      if (bracket && row.pieces != null && !caratsFitRange(row.carats, row.pieces, caratFrom, caratTo)) {
        refuse('carats', NONCERT_MESSAGES.caratsOutsideRange(row.carats, row.pieces, caratFrom, caratTo));
      }
    }

    const price = priceCriteriaRow(row);
    // A price derived from a huge amount (or the reverse) is held to its field's bounds like a typed one.
    for (const key of ['pricePerCarat', 'amount'] as const) {
      const checked = valueSchema(CRITERIA_FIELDS[key]).safeParse(price[key]);
      if (!checked.success) refuse(key, checked.error.issues[0]?.message ?? CRITERIA_FIELDS[key].label);
    }
    return {
      shapeId: row.shapeId,
      sizeId: row.sizeId ?? null,
      caratFrom,
      caratTo,
      // A range of one grade is written with its end, so that every stored range has both.
      colorFromId: row.colorFromId ?? null,
      colorToId: row.colorToId ?? row.colorFromId ?? null,
      clarityFromId: row.clarityFromId ?? null,
      clarityToId: row.clarityToId ?? row.clarityFromId ?? null,
      pieces: row.pieces ?? null,
      carats: row.carats,
      pricePerCarat: price.pricePerCarat ?? 0,
      amount: price.amount ?? 0,
      remarks: row.remarks?.trim() || null,
    };
  });
  if (errors.length > 0) {
    throw new HttpError('E_BAD_REQUEST', errors[0]?.message ?? 'Invalid criteria', { errors });
  }
  return resolved;
}
