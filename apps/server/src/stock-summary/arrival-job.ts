import { CUSTOMER_USER_TYPES, NOTIFICATION_LIMITS, STOCK_NOTICE_LIMITS } from '@facet/contract';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { jobMarks } from '../db/job-marks-table.ts';
import { accounts, stones } from '../db/resource-tables.ts';
import { type NotificationDelivery, notify } from '../notifications/notify.ts';
import { reachableUsers } from '../notifications/recipients.ts';
import { columnOf } from '../resources/columns.ts';
import { companyMayAct } from './activity-notices.ts';
import { afterCommit } from './after-commit.ts';
import { stoneList } from './stone-list.ts';
import { stone } from './track-rows.ts';

/** The `job_marks` row of the digest: the moment new arrivals were last told. */
export const ARRIVALS_MARK = 'new-arrivals';

const markOf = sql`(select ${jobMarks.mark} from ${jobMarks} where ${jobMarks.name} = ${ARRIVALS_MARK})`;

/** Stones on offer that came into the stock after the mark and before this transaction began. */
function arrivedCondition(): SQL {
  const createdAt = columnOf(stones, 'createdAt');
  return and(
    sql`${createdAt} > ${markOf}`,
    sql`${createdAt} <= now()`,
    isNull(stone.deletedAt),
    eq(stone.isActive, true),
    eq(stone.status, 'A'),
  ) as SQL;
}

/**
 * Stones that came into the stock since new arrivals were last told go to the customers in one digest,
 * at most once every `STOCK_NOTICE_LIMITS.arrivalsEveryMinutes`: a staff member adding stones one by one
 * makes one notice. The mark lives in `job_marks`, locked `for update skip locked`, so that one instance
 * tells and the others skip. The first run only sets it: a fresh install importing its stock is not news.
 */
export async function tellArrivals(ctx: AppContext): Promise<number> {
  const deliveries = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        due: sql<boolean>`${jobMarks.mark} <= now() - ${STOCK_NOTICE_LIMITS.arrivalsEveryMinutes}::int * interval '1 minute'`,
      })
      .from(jobMarks)
      .where(eq(jobMarks.name, ARRIVALS_MARK))
      .for('update', { skipLocked: true });
    if (!row) {
      // No mark yet (or another instance holds it, and this insert does nothing).
      await tx.insert(jobMarks).values({ name: ARRIVALS_MARK, mark: sql`now()` }).onConflictDoNothing();
      return [];
    }
    if (!row.due) return [];
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(stones)
      .where(arrivedCondition());
    const named =
      total === 0
        ? []
        : await tx
            .select({ stockNumber: stone.stockNumber })
            .from(stones)
            .where(arrivedCondition())
            .orderBy(asc(columnOf(stones, 'createdAt')), asc(stone.stockNumber))
            .limit(STOCK_NOTICE_LIMITS.stonesNamed);
    // Moved even when nothing came: the stock is looked through at most once a period.
    await tx.update(jobMarks).set({ mark: sql`now()` }).where(eq(jobMarks.name, ARRIVALS_MARK));
    if (total === 0) return [];
    return tellCustomers(
      tx,
      total,
      stoneList(
        named.map((stoneRow) => stoneRow.stockNumber as string),
        total,
      ),
    );
  });
  if (deliveries.length > 0) afterCommit(ctx, { deliveries });
  return deliveries.reduce((sum, delivery) => sum + delivery.notified, 0);
}

/** Every reachable customer user of an approved, active company, told in chunks notify() takes. */
async function tellCustomers(tx: Db, total: number, numbers: string): Promise<NotificationDelivery[]> {
  const customers = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(accounts, eq(columnOf(accounts, 'id'), users.accountId))
    .where(and(inArray(users.type, [...CUSTOMER_USER_TYPES]), reachableUsers(), companyMayAct()))
    .orderBy(asc(users.id));
  const text = `${total} new ${total === 1 ? 'stone' : 'stones'} arrived`;
  const deliveries: NotificationDelivery[] = [];
  for (let start = 0; start < customers.length; start += NOTIFICATION_LIMITS.recipients) {
    deliveries.push(
      await notify(tx, {
        action: 'new-arrival',
        userIds: customers.slice(start, start + NOTIFICATION_LIMITS.recipients).map((user) => user.id),
        title: text,
        message: `${text}: ${numbers}.`,
        values: { stone: numbers, date: new Date().toISOString().slice(0, 10) },
        module: 'newArrival',
      }),
    );
  }
  return deliveries;
}
