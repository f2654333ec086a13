import { createSchemaOf, type ResourceSpec, type UserType } from '@facet/contract';
import { base, en, Faker } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tableFor } from '../../db/tables.ts';
import { type Actor, recordAudits } from '../../resources/audit-log.ts';
import { columnOf } from '../../resources/columns.ts';
import { prepareWrite, type ResourceHooksByName } from '../../resources/domain-hooks.ts';
import { createRecord, fieldValues } from '../../resources/writes.ts';
import type { FileStorage } from '../../uploads/storage.ts';

/** Every date of the demo is relative to this instant, so two runs give the same data whatever the day. */
export const DEMO_REFERENCE_DATE = new Date('2026-01-01T00:00:00.000Z');
/** The faker seed: same seed, same draws, same names and values. */
export const DEMO_FAKER_SEED = 20_260_101;
/** The password of every demo user; printed by the script and written in the README. */
export const DEMO_PASSWORD = 'Facet#Demo2026';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What every area of the demo seed writes with. */
export interface DemoContext {
  /** The seed's transaction. */
  db: Db;
  /** The resources' domain hooks: a demo stone is priced as any written stone. */
  resourceHooks: ResourceHooksByName;
  /** The super admin, as the author of every record and trail entry; the admin itself is not changed. */
  actor: Actor;
  faker: Faker;
  /** Where generated files (KYC PDFs, banner and product images) are stored, as uploads are. */
  storage: FileStorage;
  /** Keys put in the storage, removed again if the seed fails. */
  storedKeys: string[];
  /** Rows added, by the name the summary prints. */
  added: Map<string, number>;
  /** The users added, in order, for the printed sign-in list. */
  users: DemoUser[];
}

/** A demo user as the summary lists it. */
export interface DemoUser {
  id: string;
  username: string;
  name: string;
  type: UserType;
  /** Role, company or expiry: what this user shows off. */
  note: string;
  canSignIn: boolean;
}

export function createFaker(): Faker {
  const faker = new Faker({ locale: [en, base], seed: DEMO_FAKER_SEED });
  faker.setDefaultRefDate(DEMO_REFERENCE_DATE);
  return faker;
}

/** The instant `days` (and `hours`) after the reference date; negative goes back. */
export function demoInstant(days: number, hours = 0): Date {
  return new Date(DEMO_REFERENCE_DATE.getTime() + days * DAY_MS + hours * 60 * 60 * 1000);
}

/** `YYYY-MM-DD` of the day `days` after the reference date. */
export function demoDay(days: number): string {
  return demoInstant(days).toISOString().slice(0, 10);
}

export function countAdded(ctx: DemoContext, label: string, count = 1): void {
  ctx.added.set(label, (ctx.added.get(label) ?? 0) + count);
}

/**
 * One record through the resource engine's own write: the body is validated by the same schema as
 * the create endpoint's, references and unique fields are checked, and the trail records it.
 */
function validated(resource: ResourceSpec, body: Record<string, unknown>): Record<string, unknown> {
  const parsed = createSchemaOf(resource).safeParse(body);
  if (!parsed.success) {
    throw new Error(`demo ${resource.name} is invalid: ${JSON.stringify(parsed.error.issues)}`);
  }
  return parsed.data as Record<string, unknown>;
}

export async function createDemoRecord(
  ctx: DemoContext,
  resource: ResourceSpec,
  body: Record<string, unknown>,
  options: { label?: string; createdAt?: Date } = {},
): Promise<string> {
  const id = await createRecord(ctx, ctx.actor, resource, validated(resource, body));
  if (options.createdAt) {
    // Messages and applications arrive over time: their lists sort and show by this date.
    const table = tableFor(resource);
    await ctx.db
      .update(table)
      .set({ createdAt: options.createdAt, updatedAt: options.createdAt })
      .where(eq(columnOf(table, 'id'), id));
  }
  countAdded(ctx, options.label ?? resource.title);
  return id;
}

/** Rows per insert: a stone has some 80 columns, so 100 rows stay far below PostgreSQL's parameters. */
const BULK_BATCH = 100;

/**
 * Many records of one resource, where one write each would be slow (a stone checks some thirty
 * references): each body is validated by the create endpoint's schema and goes through the resource's
 * own derivations (a stone's pricing), then the rows are inserted in batches with their trail entries.
 * References are the demo's own lookups, so they are not checked one by one.
 */
export async function bulkCreateDemoRecords(
  ctx: DemoContext,
  resource: ResourceSpec,
  bodies: readonly Record<string, unknown>[],
  label: string = resource.title,
): Promise<void> {
  const table = tableFor(resource);
  const author = ctx.actor.auth.user.id;
  const rows = bodies.map((body) => {
    const values = prepareWrite(ctx.resourceHooks, resource, validated(resource, body));
    const columns = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [
        key,
        resource.fields[key]?.kind === 'datetime' && typeof value === 'string' ? new Date(value) : value,
      ]),
    );
    return { ...columns, createdBy: author, updatedBy: author };
  });
  for (let start = 0; start < rows.length; start += BULK_BATCH) {
    const inserted = await ctx.db
      .insert(table)
      .values(rows.slice(start, start + BULK_BATCH))
      .returning();
    await recordAudits(
      ctx.db,
      ctx.actor,
      inserted.map((row) => ({
        action: `${resource.name}.create` as const,
        entityType: resource.name,
        entityId: row.id as string,
        subjectUserId: null,
        before: null,
        after: fieldValues(resource, row),
      })),
    );
  }
  countAdded(ctx, label, rows.length);
}
