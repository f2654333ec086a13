import { LAYOUT_MESSAGES, type LayoutPriceRequest, stoneResource } from '@facet/contract';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { stones } from '../db/resource-tables.ts';
import { HttpError } from '../http/envelope.ts';
import {
  type Actor,
  type AuditChange,
  changedFields,
  recordAudit,
  recordAudits,
} from '../resources/audit-log.ts';
import { columnOf, toRecord } from '../resources/columns.ts';
import { prepareWrite, type WriteTarget } from '../resources/domain-hooks.ts';
import { fieldValues } from '../resources/writes.ts';
import { readLayout } from './layout-query.ts';
import { layoutStones, layouts } from './layout-tables.ts';
import { layoutAudit, lockLayout } from './layout-writes.ts';

/** The price fields a reprice writes; the pricing rules derive the others from the one given. */
const PRICE_FIELDS = ['rapPrice', 'marketingBack', 'marketingPricePerCarat', 'amount'] as const;
/** Stones per UPDATE and per trail insert: few statements, well under the parameter limit. */
const CHUNK = 500;
/** Stock numbers a refusal names before "and N more". */
const NAMED = 20;

const listed = (numbers: readonly string[]) =>
  numbers.length > NAMED
    ? `${numbers.slice(0, NAMED).join(', ')} and ${numbers.length - NAMED} more`
    : numbers.join(', ');

/** The layout's figures the trail keeps beside a reprice. */
const figuresOf = (layout: Awaited<ReturnType<typeof readLayout>>) => ({
  stoneCount: layout?.stoneCount ?? 0,
  amount: layout?.amount ?? 0,
  averageDiscount: layout?.averageDiscount ?? null,
  averagePricePerCarat: layout?.averagePricePerCarat ?? null,
});

interface Repriced {
  id: string;
  values: Record<(typeof PRICE_FIELDS)[number], number | null>;
  change: AuditChange;
}

/**
 * Gives every live stone of the layout the discount, or the price per carat, by the same pricing rules
 * as any stone write (the stone's `beforeWrite`: price/ct = Rap × (1 + discount / 100), amount =
 * price/ct × carat, a price per carat recomputing the discount from the Rap price).
 *
 * All or nothing, in one transaction: the layout and its stones are locked, every stone's new price is
 * computed and checked first, and any stone that cannot take it refuses the whole reprice, naming it.
 * A discount needs a Rap price, so stones without one are refused rather than skipped: a layout is
 * offered at one price, and silently leaving some stones at their old price would misprice it. Each
 * stone's change and the layout's reprice are recorded in the trail. Answers how many stones changed.
 */
export async function repriceLayout(
  { db, resourceHooks }: WriteTarget,
  actor: Actor,
  request: LayoutPriceRequest,
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockLayout(tx, request.id);
    const before = await readLayout(tx, request.id);
    const rows = await tx
      .select({ stone: stones })
      .from(layoutStones)
      .innerJoin(stones, eq(columnOf(stones, 'id'), layoutStones.stoneId))
      .where(and(eq(layoutStones.layoutId, request.id), isNull(columnOf(stones, 'deletedAt'))))
      .orderBy(asc(layoutStones.position))
      .for('update', { of: stones });
    if (rows.length === 0) throw new HttpError('E_BAD_REQUEST', LAYOUT_MESSAGES.noStones);

    const byDiscount = request.discount !== undefined;
    const field = byDiscount ? 'discount' : 'pricePerCarat';
    const current = rows.map(({ stone }) => fieldValues(stoneResource, stone));
    if (byDiscount) {
      const unlisted = current.filter((stone) => !(Number(stone.rapPrice) > 0));
      if (unlisted.length > 0) {
        const message = LAYOUT_MESSAGES.noRapPrice(
          listed(unlisted.map((stone) => String(stone.stockNumber))),
        );
        throw new HttpError('E_BAD_REQUEST', message, { errors: [{ field, message }] });
      }
    }
    const written = byDiscount
      ? { marketingBack: request.discount }
      : { marketingPricePerCarat: request.pricePerCarat };

    const repriced: Repriced[] = [];
    for (const [index, stone] of current.entries()) {
      const id = String(rows[index]?.stone.id);
      let prepared: Record<string, unknown>;
      try {
        prepared = prepareWrite(resourceHooks, stoneResource, written, stone);
      } catch (error) {
        // A derived price out of its field's bounds: the stone is named, the whole reprice refused.
        if (!(error instanceof HttpError)) throw error;
        const message = LAYOUT_MESSAGES.stonePriceInvalid(String(stone.stockNumber), error.message);
        throw new HttpError('E_BAD_REQUEST', message, { errors: [{ field, message }] });
      }
      const proposed = toRecord(Object.fromEntries(PRICE_FIELDS.map((key) => [key, prepared[key] ?? null])));
      const changes = changedFields(stone, proposed);
      if (!changes) continue;
      repriced.push({
        id,
        values: proposed as Repriced['values'],
        change: {
          action: `${stoneResource.name}.reprice`,
          entityType: stoneResource.name,
          entityId: id,
          subjectUserId: null,
          ...changes,
        },
      });
    }

    const user = actor.auth.user.id;
    for (let start = 0; start < repriced.length; start += CHUNK) {
      const chunk = repriced.slice(start, start + CHUNK);
      await tx.execute(updateStatement(chunk, user));
      await recordAudits(
        tx,
        actor,
        chunk.map((stone) => stone.change),
      );
    }
    await tx
      .update(layouts)
      .set({ updatedAt: new Date(), updatedBy: user })
      .where(eq(layouts.id, request.id));
    const after = await readLayout(tx, request.id);
    await recordAudit(
      tx,
      actor,
      layoutAudit('reprice', request.id, figuresOf(before), {
        ...(byDiscount ? { discount: request.discount } : { pricePerCarat: request.pricePerCarat }),
        ...figuresOf(after),
        repricedStones: repriced.length,
      }),
    );
    return repriced.length;
  });
}

/** One UPDATE of the chunk's stones from a VALUES list of their new prices. */
function updateStatement(chunk: readonly Repriced[], user: string): SQL {
  const rows = chunk.map(
    ({ id, values }) =>
      sql`(${id}::uuid, ${values.rapPrice}::numeric, ${values.marketingBack}::numeric, ${values.marketingPricePerCarat}::numeric, ${values.amount}::numeric)`,
  );
  return sql`update stones as s set
      rap_price = v.rap_price,
      marketing_back = v.marketing_back,
      marketing_price_per_carat = v.marketing_price_per_carat,
      amount = v.amount,
      updated_at = now(),
      updated_by = ${user}::uuid
    from (values ${sql.join(rows, sql`, `)}) as v(id, rap_price, marketing_back, marketing_price_per_carat, amount)
    where s.id = v.id`;
}
