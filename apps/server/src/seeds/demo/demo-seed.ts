import { SCOPE_CATALOGUE, USER_TYPES } from '@facet/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { superAdminPermissions } from '../../access/effective.ts';
import { users } from '../../access/user-table.ts';
import type { Db } from '../../db/client.ts';
import { claimSeed } from '../../db/seed-state.ts';
import { seedState } from '../../db/seed-state-table.ts';
import { resourceHooksOf } from '../../modules/server-module.ts';
import type { Actor } from '../../resources/audit-log.ts';
import type { ResourceHooksByName } from '../../resources/domain-hooks.ts';
import { SERVER_MODULES } from '../../server-modules.ts';
import type { FileStorage } from '../../uploads/storage.ts';
import { defaultUploadStorage } from '../../uploads/upload-routes.ts';
import { seedAppointments } from './appointments.ts';
import {
  planFeaturedStones,
  seedBanners,
  seedFeaturedStones,
  seedLocations,
  seedProducts,
} from './catalogue.ts';
import { seedCompanies } from './companies.ts';
import { createFaker, type DemoContext, type DemoUser } from './context.ts';
import { seedCustomerActivity } from './customer-activity.ts';
import { seedCustomers, seedGuests } from './customers.ts';
import { seedForum } from './forum.ts';
import { seedLayouts } from './layouts.ts';
import { seedMasterValues } from './master-values.ts';
import { seedNewsAndShows } from './news.ts';
import { seedNonCertGoods } from './noncert.ts';
import { seedParcels } from './parcels.ts';
import { Identities } from './people.ts';
import { resolvePlaces } from './places.ts';
import { seedReportActivity } from './report-activity.ts';
import { seedServices } from './services.ts';
import { seedSettings } from './settings.ts';
import { seedStaff } from './staff.ts';
import { seedStock } from './stock.ts';
import { seedStoneStories } from './stone-stories.ts';
import { seedPageTracking } from './tracking.ts';

/** The seed_state row that marks a database as holding the demo data. */
export const DEMO_SEED_NAME = 'demo-data';

export type DemoSeedResult =
  | { status: 'seeded'; added: [string, number][]; users: DemoUser[]; ms: number }
  | { status: 'already-seeded'; seededAt: Date | null };

export interface DemoSeedOptions {
  dataDir: string;
  /** Where generated files go; the uploads' own storage under DATA_DIR by default. */
  storage?: FileStorage;
  /** The resources' domain hooks; those of the server's own modules by default. */
  resourceHooks?: ResourceHooksByName;
}

async function seededAt(db: Db): Promise<Date | null | undefined> {
  const [row] = await db.select().from(seedState).where(eq(seedState.name, DEMO_SEED_NAME));
  return row ? row.completedAt : undefined;
}

/** The first super admin is named as the author of the demo records; nothing of theirs changes. */
async function authorOf(db: Db): Promise<Actor> {
  const [admin] = await db
    .select()
    .from(users)
    .where(and(eq(users.type, USER_TYPES.SUPER_ADMIN), isNull(users.deletedAt)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  if (!admin) throw new Error('There is no super admin yet: the first start creates one.');
  return {
    auth: {
      sessionId: '',
      sessionKind: 'full',
      user: admin,
      permissions: superAdminPermissions(SCOPE_CATALOGUE),
    },
    client: { ip: '', userAgent: 'npm run seed:demo' },
  };
}

/**
 * Each area draws from the one seeded faker in this order, so the order is part of the data: add a new
 * area at the end to keep what the others produce.
 */
async function seedAreas(ctx: DemoContext): Promise<void> {
  const identities = new Identities();
  const places = await resolvePlaces(ctx.db);
  const masterValues = await seedMasterValues(ctx);
  const staff = await seedStaff(ctx, identities);
  const companies = await seedCompanies(ctx, places, masterValues, staff);
  const customers = await seedCustomers(ctx, identities, companies);
  const guests = await seedGuests(ctx, identities, companies);
  await seedProducts(ctx);
  await seedBanners(ctx);
  const nextShow = await seedNewsAndShows(ctx);
  await seedLocations(ctx, places);
  const featured = planFeaturedStones(ctx);
  await seedForum(ctx, companies, customers);
  await seedSettings(ctx, staff);
  await seedServices(ctx, customers);
  await seedPageTracking(ctx, [...customers, ...guests]);
  await seedStock(ctx, nextShow);
  await seedFeaturedStones(ctx, featured);
  await seedStoneStories(ctx, customers);
  await seedNonCertGoods(ctx);
  await seedLayouts(ctx);
  await seedCustomerActivity(ctx, customers);
  await seedParcels(ctx, customers);
  await seedAppointments(ctx, customers);
  await seedReportActivity(ctx, customers);
}

/**
 * Fills every module with the demo data set, once per database: the whole set is written in one
 * transaction that claims the `demo-data` marker, so a failure leaves nothing behind (and a second run,
 * even a concurrent one, adds nothing). Needs the first-start data (masters, terms, geography).
 */
export async function seedDemo(db: Db, options: DemoSeedOptions): Promise<DemoSeedResult> {
  const before = await seededAt(db);
  if (before !== undefined) return { status: 'already-seeded', seededAt: before };
  const started = performance.now();
  const storage = options.storage ?? defaultUploadStorage(options.dataDir);
  const ctx: DemoContext = {
    db,
    resourceHooks: options.resourceHooks ?? resourceHooksOf(SERVER_MODULES),
    actor: await authorOf(db),
    faker: createFaker(),
    storage,
    storedKeys: [],
    added: new Map(),
    users: [],
  };
  try {
    const claimed = await db.transaction(async (tx) => {
      if (!(await claimSeed(tx, DEMO_SEED_NAME))) return false;
      await seedAreas({ ...ctx, db: tx });
      return true;
    });
    if (!claimed) return { status: 'already-seeded', seededAt: (await seededAt(db)) ?? null };
  } catch (error) {
    // The rows rolled back; the files put in the storage go too.
    for (const key of ctx.storedKeys) await storage.delete(key).catch(() => undefined);
    throw error;
  }
  return {
    status: 'seeded',
    added: [...ctx.added.entries()],
    users: ctx.users,
    ms: Math.round(performance.now() - started),
  };
}
