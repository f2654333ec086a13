import {
  type CriteriaData,
  type CriteriaRow,
  type CriteriaRowInput,
  criteriaTotals,
  formatCarat,
  formatMoney,
  formatNumber,
  gradeRange,
  NONCERT_MESSAGES,
  nonCertResource,
} from '@facet/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { masters, nonCertLots, sizes } from '../db/resource-tables.ts';
import { HttpError } from '../http/envelope.ts';
import { type Actor, changedFields, recordAudit } from '../resources/audit-log.ts';
import { columnOf } from '../resources/columns.ts';
import { resolveCriteria } from './criteria-check.ts';
import { nonCertCriteria } from './criteria-table.ts';

const shape = alias(masters, 'shape');
const colorFrom = alias(masters, 'color_from');
const colorTo = alias(masters, 'color_to');
const clarityFrom = alias(masters, 'clarity_from');
const clarityTo = alias(masters, 'clarity_to');
const size = alias(sizes, 'size');

/** A lot's rows in their order, each grade and size with its title. */
export async function readCriteria(db: Db, nonCertId: string): Promise<CriteriaRow[]> {
  const rows = await db
    .select({
      row: nonCertCriteria,
      shapeTitle: columnOf(shape, 'name'),
      sizeTitle: columnOf(size, 'name'),
      colorFromTitle: columnOf(colorFrom, 'name'),
      colorToTitle: columnOf(colorTo, 'name'),
      clarityFromTitle: columnOf(clarityFrom, 'name'),
      clarityToTitle: columnOf(clarityTo, 'name'),
    })
    .from(nonCertCriteria)
    .leftJoin(shape, eq(columnOf(shape, 'id'), nonCertCriteria.shapeId))
    .leftJoin(size, eq(columnOf(size, 'id'), nonCertCriteria.sizeId))
    .leftJoin(colorFrom, eq(columnOf(colorFrom, 'id'), nonCertCriteria.colorFromId))
    .leftJoin(colorTo, eq(columnOf(colorTo, 'id'), nonCertCriteria.colorToId))
    .leftJoin(clarityFrom, eq(columnOf(clarityFrom, 'id'), nonCertCriteria.clarityFromId))
    .leftJoin(clarityTo, eq(columnOf(clarityTo, 'id'), nonCertCriteria.clarityToId))
    .where(eq(nonCertCriteria.nonCertId, nonCertId))
    .orderBy(asc(nonCertCriteria.lineNumber));
  return rows.map(({ row, ...titles }) => ({
    id: row.id,
    lineNumber: row.lineNumber,
    shapeId: row.shapeId,
    sizeId: row.sizeId,
    caratFrom: Number(row.caratFrom),
    caratTo: Number(row.caratTo),
    colorFromId: row.colorFromId,
    colorToId: row.colorToId,
    clarityFromId: row.clarityFromId,
    clarityToId: row.clarityToId,
    pieces: row.pieces,
    carats: Number(row.carats),
    pricePerCarat: Number(row.pricePerCarat),
    amount: Number(row.amount),
    remarks: row.remarks,
    shapeTitle: (titles.shapeTitle as string | null) ?? null,
    sizeTitle: (titles.sizeTitle as string | null) ?? null,
    colorFromTitle: (titles.colorFromTitle as string | null) ?? null,
    colorToTitle: (titles.colorToTitle as string | null) ?? null,
    clarityFromTitle: (titles.clarityFromTitle as string | null) ?? null,
    clarityToTitle: (titles.clarityToTitle as string | null) ?? null,
  }));
}

/** The live lot, locked for the rest of the transaction when asked; 404 otherwise. */
async function liveLot(db: Db, id: string, lock = false) {
  const query = db
    .select({
      id: columnOf(nonCertLots, 'id'),
      number: columnOf(nonCertLots, 'number'),
      name: columnOf(nonCertLots, 'name'),
      isActive: columnOf(nonCertLots, 'isActive'),
    })
    .from(nonCertLots)
    .where(and(eq(columnOf(nonCertLots, 'id'), id), isNull(columnOf(nonCertLots, 'deletedAt'))));
  const [lot] = await (lock ? query.for('update') : query);
  if (!lot) throw new HttpError('E_NOT_FOUND', NONCERT_MESSAGES.lotNotFound);
  return {
    id: lot.id as string,
    number: lot.number as string,
    name: lot.name as string,
    isActive: lot.isActive as boolean,
  };
}

export async function criteriaOf(db: Db, nonCertId: string): Promise<CriteriaData> {
  const nonCert = await liveLot(db, nonCertId);
  const criteria = await readCriteria(db, nonCertId);
  return { nonCert, criteria, totals: criteriaTotals(criteria) };
}

/** A row as the trail shows it: `Round 0.30-0.39 D-F VS1-VS2: 12 pcs 3.60 ct × USD 1,250.00 = USD 4,500.00`. */
function lineOf(row: CriteriaRow): string {
  const grades = [
    row.shapeTitle,
    `${formatCarat(row.caratFrom)}-${formatCarat(row.caratTo)}`,
    gradeRange(row.colorFromTitle, row.colorToTitle),
    gradeRange(row.clarityFromTitle, row.clarityToTitle),
  ].filter(Boolean);
  const pieces = row.pieces == null ? '' : `${formatNumber(row.pieces, 0)} pcs `;
  return `${grades.join(' ')}: ${pieces}${formatCarat(row.carats)} ct × ${formatMoney(row.pricePerCarat)} = ${formatMoney(row.amount)}`;
}

function trailOf(rows: CriteriaRow[]): Record<string, unknown> {
  const totals = criteriaTotals(rows);
  return {
    criteria: rows.map(lineOf),
    totalPieces: totals.pieces,
    totalCarats: totals.carats,
    totalAmount: totals.amount,
  };
}

/**
 * Replaces a lot's criteria with `rows` in one transaction: the lot is locked, every row checked (one
 * bad row refuses all, nothing written), the old rows removed, the new ones written in order, the lot's
 * totals set from them, and the change recorded on the lot's history as `nonCert.criteria`.
 */
export async function saveCriteria(
  db: Db,
  actor: Actor,
  nonCertId: string,
  rows: readonly CriteriaRowInput[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await liveLot(tx, nonCertId, true);
    const resolved = await resolveCriteria(tx, rows);
    const before = await readCriteria(tx, nonCertId);
    await tx.delete(nonCertCriteria).where(eq(nonCertCriteria.nonCertId, nonCertId));
    if (resolved.length > 0) {
      await tx.insert(nonCertCriteria).values(
        resolved.map((row, index) => ({
          ...row,
          nonCertId,
          lineNumber: index + 1,
          createdBy: actor.auth.user.id,
        })),
      );
    }
    const after = await readCriteria(tx, nonCertId);
    const totals = criteriaTotals(after);
    await tx
      .update(nonCertLots)
      .set({
        totalPieces: totals.pieces,
        totalCarats: totals.carats,
        totalAmount: totals.amount,
        updatedAt: new Date(),
        updatedBy: actor.auth.user.id,
      })
      .where(eq(columnOf(nonCertLots, 'id'), nonCertId));
    const changes = changedFields(trailOf(before), trailOf(after));
    if (changes) {
      await recordAudit(tx, actor, {
        action: `${nonCertResource.name}.criteria`,
        entityType: nonCertResource.name,
        entityId: nonCertId,
        subjectUserId: null,
        ...changes,
      });
    }
  });
}
